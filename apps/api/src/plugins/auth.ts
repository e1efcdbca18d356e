import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
 * Every request to an `/api/*` route needs `Authorization: Bearer <token>` (401 otherwise, with
 * `WWW-Authenticate: Bearer`) and the header `type: API` (400 `INVALID_HEADER`).
 */
export const authPlugin = fp<{ tokens: TokenRegistry }>(
  async (app, { tokens }) => {
    app.decorateRequest('caller', null);
    app.addHook('onRequest', async (request, reply) => {
      if (!isApiRoute(request)) return;
      const caller = await bearerCaller(request, reply, tokens);
      if (request.headers.type !== 'API') {
        throw httpError('INVALID_HEADER', 'Send the header "type: API".', 'type');
      }
      request.caller = caller;
    });
  },
  { name: 'auth' },
);

/**
 * The caller the request's `Authorization: Bearer` token names; 401 `UNAUTHORIZED` with
 * `WWW-Authenticate: Bearer` when there is none, or it is unknown or revoked.
 */
export async function bearerCaller(
  request: FastifyRequest,
  reply: FastifyReply,
  tokens: TokenRegistry,
): Promise<Caller> {
  const header = request.headers.authorization;
  const secret = typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
  const caller = secret ? await tokens.authenticate(secret) : undefined;
  if (caller) return caller;
  reply.header('WWW-Authenticate', 'Bearer realm="school-api"');
  throw httpError(
    'UNAUTHORIZED',
    secret ? 'The bearer token is unknown or revoked.' : 'Send Authorization: Bearer <token>.',
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
