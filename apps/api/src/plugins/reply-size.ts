import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '../errors/http-error.js';

/**
 * No `GET /api` reply is larger than `maxReplyBytes`: a larger one is replaced, whole, by
 * `400 REPLY_TOO_LARGE` naming its size, the limit and how to ask for less — never a body cut
 * short. The query's cost budget refuses what its plan shows to be too much before any record is
 * read; this catches what only the records show (arrays longer than the budget assumes, long texts).
 * Registered inside the `/api` scope (plugins/api-scope.ts), so it sees that scope's replies only.
 */
export const replySizePlugin = fp<{ maxReplyBytes: number }>(
  async (app: FastifyInstance, { maxReplyBytes }) => {
    app.addHook('onSend', async (request, reply, payload) => {
      // Only reads: a write's reply is the record it stored (bounded by the body limit), and
      // refusing it would hide a change that was made.
      if (typeof payload !== 'string' || request.method !== 'GET') return payload;
      // A UTF-16 unit is 1 to 3 UTF-8 bytes: count the bytes only when the length can't decide.
      if (payload.length * 3 <= maxReplyBytes) return payload;
      const bytes = Buffer.byteLength(payload, 'utf8');
      if (bytes <= maxReplyBytes) return payload;
      request.log.warn({ bytes, maxReplyBytes }, 'reply over MAX_REPLY_BYTES refused');
      reply.code(ERROR_CODES.REPLY_TOO_LARGE.status).type('application/json; charset=utf-8');
      return JSON.stringify({
        response: null,
        errors: [
          {
            code: 'REPLY_TOO_LARGE',
            param: 'query',
            message:
              `The reply would be ${bytes} bytes, over the limit of ${maxReplyBytes}. Ask for less: ` +
              'fewer records a page (__per_page), fewer fields (select) or fewer populated paths.',
          },
        ],
      });
    });
  },
  { name: 'reply-size' },
);
