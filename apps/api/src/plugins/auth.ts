import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Scope } from '../config.js';
import { httpError } from '../errors.js';
import type { Caller } from '../storage/caller.js';
import type { TokenRegistry } from '../storage/tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/iu;

/**
 * Every `/api/*` request needs `Authorization: Bearer <token>` (401 otherwise, with
 * `WWW-Authenticate: Bearer`) and the header `type: API` (400 `INVALID_HEADER`).
 */
export const authPlugin = fp<{ tokens: TokenRegistry }>(
  async (app, { tokens }) => {
    app.decorateRequest('caller', null);
    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/api/') && request.url !== '/api') return;
      const header = request.headers.authorization;
      const secret = typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
      const caller = secret ? await tokens.authenticate(secret) : undefined;
      if (!caller) {
        reply.header('WWW-Authenticate', 'Bearer realm="school-api"');
        throw httpError(
          'UNAUTHORIZED',
          secret ? 'The bearer token is unknown or revoked.' : 'Send Authorization: Bearer <token>.',
          'Authorization',
        );
      }
      if (request.headers.type !== 'API') {
        throw httpError('INVALID_HEADER', 'Send the header "type: API".', 'type');
      }
      request.caller = caller;
    });
  },
  { name: 'auth' },
);

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
