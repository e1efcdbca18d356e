import { type IntegrationCollection, integrationCollections } from '@school/integration-client';
import { buildFilter, runQuery } from '@school/query-dsl';
import type { FastifyInstance } from 'fastify';
import { scopeFilter, withinScope } from '../auth/caller.js';
import { dsl } from '../collections/index.js';
import { httpError, queryError } from '../errors/http-error.js';
import { queryConventions } from '../openapi/document.js';
import { recordNoun } from '../openapi/names.js';
import { readErrors, writeErrors } from '../openapi/responses.js';
import { envelope, objectIdString, ref, totalsSchema } from '../openapi/schemas.js';
import { rawQuery } from '../plugins/query-keys.js';
import { parseId } from '../storage/records.js';
import { deliveries, deliveriesDsl, deliveryComponent } from './deliveries.js';
import { RESYNC_COOLDOWN_MS, SyncStateStore } from './sync-state.js';
import type { SyncWorker } from './worker.js';

const collectionParam = {
  type: 'string',
  enum: integrationCollections,
  description: 'A synced collection.',
} as const;

/** The integration routes' named schemas (registered with the app, shown as OpenAPI components). */
export const integrationSchemas = [
  {
    $id: 'RetryAccepted',
    type: 'object',
    additionalProperties: false,
    required: ['collection', 'id', 'state'],
    properties: {
      collection: collectionParam,
      id: objectIdString,
      state: { const: 'pending', description: 'The record is queued; the worker sends it next.' },
    },
  },
  {
    $id: 'ResyncAccepted',
    type: 'object',
    additionalProperties: false,
    required: ['matched', 'queued', 'coalesced'],
    properties: {
      matched: { type: 'integer', minimum: 0, description: 'Records the filters matched.' },
      queued: { type: 'integer', minimum: 0, description: 'Records queued to be sent again in full.' },
      coalesced: {
        type: 'integer',
        minimum: 0,
        description: `Matched records not queued again: already pending a full send (an earlier resync or re-emit not sent yet), or resynced less than ${RESYNC_COOLDOWN_MS / 1000} s ago.`,
      },
    },
  },
  deliveryComponent,
  totalsSchema('DeliveryTotals', 'Delivery', false),
];

/**
 * The outbound sync's operations: re-emit one record, re-send a whole (filtered) collection, and
 * the delivery log with the query conventions. Registered in the `/api` scope (paths relative to
 * `/api`).
 */
export async function integrationRoutes(
  app: FastifyInstance,
  { worker, now }: { worker: SyncWorker; now: () => Date },
) {
  const syncState = new SyncStateStore(app.school.database.db);
  retryRoute(app, syncState, worker);
  // One operation per synced collection: each declares exactly its own collection's filters.
  for (const collection of integrationCollections) resyncRoute(app, { collection, syncState, worker, now });
  deliveriesRoute(app);
}

const tags = ['integration'];

function retryRoute(app: FastifyInstance, syncState: SyncStateStore, worker: SyncWorker) {
  app.post<{ Params: { collection: IntegrationCollection; id: string } }>(
    '/integration/sync/:collection/:id/retry',
    {
      config: { scope: 'write' },
      schema: {
        tags,
        operationId: 'retrySync',
        summary: 'Send a record to the external system again now (after a failure, or any time)',
        params: {
          type: 'object',
          additionalProperties: false,
          required: ['collection', 'id'],
          properties: {
            collection: collectionParam,
            id: { type: 'string', description: 'The record’s 24-hex `_id`.' },
          },
        },
        response: {
          202: { description: 'Queued.', ...envelope(ref('RetryAccepted')) },
          ...writeErrors(true),
        },
      },
      handler: async (request, reply) => {
        const caller = request.apiCaller;
        const { collection, id } = request.params;
        const definition = dsl.collections.get(collection)!;
        const matched = await syncState.reemit(
          collection,
          withinScope(caller, definition, { _id: parseId(id) }),
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
}

interface ResyncParts {
  readonly collection: IntegrationCollection;
  readonly syncState: SyncStateStore;
  readonly worker: SyncWorker;
  readonly now: () => Date;
}

function resyncRoute(app: FastifyInstance, { collection, syncState, worker, now }: ResyncParts) {
  const plural = collection.charAt(0).toUpperCase() + collection.slice(1);
  app.post(`/integration/sync/${collection}/resync`, {
    config: { scope: 'write' },
    schema: {
      tags,
      summary: `Send the full state of every matching ${recordNoun({ name: collection })} again (go-live, recovery)`,
      operationId: `resync${plural}`,
      ...queryConventions({ collection, reserved: [], filters: true }),
      description: `Filters on the fields of ${collection} narrow what is sent again (e.g. \`school=<id>\`), with the query conventions; without filters, every ${collection} record in your schools. A repeated resync is coalesced: a record already pending a full send, or resynced less than ${RESYNC_COOLDOWN_MS / 1000} s ago, is not queued again (counted in \`coalesced\`, still 202).`,
      response: {
        202: {
          description:
            'Accepted: `queued` records will be sent in full, `coalesced` ones were already pending.',
          ...envelope(ref('ResyncAccepted')),
        },
        ...writeErrors(false),
      },
    },
    handler: async (request, reply) => {
      const caller = request.apiCaller;
      const parsed = dsl.parse(collection, rawQuery(request.url), {
        baseFilter: (definition) => scopeFilter(caller, definition),
      });
      if (!parsed.ok) throw queryError(parsed.issues);
      const result = await syncState.resync(collection, buildFilter(parsed.plan), now());
      if (result.queued > 0) worker.nudge();
      reply.code(202);
      return { response: result, errors: [] };
    },
  });
}

function deliveriesRoute(app: FastifyInstance) {
  app.get('/integration/deliveries', {
    config: { scope: 'read' },
    schema: {
      tags,
      summary:
        'Delivery attempts (record, operation, path, status, duration, error class) with the query conventions',
      operationId: 'listDeliveries',
      ...queryConventions({ collection: deliveries.name, filters: true }),
      response: {
        200: {
          description: 'A page of delivery attempts, newest first unless `__sort` says otherwise.',
          ...envelope({ oneOf: [{ type: 'array', items: ref('Delivery') }, ref('DeliveryTotals')] }),
        },
        ...readErrors(false),
      },
    },
    handler: async (request) => {
      const caller = request.apiCaller;
      const query = rawQuery(request.url);
      const parsed = deliveriesDsl.parse(
        deliveries.name,
        sortsItself(query) ? query : `__sort[at]=desc&${query}`,
        {
          baseFilter: (definition) => scopeFilter(caller, definition),
        },
      );
      if (!parsed.ok) throw queryError(parsed.issues);
      const maxTimeMS = app.school.config.queryTimeLimitMs;
      return { response: await runQuery(app.school.database.db, parsed.plan, { maxTimeMS }), errors: [] };
    },
  });
}

/**
 * Whether the query names an order of its own: a `__sort` parameter, as the query reader reads it
 * (`__sort`, or a bracket key under it, with percent-escapes decoded) — never a value that merely
 * contains the word.
 */
function sortsItself(query: string): boolean {
  for (const key of new URLSearchParams(query).keys())
    if (key === '__sort' || key.startsWith('__sort[')) return true;
  return false;
}
