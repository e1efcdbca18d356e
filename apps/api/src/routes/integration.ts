import { type IntegrationCollection, integrationCollections } from '@school/integration-client';
import { buildFilter, runQuery } from '@school/query-dsl';
import type { FastifyInstance } from 'fastify';
import { dsl } from '../collections/index.js';
import { httpError, queryError } from '../errors.js';
import { requireScope } from '../plugins/auth.js';
import { scopeFilter } from '../storage/caller.js';
import { parseId } from '../storage/records.js';
import { SyncStateStore } from '../storage/sync-state.js';
import { deliveries, deliveriesDsl } from '../sync/deliveries.js';
import type { SyncWorker } from '../sync/worker.js';
import { rawQuery } from './collections.js';
import { envelopeSchema, errorResponse, listQuerySchema } from './query-docs.js';

const collectionParam = {
  type: 'object',
  required: ['collection'],
  properties: { collection: { type: 'string', enum: integrationCollections }, id: { type: 'string' } },
} as const;

/**
 * The outbound sync's operations: re-emit one record, re-send a whole (filtered) collection, and
 * the delivery log with the query conventions.
 */
export async function integrationRoutes(app: FastifyInstance, { worker }: { worker: SyncWorker }) {
  const tags = ['integration'];
  const syncState = new SyncStateStore(app.school.database.db);
  const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

  app.post<{ Params: { collection: IntegrationCollection; id: string } }>(
    '/api/integration/sync/:collection/:id/retry',
    {
      schema: {
        tags,
        summary: 'Send a record to the external system again now (after a failure, or any time)',
        params: collectionParam,
        response: { 202: envelopeSchema({ type: 'object' }), ...errors },
      },
      handler: async (request, reply) => {
        const caller = requireScope(request, 'write');
        const { collection, id } = request.params;
        const definition = dsl.collections.get(collection)!;
        const matched = await syncState.reemit(
          collection,
          { _id: parseId(id), ...scopeFilter(caller, definition) },
          new Date(),
        );
        if (matched === 0)
          throw httpError('NOT_FOUND', `No ${collection} record ${id} in your schools.`, 'id');
        worker.nudge();
        reply.code(202);
        return { response: { collection, id, state: 'pending' }, errors: [] };
      },
    },
  );

  app.post<{ Params: { collection: IntegrationCollection } }>('/api/integration/sync/:collection/resync', {
    schema: {
      tags,
      summary:
        'Send the full state of every matching record again (go-live, recovery); filters use the query conventions',
      params: collectionParam,
      querystring: listQuerySchema,
      response: {
        202: envelopeSchema({ type: 'object', properties: { matched: { type: 'integer' } } }),
        ...errors,
      },
    },
    handler: async (request, reply) => {
      const caller = requireScope(request, 'write');
      const { collection } = request.params;
      const parsed = dsl.parse(collection, rawQuery(request.url), {
        baseFilter: (definition) => scopeFilter(caller, definition),
      });
      if (!parsed.ok) throw queryError(parsed.issues);
      const matched = await syncState.resync(collection, buildFilter(parsed.plan), new Date());
      worker.nudge();
      reply.code(202);
      return { response: { matched }, errors: [] };
    },
  });

  app.get('/api/integration/deliveries', {
    schema: {
      tags,
      summary:
        'Delivery attempts (record, operation, URL, status, duration, error class) with the query conventions',
      querystring: listQuerySchema,
      response: { 200: envelopeSchema({ type: 'array' }), ...errors },
    },
    handler: async (request) => {
      const caller = requireScope(request, 'read');
      const query = rawQuery(request.url);
      const parsed = deliveriesDsl.parse(
        deliveries.name,
        query.includes('__sort') ? query : `__sort[at]=desc&${query}`,
        {
          baseFilter: (definition) => scopeFilter(caller, definition),
        },
      );
      if (!parsed.ok) throw queryError(parsed.issues);
      return { response: await runQuery(app.school.database.db, parsed.plan), errors: [] };
    },
  });
}
