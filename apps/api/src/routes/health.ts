import type { FastifyInstance } from 'fastify';
import { rateLimited } from '../openapi/responses.js';
import { envelope, ref } from '../openapi/schemas.js';
import type { Database } from '../plugins/database.js';
import { mayReadMetrics } from './metrics.js';

export interface HealthSource {
  /** Extra sections of the health report (e.g. the sync worker's state). */
  readonly sections: Array<() => Promise<Record<string, unknown>>>;
}

/** The health report's schema (an OpenAPI component). */
export const healthSchema = {
  $id: 'Health',
  type: 'object',
  required: ['status'],
  additionalProperties: true,
  description:
    'Without a token only `status`; `database`, `sync` and the rest for a token with the `metrics` scope and every school.',
  properties: {
    status: { type: 'string', enum: ['ok', 'unavailable'] },
    database: {
      type: 'object',
      additionalProperties: false,
      required: ['mode', 'durable', 'reachable'],
      properties: {
        mode: { type: 'string', enum: ['mongodb', 'memory-server', 'in-process'] },
        durable: { type: 'boolean', description: 'Whether data outlives the process.' },
        reachable: { type: 'boolean' },
      },
    },
    sync: {
      type: 'object',
      description:
        'The outbound sync: whether it is configured, how much is pending or failed, the breaker state.',
      additionalProperties: true,
    },
  },
} as const;

/**
 * `/health`: liveness and readiness, no token needed. 503 when the database does not answer. Only
 * up or down for anyone; the details (database mode, the sync backlog: pending count and age) are
 * service-wide numbers, shown to the callers `/metrics` answers (a `metrics` token of every school).
 */
export async function healthRoutes(
  app: FastifyInstance,
  { database, source }: { database: Database; source: HealthSource },
) {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        operationId: 'getHealth',
        summary: 'Liveness and readiness; the details (database mode, sync backlog) for a metrics token',
        // A token is optional: without one the reply says only up or down.
        security: [{}, { bearer: [] }],
        response: {
          200: { description: 'The service and its database answer.', ...envelope(ref('Health')) },
          400: {
            description: 'The URL could not be read (a malformed percent-escape).',
            ...ref('ErrorReply'),
          },
          ...rateLimited(),
          503: {
            description: 'The database does not answer.',
            type: 'object',
            required: ['response', 'errors'],
            properties: { response: ref('Health'), errors: { type: 'array', items: ref('ErrorEntry') } },
          },
        },
      },
    },
    async (request, reply) => {
      const reachable = await database.ping();
      const status = reachable ? 'ok' : 'unavailable';
      reply.code(reachable ? 200 : 503);
      const details = mayReadMetrics(request.caller)
        ? {
            database: { mode: database.mode, durable: database.durable, reachable },
            ...Object.assign({}, ...(await Promise.all(source.sections.map((section) => section())))),
          }
        : {};
      return {
        response: { status, ...details },
        errors: reachable
          ? []
          : [{ code: 'INTERNAL', message: 'The database does not answer.', param: 'database' }],
      };
    },
  );
}
