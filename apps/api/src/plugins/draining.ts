import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * While the app closes, requests still arriving on open connections are answered
 * `503 UNAVAILABLE` in the envelope, with `Retry-After` and `Connection: close`, instead of being
 * served or dropped; requests already being served finish normally, and their connections close. (Fastify's own 503 while
 * closing is turned off in buildApp: its body is not the envelope.)
 */
export const drainingPlugin = fp<{ retryAfterSeconds: number }>(
  async (app: FastifyInstance, { retryAfterSeconds }) => {
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    // A reply finished while closing closes its connection: a keep-alive client left idle would
    // otherwise hold the shutdown until the keep-alive timeout.
    app.addHook('onSend', async (_request, reply, payload) => {
      if (closing) reply.header('Connection', 'close');
      return payload;
    });
    app.addHook('onRequest', async (_request, reply) => {
      if (!closing) return;
      reply
        .code(503)
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
