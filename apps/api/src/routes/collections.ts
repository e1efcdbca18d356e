import type { FastifyInstance } from 'fastify';
import type { HostCollection } from '../collections/index.js';
import { requireScope } from '../plugins/auth.js';
import type { RecordStore } from '../storage/records.js';
import { envelopeSchema, errorResponse, listQuerySchema } from './query-docs.js';

/** The raw query string: the query DSL reads it whole (bracket keys, repeated keys, JSON values). */
export function rawQuery(url: string): string {
  const index = url.indexOf('?');
  return index < 0 ? '' : url.slice(index + 1);
}

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', description: 'The record’s 24-hex `_id`.' } },
} as const;

/** `GET`, `POST` and `PUT` for one collection; thin: parse → storage → envelope. */
export async function collectionRoutes(
  app: FastifyInstance,
  { collection, store }: { collection: HostCollection; store: RecordStore },
) {
  const { name } = collection;
  const tags = [name];
  const record = { $ref: `${name}#` };
  const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

  app.get(`/api/${name}`, {
    schema: {
      tags,
      summary: `List ${name} with filters, search, select, populate, sort and pagination`,
      querystring: listQuerySchema,
      response: {
        200: envelopeSchema({
          oneOf: [
            { type: 'array', items: record },
            {
              type: 'object',
              description: 'With __include_totals=true',
              properties: {
                results: { type: 'array', items: record },
                total: { type: 'integer' },
                actual_total: { type: 'integer' },
                active: { type: 'integer' },
                inactive: { type: 'integer' },
              },
            },
          ],
        }),
        ...errors,
      },
    },
    handler: async (request) => {
      const caller = requireScope(request, 'read');
      return { response: await store.list(name, rawQuery(request.url), caller), errors: [] };
    },
  });

  app.get<{ Params: { id: string } }>(`/api/${name}/:id`, {
    schema: {
      tags,
      summary: `One ${name} record (select and populate apply)`,
      params: idParams,
      querystring: {
        type: 'object',
        properties: {
          select: listQuerySchema.properties.select,
          populate: listQuerySchema.properties.populate,
        },
      },
      response: { 200: envelopeSchema(record), ...errors },
    },
    handler: async (request) => {
      const caller = requireScope(request, 'read');
      return {
        response: await store.get(name, request.params.id, rawQuery(request.url), caller),
        errors: [],
      };
    },
  });

  app.post<{ Body: Record<string, unknown> }>(`/api/${name}`, {
    schema: {
      tags,
      summary: `Create a ${name} record`,
      body: collection.createSchema,
      response: { 201: envelopeSchema(record), ...errors, 409: errorResponse },
    },
    handler: async (request, reply) => {
      const caller = requireScope(request, 'write');
      const created = await store.create(name, request.body, caller);
      reply.code(201);
      return { response: created, errors: [] };
    },
  });

  app.put<{ Params: { id: string }; Body: Record<string, unknown> }>(`/api/${name}/:id`, {
    schema: {
      tags,
      summary: `Update a ${name} record: the body's fields are set, nested objects merge, arrays are replaced, null clears`,
      params: idParams,
      body: collection.updateSchema,
      response: { 200: envelopeSchema(record), ...errors, 409: errorResponse },
    },
    handler: async (request) => {
      const caller = requireScope(request, 'write');
      return { response: await store.update(name, request.params.id, request.body, caller), errors: [] };
    },
  });

  app.put<{ Body: Record<string, unknown> & { _id: string } }>(`/api/${name}`, {
    schema: {
      tags,
      summary: `Update the ${name} record named by _id in the body`,
      body: {
        ...collection.updateSchema,
        required: ['_id'],
        properties: {
          ...collection.updateSchema.properties,
          _id: { type: 'string', pattern: '^[0-9a-fA-F]{24}$' },
        },
      },
      response: { 200: envelopeSchema(record), ...errors, 409: errorResponse },
    },
    handler: async (request) => {
      const caller = requireScope(request, 'write');
      const { _id, ...body } = request.body;
      return { response: await store.update(name, _id, body, caller), errors: [] };
    },
  });
}
