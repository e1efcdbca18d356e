import type { FastifyInstance } from 'fastify';
import type { Database } from '../plugins/database.js';

export interface HealthSource {
  /** Extra sections of the health report (e.g. the sync worker's state). */
  readonly sections: Array<() => Promise<Record<string, unknown>>>;
}

/** `/health`: liveness and readiness, no auth. 503 when the database does not answer. */
export async function healthRoutes(
  app: FastifyInstance,
  { database, source }: { database: Database; source: HealthSource },
) {
  app.get(
    '/health',
    { schema: { tags: ['health'], summary: 'Liveness and readiness; which database mode is in use' } },
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
