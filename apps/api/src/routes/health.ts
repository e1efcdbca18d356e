import type { FastifyInstance } from 'fastify';
import { envelope, ref } from '../openapi/schemas.js';
import type { Database } from '../plugins/database.js';

export interface HealthSource {
  /** Extra sections of the health report (e.g. the sync worker's state). */
  readonly sections: Array<() => Promise<Record<string, unknown>>>;
}

/** The health report's schema (an OpenAPI component). */
export const healthSchema = {
  $id: 'Health',
  type: 'object',
  required: ['status', 'database'],
  additionalProperties: true,
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

/** `/health`: liveness and readiness, no auth. 503 when the database does not answer. */
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
        summary: 'Liveness and readiness; which database mode is in use',
        security: [],
        response: {
          200: { description: 'The service and its database answer.', ...envelope(ref('Health')) },
          400: {
            description: 'The URL could not be read (a malformed percent-escape).',
            ...ref('ErrorReply'),
          },
          503: {
            description: 'The database does not answer.',
            type: 'object',
            required: ['response', 'errors'],
            properties: { response: ref('Health'), errors: { type: 'array', items: ref('ErrorEntry') } },
          },
        },
      },
    },
    async (_request, reply) => {
      const reachable = await database.ping();
      const extra = Object.assign({}, ...(await Promise.all(source.sections.map((section) => section()))));
      reply.code(reachable ? 200 : 503);
      return {
        response: {
          status: reachable ? 'ok' : 'unavailable',
          database: { mode: database.mode, durable: database.durable, reachable },
          ...extra,
        },
        errors: reachable
          ? []
          : [{ code: 'INTERNAL', message: 'The database does not answer.', param: 'database' }],
      };
    },
  );
}
