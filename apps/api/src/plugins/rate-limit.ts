import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LruMap } from 'toad-cache';
import { httpError } from '../errors/http-error.js';

export interface RateLimitSettings {
  /** Requests per key per window (`RATE_LIMIT_MAX`). */
  readonly max: number;
  /** The window's length (`RATE_LIMIT_WINDOW_MS`). */
  readonly windowMs: number;
  /** The clock the windows are measured by. */
  readonly now: () => Date;
}

/** Counts one request of the request's key; throws 429 `RATE_LIMITED` (with `Retry-After`) past the limit. */
export type RateLimiter = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** How many keys (tokens and client addresses) the counters remember; the least recently seen go first. */
const REMEMBERED_KEYS = 10_000;

/**
 * The limiter the auth hook calls in `onRequest`, once it knows who is calling and before anything
 * reads the body: a token's requests count against its lineage (`token:<root id>`), every other request —
 * no token, an unknown, revoked or expired one, `/health`, `/docs` — against the client's address
 * (`address:<ip>`, IPv6 by its /64), so a flood of bad tokens is limited like anything else.
 * The counting is @fastify/rate-limit's; only its store is ours, to read the app's clock.
 */
export async function createRateLimiter(
  app: FastifyInstance,
  settings: RateLimitSettings,
): Promise<RateLimiter> {
  await app.register(rateLimit, { global: false, store: windowStore(settings.now) });
  const count = app.createRateLimit({
    max: settings.max,
    timeWindow: settings.windowMs,
    keyGenerator: rateLimitKey,
  });
  return async (request, reply) => {
    const decision = await count(request);
    if (decision.isAllowed) return;
    reply.header('x-ratelimit-limit', decision.max);
    reply.header('x-ratelimit-remaining', decision.remaining);
    reply.header('x-ratelimit-reset', decision.ttlInSeconds);
    if (!decision.isExceeded) return;
    reply.header('retry-after', decision.ttlInSeconds);
    throw httpError(
      'RATE_LIMITED',
      `More than ${decision.max} requests in ${settings.windowMs / 1000} s from ${describeKey(decision.key)}; retry after the Retry-After header.`,
      'Authorization',
    );
  };
}

/**
 * Whose requests a request counts against: its token's lineage (a token issued by an issued token
 * shares the window of the root of its chain of issued issuers, so minting successors buys no
 * requests), else its address's.
 */
function rateLimitKey(request: FastifyRequest): string {
  const caller = request.caller;
  return caller ? `token:${caller.lineage ?? caller.tokenId}` : `address:${normalizeIP(request.ip)}`;
}

function describeKey(key: string): string {
  return key.startsWith('token:')
    ? 'this token and the tokens issued from the same root token'
    : 'this address without a valid token';
}

interface Counter {
  count: number;
  startedAt: number;
}

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A fixed-window counter store for @fastify/rate-limit (the same windows as its own memory store)
 * that reads the given clock instead of `Date.now()`, so tests move time by hand.
 */
function windowStore(now: () => Date) {
  return class WindowStore {
    readonly #counters = new LruMap<Counter>(REMEMBERED_KEYS);

    incr(key: string, callback: Callback, timeWindow: number): void {
      const at = now().getTime();
      let counter = this.#counters.get(key);
      if (!counter || counter.startedAt + timeWindow <= at) counter = { count: 0, startedAt: at };
      counter.count += 1;
      this.#counters.set(key, counter);
      callback(null, { current: counter.count, ttl: counter.startedAt + timeWindow - at });
    }

    read(key: string, callback: Callback, timeWindow: number): void {
      const at = now().getTime();
      const counter = this.#counters.get(key);
      if (!counter || counter.startedAt + timeWindow <= at) callback(null, { current: 0, ttl: 0 });
      else callback(null, { current: counter.count, ttl: counter.startedAt + timeWindow - at });
    }

    child(): WindowStore {
      return new WindowStore();
    }
  };
}
