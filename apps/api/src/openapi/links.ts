/**
 * OpenAPI `links` between a collection's operations, so that a tool walking the document (a
 * stateful fuzzer, a generated client) knows where an id comes from: the `_id` of the record a
 * create (201) or a get or an update (200) answers with is the `id` of `get<Record>` and
 * `update<Record>`, and the `_id` filter of `list<Collection>`.
 */
import type { HostCollection } from '../collections/index.js';
import { operationId } from './names.js';

/** Where a reply's record id is, as an OpenAPI runtime expression. */
const RECORD_ID = '$response.body#/response/_id';

type Operation = { operationId?: string; responses?: Record<string, { links?: Record<string, unknown> }> };

/** The links to add, by the operationId and status of the reply they start from. */
function linksOf(collection: Pick<HostCollection, 'name'>): Array<[from: string, status: string]> {
  return [
    [operationId('create', collection), '201'],
    [operationId('get', collection), '200'],
    [operationId('update', collection), '200'],
  ];
}

function targets(collection: Pick<HostCollection, 'name'>): Record<string, unknown> {
  const get = operationId('get', collection);
  const update = operationId('update', collection);
  const list = operationId('list', collection);
  return {
    [get]: {
      operationId: get,
      parameters: { id: RECORD_ID },
      description: 'Read the record this reply holds.',
    },
    [update]: {
      operationId: update,
      parameters: { id: RECORD_ID },
      description: 'Change the record this reply holds.',
    },
    [list]: {
      operationId: list,
      parameters: { _id: RECORD_ID },
      description: 'List records filtered to this one (`_id`).',
    },
  };
}

/** Adds the links of every collection to the document's operations (in place). */
export function addLinks(
  paths: Record<string, unknown>,
  collections: readonly Pick<HostCollection, 'name'>[],
) {
  const byId = new Map<string, Operation>();
  for (const item of Object.values(paths)) {
    for (const operation of Object.values((item ?? {}) as Record<string, Operation>)) {
      if (typeof operation?.operationId === 'string') byId.set(operation.operationId, operation);
    }
  }
  for (const collection of collections) {
    const links = targets(collection);
    const present = Object.fromEntries(Object.entries(links).filter(([id]) => byId.has(id)));
    for (const [from, status] of linksOf(collection)) {
      const reply = byId.get(from)?.responses?.[status];
      if (reply) reply.links = { ...reply.links, ...present };
    }
  }
}
