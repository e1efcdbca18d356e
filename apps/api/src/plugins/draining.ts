import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '../errors/http-error.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Starts draining before the app closes (server.ts, on SIGTERM/SIGINT): from now on every request
     * is answered as while closing, while the listener and open connections stay up for the grace.
     */
    startDraining(): void;
  }
}

/**
 * While the app drains or closes, requests still arriving — on open connections or, during the
 * shutdown's grace, on new ones — are answered `503 UNAVAILABLE` in the envelope, with `Retry-After`
 * and `Connection: close`, instead of being served or dropped; requests already being served finish
 * normally, and their connections close. (Fastify's own 503 while closing is turned off in buildApp:
 * its body is not the envelope.)
 */
export const drainingPlugin = fp<{ retryAfterSeconds: number }>(
  async (app: FastifyInstance, { retryAfterSeconds }) => {
    let draining = false;
    app.decorate('startDraining', () => {
      draining = true;
    });
    app.addHook('preClose', async () => {
      draining = true;
    });
    // A reply finished while draining closes its connection: the client's next request then opens
    // a new connection (refused once the listener closes) instead of finding this one closed under it.
    app.addHook('onSend', async (_request, reply, payload) => {
      if (draining) reply.header('Connection', 'close');
      return payload;
    });
    app.addHook('onRequest', async (_request, reply) => {
      if (!draining) return;
      reply
        .code(ERROR_CODES.UNAVAILABLE.status)
        .header('Retry-After', String(retryAfterSeconds))
        .header('Connection', 'close')
        .send({
          response: null,
          errors: [
            {
              code: 'UNAVAILABLE',
              message: 'The service is shutting down; retry the request.',
              param: '',
            },
          ],
        });
      return reply;
    });
  },
  { name: 'draining' },
);
