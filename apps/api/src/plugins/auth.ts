import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Caller } from '../auth/caller.js';
import type { Authentication, TokenRegistry } from '../auth/token-registry.js';
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
 * Who is calling, decided in `onRequest` for every request, before anything reads the body: the
 * bearer token (on any route, so `/health` and `/metrics` can use it), then the rate limit (per
 * token, else per address: failed authentications count too). Requiring a caller, the `type: API`
 * header and a scope is the `/api` scope's job (plugins/api-scope.ts).
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
