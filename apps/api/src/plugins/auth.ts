import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Caller } from '../auth/caller.js';
import type { Authentication, TokenRegistry } from '../auth/token-registry.js';
import type { Scope } from '../config/app-config.js';
import { httpError } from '../errors/http-error.js';
import type { RateLimiter } from './rate-limit.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller a valid bearer token names, on any route; `null` without one. */
    caller: Caller | null;
    /** Why there is no caller (no token, an unknown or revoked one, an expired one); `null` with one. */
    authFailure: Exclude<Authentication, { ok: true }> | null;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/iu;

/**
 * Who is calling, decided in `onRequest` before anything reads the body: the bearer token (on any
 * route, so `/health` and `/metrics` can use it), then the rate limit (per token, else per
 * address: failed authentications count too), then, for `/api/*` routes, a valid token (401
 * otherwise, with `WWW-Authenticate: Bearer`) and the header `type: API` (400 `INVALID_HEADER`).
 * A request turned away here never has its body read, parsed or validated.
 */
export const authPlugin = fp<{ tokens: TokenRegistry; limit: RateLimiter }>(
  async (app, { tokens, limit }) => {
    app.decorateRequest('caller', null);
    app.decorateRequest('authFailure', null);
    app.addHook('onRequest', async (request, reply) => {
      const authentication = await authenticate(request, tokens);
      if (authentication.ok) request.caller = authentication.caller;
      else request.authFailure = authentication;
      await limit(request, reply);
      if (!isApiRoute(request)) return;
      requireCaller(request, reply);
      if (request.headers.type !== 'API') {
        throw httpError('INVALID_HEADER', 'Send the header "type: API".', 'type');
      }
    });
  },
  { name: 'auth' },
);

async function authenticate(request: FastifyRequest, tokens: TokenRegistry): Promise<Authentication> {
  const header = request.headers.authorization;
  const secret = typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
  return secret ? tokens.authenticate(secret) : { ok: false, reason: 'missing' };
}

/**
 * The request's caller; without one, 401 with `WWW-Authenticate: Bearer`: `TOKEN_EXPIRED` for a
 * token past its `expires_at`, `UNAUTHORIZED` for none or an unknown or revoked one.
 */
export function requireCaller(request: FastifyRequest, reply: FastifyReply): Caller {
  if (request.caller) return request.caller;
  const failure = request.authFailure ?? { ok: false, reason: 'missing' };
  reply.header(
    'WWW-Authenticate',
    failure.reason === 'missing'
      ? 'Bearer realm="school-api"'
      : 'Bearer realm="school-api", error="invalid_token"',
  );
  if (failure.reason === 'expired') {
    throw httpError(
      'TOKEN_EXPIRED',
      `The bearer token expired at ${failure.expiredAt.toISOString()}; ask an admin for a new one.`,
      'Authorization',
    );
  }
  throw httpError(
    'UNAUTHORIZED',
    failure.reason === 'unknown'
      ? 'The bearer token is unknown or revoked.'
      : 'Send Authorization: Bearer <token>.',
    'Authorization',
  );
}

/**
 * Whether the request reached an `/api` route. Decided on the route the router matched, never on
 * the request target as sent: `/%61pi/students` and `http://host/api/students` reach the same
 * route as `/api/students`, and so need the same token.
 */
export function isApiRoute(request: FastifyRequest): boolean {
  return isApiPath(request.routeOptions.url ?? requestPath(request.url));
}

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/**
 * The path a request names, as the router reads it: without scheme and host (absolute form) and
 * with percent-escapes decoded. Used only for requests that matched no route, so an unknown
 * `/api/*` path is still 401 before it is 404.
 */
function requestPath(url: string): string {
  let path = url;
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/iu.exec(path);
  if (absolute) path = path.slice(absolute[0].length) || '/';
  const end = path.search(/[?#]/u);
  if (end >= 0) path = path.slice(0, end);
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The caller of an authenticated route, required to hold `scope` (403 `FORBIDDEN` otherwise). */
export function requireScope(request: FastifyRequest, scope: Scope): Caller {
  const caller = request.caller;
  if (!caller) throw httpError('UNAUTHORIZED', 'Send Authorization: Bearer <token>.', 'Authorization');
  if (!caller.scopes.has(scope)) {
    throw httpError('FORBIDDEN', `This token lacks the "${scope}" scope.`, 'Authorization');
  }
  return caller;
}

export type { FastifyInstance };
