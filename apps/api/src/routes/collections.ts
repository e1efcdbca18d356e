import type { FastifyInstance } from 'fastify';
import type { HostCollection } from '../collections/index.js';
import { queryConventions } from '../openapi/document.js';
import { aRecord, componentNames, operationId, recordNoun } from '../openapi/names.js';
import { readErrors, writeErrors } from '../openapi/responses.js';
import { envelope, ref } from '../openapi/schemas.js';
import { rawQuery } from '../plugins/query-keys.js';
import type { RecordStore } from '../storage/records.js';

const idParams = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', description: 'The record’s 24-hex `_id`.' } },
} as const;

/** What every route of one collection shares. */
interface CollectionRouteContext {
  readonly collection: HostCollection;
  readonly store: RecordStore;
  readonly names: ReturnType<typeof componentNames>;
  readonly record: ReturnType<typeof ref>;
  readonly tags: string[];
  /** Read by the error handler: a body that sets one of these paths hears that it is read-only. */
  readonly readOnly: ReadonlySet<string>;
}

/**
 * `GET`, `POST` and `PUT` for one collection; thin: parse → storage → envelope. Registered in the
 * `/api` scope (paths relative to `/api`), which checks each route's `config.scope` first.
 */
export async function collectionRoutes(
  app: FastifyInstance,
  { collection, store }: { collection: HostCollection; store: RecordStore },
) {
  const names = componentNames(collection);
  const context: CollectionRouteContext = {
    collection,
    store,
    names,
    record: ref(names.record),
    tags: [collection.name],
    readOnly: collection.readOnly,
  };
  listRoute(app, context);
  getRoute(app, context);
  createRoute(app, context);
  updateRoutes(app, context);
}

function listRoute(app: FastifyInstance, { collection, store, names, record, tags }: CollectionRouteContext) {
  const { name } = collection;
  app.get(`/${name}`, {
    config: { scope: 'read' },
    schema: {
      tags,
      operationId: operationId('list', collection),
      summary: `List ${name} with filters, search, select, populate, sort and pagination`,
      ...queryConventions({ collection: collection.definition.name, filters: true }),
      response: {
        200: {
          description: `A page of ${name}: the array of records, or with \`__include_totals=true\` the totals object.`,
          ...envelope({ oneOf: [{ type: 'array', items: record }, ref(names.totals)] }),
        },
        ...readErrors(false),
      },
    },
    handler: async (request) => {
      return { response: await store.list(name, rawQuery(request.url), request.apiCaller), errors: [] };
    },
  });
}

function getRoute(app: FastifyInstance, { collection, store, names, record, tags }: CollectionRouteContext) {
  const { name } = collection;
  app.get<{ Params: { id: string } }>(`/${name}/:id`, {
    config: { scope: 'read' },
    schema: {
      tags,
      operationId: operationId('get', collection),
      summary: `Get one ${recordNoun(collection)} by _id (select and populate apply)`,
      params: idParams,
      ...queryConventions({
        collection: collection.definition.name,
        reserved: ['select', 'populate'],
        filters: false,
      }),
      response: { 200: { description: `The ${names.record}.`, ...envelope(record) }, ...readErrors(true) },
    },
    handler: async (request) => {
      return {
        response: await store.get(name, request.params.id, rawQuery(request.url), request.apiCaller),
        errors: [],
      };
    },
  });
}

function createRoute(
  app: FastifyInstance,
  { collection, store, names, record, tags, readOnly }: CollectionRouteContext,
) {
  const { name } = collection;
  app.post<{ Body: Record<string, unknown> }>(`/${name}`, {
    config: { scope: 'write', readOnly },
    schema: {
      tags,
      operationId: operationId('create', collection),
      summary: `Create ${aRecord(collection)}`,
      body: ref(names.create),
      response: {
        201: { description: `The new ${names.record}.`, ...envelope(record) },
        ...writeErrors(false),
      },
    },
    handler: async (request, reply) => {
      const created = await store.create(name, request.body, request.apiCaller);
      reply.code(201);
      return { response: created, errors: [] };
    },
  });
}

/** `PUT /api/<collection>/:id`, and `PUT /api/<collection>` with the `_id` in the body. */
function updateRoutes(
  app: FastifyInstance,
  { collection, store, names, record, tags, readOnly }: CollectionRouteContext,
) {
  const { name } = collection;
  const response = () => ({
    200: { description: `The ${names.record} as stored now.`, ...envelope(record) },
    ...writeErrors(true),
  });
  app.put<{ Params: { id: string }; Body: Record<string, unknown> }>(`/${name}/:id`, {
    config: { scope: 'write', readOnly },
    schema: {
      tags,
      operationId: operationId('update', collection),
      summary: `Update ${aRecord(collection)} by _id: the body's fields are set, nested objects merge, arrays are replaced, null clears`,
      params: idParams,
      body: ref(names.update),
      response: response(),
    },
    handler: async (request) => {
      return {
        response: await store.update(name, request.params.id, request.body, request.apiCaller),
        errors: [],
      };
    },
  });
  app.put<{ Body: Record<string, unknown> & { _id: string } }>(`/${name}`, {
    config: { scope: 'write', readOnly },
    schema: {
      tags,
      operationId: operationId('updateByBody', collection),
      summary: `Update the ${recordNoun(collection)} whose _id the body names`,
      body: ref(names.updateWithId),
      response: response(),
    },
    handler: async (request) => {
      const { _id, ...body } = request.body;
      return { response: await store.update(name, _id, body, request.apiCaller), errors: [] };
    },
  });
}
