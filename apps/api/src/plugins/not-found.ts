import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** `404 NOT_FOUND` naming the method and path that matched no route. */
export async function answerNotFound(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  return reply.code(404).send({
    response: null,
    errors: [
      {
        code: 'NOT_FOUND',
        message: `No route ${request.method} ${request.url.split('?')[0]}.`,
        param: 'url',
      },
    ],
  });
}

/**
 * An unknown path is answered `404` in `onRequest`, after the hooks every request meets (draining,
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
