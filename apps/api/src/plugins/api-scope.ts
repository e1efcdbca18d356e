import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../auth/caller.js';
import { SCOPES, type Scope } from '../config/app-config.js';
import { httpError } from '../errors/http-error.js';
import { requireCaller } from './auth.js';
import { answerNotFound } from './not-found.js';
import { replySizePlugin } from './reply-size.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The scope a token needs for an `/api` route; every route of the `/api` scope declares one. */
    readonly scope?: Scope;
  }
  interface FastifyRequest {
    /**
     * The caller of an `/api` route. Always present there: the `/api` scope refused the request
     * otherwise. Defined only inside that scope.
     */
    readonly apiCaller: Caller;
  }
}

export interface ApiScopeOptions {
  /** The largest `GET` reply, in bytes (`MAX_REPLY_BYTES`). */
  readonly maxReplyBytes: number;
  /** Registers the routes of the scope (their paths relative to `/api`). */
  readonly routes: (api: FastifyInstance) => Promise<void>;
}

/**
 * The `/api` routes, one encapsulated scope registered with the prefix `/api`, so every rule below
 * holds for what the router matched, never for the URL as sent. In `onRequest`, after the caller
 * and its rate limit (plugins/auth.ts) and before anything reads the body:
 * a valid caller (401 with `WWW-Authenticate`), the header `type: API` (400 `INVALID_HEADER`), the
 * scope the route declares in `config.scope` (403 `FORBIDDEN`), then, for a path no route of the
 * scope matched, 404 — so an unknown `/api` path is 401 before it is 404. Every reply carries
 * `Cache-Control: no-store` (replies name students and their families), and a `GET` reply is
 * held to `maxReplyBytes` (plugins/reply-size.ts). A route without a scope stops the app from
 * starting.
 */
export const apiScope: FastifyPluginAsync<ApiScopeOptions> = async (api, { maxReplyBytes, routes }) => {
  api.decorateRequest('apiCaller', {
    getter(this: FastifyRequest): Caller {
      if (!this.caller) throw new Error('an /api route ran without a caller');
      return this.caller;
    },
  });
  api.addHook('onRoute', (route) => {
    const scope = route.config?.scope;
    if (scope === undefined || !SCOPES.includes(scope)) {
      throw new Error(
        `${[route.method].flat().join(',')} ${route.url} declares no scope: give it config.scope (one of ${SCOPES.join(', ')}).`,
      );
    }
  });
  api.addHook('onRequest', admit);
  api.addHook('onSend', async (_request, reply, payload) => {
    reply.header('Cache-Control', 'no-store');
    return payload;
  });
  await api.register(replySizePlugin, { maxReplyBytes });
  api.setNotFoundHandler(answerNotFound);
  await routes(api);
};

/** The checks of every `/api` request, in the order a client hears them. */
async function admit(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  const caller = requireCaller(request, reply);
  if (request.headers.type !== 'API') {
    throw httpError('INVALID_HEADER', 'Send the header "type: API".', 'type');
  }
  if (request.is404) return answerNotFound(request, reply);
  const scope = request.routeOptions.config.scope;
  if (scope === undefined || !caller.scopes.has(scope)) {
    throw httpError('FORBIDDEN', `This token lacks the "${scope}" scope.`, 'Authorization');
  }
  return undefined;
}
