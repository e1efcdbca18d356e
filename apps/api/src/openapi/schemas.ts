/**
 * The named schemas of the OpenAPI document (`components.schemas`): the envelope and its error
 * entry, and per collection the record as returned, its create and update bodies and its totals
 * reply. Each has an `$id` that is its component name; routes refer to them with `{ $ref: 'Name#' }`,
 * so Fastify validates bodies against the same schemas the document shows. Identifiers are
 * `format: objectid` with the pattern of 24 hexadecimal characters (`objectIdString`).
 */
import type { JsonSchema } from '@school/query-dsl';
import { COLLECTIONS, type HostCollection } from '../collections/index.js';
import { TEXT_LIMITS } from '../config/limits.js';
import { OBJECT_ID_PATTERN } from '../config/patterns.js';
import { ERROR_CODES } from '../errors/http-error.js';
import { componentNames } from './names.js';

export type Schema = Record<string, unknown>;

export const ref = (name: string): Schema => ({ $ref: `${name}#` });

const objectIdString = {
  type: 'string',
  maxLength: TEXT_LIMITS.objectId,
  pattern: OBJECT_ID_PATTERN,
} as const;

const errorCode: Schema = {
  $id: 'ErrorCode',
  type: 'string',
  enum: Object.keys(ERROR_CODES),
  description: Object.entries(ERROR_CODES)
    .map(([code, { status, description }]) => `- \`${code}\` (${status}): ${description}`)
    .join('\n'),
};

const errorEntry: Schema = {
  $id: 'ErrorEntry',
  type: 'object',
  additionalProperties: false,
  required: ['code', 'message', 'param'],
  properties: {
    code: ref('ErrorCode'),
    message: {
      type: 'string',
      description: 'What is wrong and how to fix it, for a person.',
      examples: ['students has no field "user.nmae"; did you mean "user.name"?'],
    },
    param: {
      type: 'string',
      description: 'The parameter, header or body field the entry is about ("" when none).',
      examples: ['user.nmae'],
    },
  },
};

const errorReply: Schema = {
  $id: 'ErrorReply',
  type: 'object',
  additionalProperties: false,
  required: ['response', 'errors'],
  description: 'A failure: `response` is null and `errors` lists every problem found.',
  properties: {
    response: { type: 'null' },
    errors: { type: 'array', minItems: 1, items: ref('ErrorEntry') },
  },
};

/** The envelope around a successful `response`. */
export function envelope(response: Schema): Schema {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['response', 'errors'],
    properties: {
      response,
      errors: { type: 'array', maxItems: 0, items: ref('ErrorEntry'), description: 'Empty on success.' },
    },
  };
}

/**
 * A reference as a reply shows it: the identifier, or — with `populate` — the record it points to
 * (the selected fields and `_id`), or null when that record is outside the caller's schools or gone.
 */
function populatedReference(target: string, node: JsonSchema = {}): Schema {
  const {
    'x-ref': _ref,
    format: _format,
    type: _type,
    pattern: _pattern,
    maxLength: _maxLength,
    ...annotations
  } = node;
  return {
    ...annotations,
    description: `A ${target} record: its id, or with \`populate\` the record itself (the requested fields and \`_id\`), or null when it is outside your schools or no longer exists.`,
    oneOf: [
      objectIdString,
      { type: 'object', required: ['_id'], properties: { _id: objectIdString }, additionalProperties: true },
      { type: 'null' },
    ],
  };
}

/**
 * A record schema as replies show it: references may be populated, no field is required at any
 * depth, since `select` can leave any of them out (`user.name` without `user.surname`, `_id` with
 * `select={"_id":0}`), and no field has a `default` (a reply holds what is stored; a client
 * generator would read a default as "always there").
 */
export function asReturned(node: JsonSchema): Schema {
  const target = node['x-ref'];
  if (typeof target === 'string') return populatedReference(target, node);
  const { required: _required, default: _default, ...rest } = node;
  const out: Schema = { ...rest };
  if (node.properties) {
    out.properties = Object.fromEntries(
      Object.entries(node.properties).map(([key, child]) => [key, asReturned(child)]),
    );
  }
  if (node.items) out.items = asReturned(node.items);
  if (node.anyOf) out.anyOf = node.anyOf.map(asReturned);
  return out;
}

function collectionSchemas(collection: HostCollection): Schema[] {
  const names = componentNames(collection);
  const record = asReturned(collection.recordSchema);
  const update: Schema = { ...collection.updateSchema };
  return [
    {
      ...record,
      $id: names.record,
      description: `${collection.description} Fields left out by \`select\` are absent, at any depth (\`_id\` too, when excluded).`,
    },
    { ...collection.createSchema, $id: names.create, description: `A new ${names.record}.` },
    {
      ...update,
      $id: names.update,
      description: `The fields to change: nested objects merge, arrays are replaced, null clears an optional field.`,
    },
    {
      ...update,
      $id: names.updateWithId,
      description: `As ${names.update}, with the record's \`_id\`.`,
      required: ['_id'],
      properties: { ...(update.properties as Schema), _id: objectIdString },
    },
    totalsSchema(names.totals, names.record),
  ];
}

/** The `__include_totals=true` reply. */
export function totalsSchema(id: string, record: string, split = true): Schema {
  return {
    $id: id,
    type: 'object',
    additionalProperties: false,
    required: ['results', 'total', 'actual_total', ...(split ? ['active', 'inactive'] : [])],
    properties: {
      results: { type: 'array', items: ref(record) },
      total: {
        type: 'integer',
        minimum: 0,
        description: 'Records matching the filters (what the pages range over).',
      },
      actual_total: {
        type: 'integer',
        minimum: 0,
        description: 'Records in your schools, whatever the filters.',
      },
      ...(split
        ? {
            active: { type: 'integer', minimum: 0, description: 'Of `total`, the active ones.' },
            inactive: { type: 'integer', minimum: 0, description: 'Of `total`, the inactive ones.' },
          }
        : {}),
    },
  };
}

/** Every named schema of the document, in the order the document lists them. */
export function componentSchemas(extra: readonly Schema[] = []): Schema[] {
  return [errorCode, errorEntry, errorReply, ...COLLECTIONS.flatMap(collectionSchemas), ...extra];
}

export { objectIdString };
