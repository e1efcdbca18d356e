import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { RouteMethods } from './route-methods.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The methods each route path takes (for `405`'s `Allow`). */
    routeMethods: RouteMethods;
  }
}

/**
 * `405 METHOD_NOT_ALLOWED` with `Allow` when routes take the path with other methods (`TRACE
 * /api/schools`), else `404 NOT_FOUND`; each names the method and path the request gave.
 */
export async function answerNotFound(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const path = request.url.split('?')[0] ?? '';
  const allowed = request.server.routeMethods.allowed(path);
  if (allowed.length > 0) {
    return reply
      .code(405)
      .header('Allow', allowed.join(', '))
      .send({
        response: null,
        errors: [
          {
            code: 'METHOD_NOT_ALLOWED',
            message: `${path} takes ${allowed.join(', ')}, not ${request.method}.`,
            param: 'method',
          },
        ],
      });
  }
  return reply.code(404).send({
    response: null,
    errors: [
      {
        code: 'NOT_FOUND',
        message: `No route ${request.method} ${path}.`,
        param: 'url',
      },
    ],
  });
}

/**
 * An unknown path is answered `404` (a known path with another method `405`) in `onRequest`, after the hooks every request meets (draining,
 * the caller and its rate limit) and before anything reads its body: a not-found handler of its own
 * would run only after the content-type parser. Registered after the auth plugin.
 *
 * This hook answers only what reached the root's not-found handler: a scope with a not-found
 * handler of its own (the `/api` scope) answers its unknown paths itself, after its own checks,
 * so an unknown `/api` path without a token is still 401. `request.server` is the instance whose
 * handler took the request.
 */
export const notFoundPlugin = fp(
  async (app: FastifyInstance) => {
    app.setNotFoundHandler(answerNotFound);
    app.addHook('onRequest', async (request, reply) => {
      if (request.is404 && request.server === app) return answerNotFound(request, reply);
    });
  },
  { name: 'not-found' },
);
