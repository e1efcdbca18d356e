import {
  type CollectionDefinition,
  defineCollection,
  type JsonSchema,
  type RecordFromSchema,
  type SearchOptions,
  type StrictSchema,
} from '@school/query-dsl';
import { ITEM_LIMITS, TEXT_LIMITS } from '../config/limits.js';
import { type HostRecordSchema, recordSchemaOf, writableOf } from './record-schema.js';

/**
 * One collection of the service: its JSON Schema drives bodies, queries and the OpenAPI document.
 * `TRecord` is the type of its stored records, inferred from the schema `hostCollection` builds
 * (`RecordOf<typeof students.definition>`); `HostCollection` alone is any collection.
 */
export interface HostCollection<
  TRecord extends Record<string, unknown> = Record<string, unknown>,
  TName extends string = string,
> {
  readonly name: TName;
  /** What the query DSL knows of the collection (fields, types, references, hidden fields). */
  readonly definition: CollectionDefinition<TRecord, TName>;
  /** The stored record's schema (for the OpenAPI document's responses). */
  readonly recordSchema: JsonSchema;
  /** POST body: writable fields, required ones required, unknown fields refused. */
  readonly createSchema: JsonSchema;
  /** PUT body: every writable field optional; `null` clears an optional field. */
  readonly updateSchema: JsonSchema;
  /** Paths a body may not set (`_id`, `user._id`, `relational_data`, timestamps). */
  readonly readOnly: ReadonlySet<string>;
  /** Records belong to a school (every collection but `schools`). */
  readonly scoped: boolean;
  /** Records carry a `user` whose `_id` the service generates. */
  readonly person: boolean;
  /** Unique constraints, enforced by indexes (409 CONFLICT when broken). */
  readonly unique: ReadonlyArray<{
    readonly name: string;
    readonly keys: Readonly<Record<string, 1>>;
    readonly field: string;
  }>;
  /** Every other index the collection's queries need, each with the queries that use it. */
  readonly indexes: readonly IndexSpec[];
  readonly description: string;
}

/** An index and why it exists (docs/deployment.md's index table lists the same). */
interface IndexSpec {
  readonly keys: Readonly<Record<string, 1 | -1>>;
  readonly reason: string;
}

export { objectId, ref } from './record-schema.js';

/** The label of a grade or a section: a short name (8vo, A) and an optional code. */
export const shortNameAndCode = {
  name: { type: 'string', minLength: 1, maxLength: TEXT_LIMITS.name },
  code: { type: 'string', maxLength: TEXT_LIMITS.code },
} as const satisfies Record<string, JsonSchema>;

/** A country, as a school or a year names it: its ISO 3166-1 alpha-2 code. */
export const countryCode = {
  type: 'string',
  minLength: TEXT_LIMITS.country,
  maxLength: TEXT_LIMITS.country,
  description: 'ISO 3166-1 alpha-2 country code.',
} as const satisfies JsonSchema;

/** A list of things related to a record (its parents, addresses, contacts), capped at `ITEM_LIMITS.related`. */
export const relatedList = <const I extends JsonSchema>(items: I) =>
  ({ type: 'array', maxItems: ITEM_LIMITS.related, items }) as const satisfies JsonSchema;

/**
 * A collection as plain data. Each collection exports its spec (`studentsSpec`) beside what
 * `hostCollection` builds from it: the query library's tests define their school model from the
 * same specs (packages/testkit/src/school-collections/), so the schema is written once.
 */
export interface HostCollectionSpec {
  readonly name: string;
  readonly description: string;
  /** Writable fields (besides `school` and `active`, which every collection has). */
  readonly properties: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  /** Fields the service maintains; bodies can't set them. */
  readonly readOnlyProperties?: Readonly<Record<string, JsonSchema>>;
  readonly hiddenProperties?: Readonly<Record<string, JsonSchema>>;
  readonly scoped?: boolean;
  readonly person?: boolean;
  /** Search, naming its tokens field: the service hides and indexes it. */
  readonly search?: SearchOptions & { readonly tokensField: string };
  readonly defaultPopulate?: Readonly<Record<string, string>>;
  readonly unique?: HostCollection['unique'];
  /** Indexes beyond those every collection gets (scope, references, search). */
  readonly indexes?: HostCollection['indexes'];
}

/** The stored records of the collection a spec defines (hidden fields left out). */
export type HostRecord<S extends HostCollectionSpec> = RecordFromSchema<HostRecordSchema<S>>;

/**
 * A collection's spec with every unknown key typed `never`, at the top and in each schema: a literal passed to
 * `hostCollection` is inferred, so it gets no excess-property check of its own (as `defineCollection`
 * does with `StrictSchema`).
 */
type StrictSpec<S> = {
  readonly [K in keyof S]: K extends keyof HostCollectionSpec
    ? K extends 'properties' | 'readOnlyProperties' | 'hiddenProperties'
      ? { readonly [P in keyof S[K]]: StrictSchema<S[K][P]> }
      : S[K]
    : never;
};

/**
 * A collection from a literal spec: its definition carries the record type (`HostRecord<S>`), the
 * type of the record schema `recordSchemaOf` builds (./record-schema.ts).
 */
export function hostCollection<const S extends HostCollectionSpec>(
  spec: S & StrictSpec<S>,
): HostCollection<HostRecord<S>, S['name']>;
export function hostCollection(spec: HostCollectionSpec): HostCollection {
  const scoped = spec.scoped ?? true;
  const writable: Record<string, JsonSchema> = writableOf(spec);
  const recordSchema: JsonSchema = recordSchemaOf(spec);
  // The indexes follow from the schema (one per reference); the query reader learns them for its
  // cost estimate (an indexed filter examines less).
  const indexes = indexesFor(spec, recordSchema);
  const definition = defineCollection(spec.name, {
    schema: recordSchema,
    untyped: true,
    search: spec.search,
    defaultPopulate: spec.defaultPopulate,
    indexes: [...indexes, ...(spec.unique ?? [])].map((index) => index.keys),
  });
  const readOnly = new Set([
    '_id',
    'created_at',
    'updated_at',
    ...Object.keys(spec.readOnlyProperties ?? {}),
    ...(spec.person ? ['user._id'] : []),
  ]);
  return {
    name: spec.name,
    description: spec.description,
    definition,
    recordSchema: stripHidden(recordSchema),
    createSchema: withSchoolOnCreate(
      bodySchema({ type: 'object', properties: writable, required: [...(spec.required ?? [])] }, 'create'),
    ),
    // What a stored record always has can be changed, never cleared: the create schema's required
    // fields, and the school of a scoped record (given or taken from the token on create).
    updateSchema: bodySchema(
      {
        type: 'object',
        properties: writable,
        required: [...(spec.required ?? []), ...(scoped ? ['school'] : [])],
      },
      'update',
    ),
    readOnly,
    scoped,
    person: spec.person ?? false,
    unique: spec.unique ?? [],
    indexes,
  };
}

/**
 * The indexes every collection gets from its spec: the scope (every scoped list, total and write
 * filters on `school`; pages are in `_id` order), one per reference (filters on it, and the checks
 * that keep referenced records in their school), the search tokens; then its own.
 */
function indexesFor(spec: HostCollectionSpec, recordSchema: JsonSchema): IndexSpec[] {
  const indexes: IndexSpec[] = [];
  if (spec.scoped ?? true) {
    indexes.push({
      keys: { school: 1, _id: 1 },
      reason: 'scoped lists, totals and writes (the scope filter), pages in `_id` order',
    });
  }
  for (const [path, collection] of referencesOf(recordSchema)) {
    if (path === 'school') continue;
    indexes.push({
      keys: { [path]: 1 },
      reason: `filters on \`${path}\`; the check that a ${collection} record its school references stays there`,
    });
  }
  if (spec.search) {
    indexes.push({
      keys: { [spec.search.tokensField]: 1 },
      reason: '`global_search`: each word is an index-bounded prefix of the folded tokens',
    });
  }
  return [...indexes, ...(spec.indexes ?? [])];
}

/** The references (`x-ref`) a schema declares, by path as queries name them (an array's items share its path); hidden ones left out. */
function referencesOf(schema: JsonSchema, path = ''): Array<[path: string, collection: string]> {
  if (schema['x-hidden'] === true) return [];
  if (schema['x-ref'] !== undefined) return [[path, schema['x-ref']]];
  if (schema.items) return referencesOf(schema.items, path);
  return Object.entries(schema.properties ?? {}).flatMap(([key, child]) =>
    referencesOf(child, path === '' ? key : `${path}.${key}`),
  );
}

/**
 * A body schema from the writable fields: objects refuse unknown properties. On update nothing is
 * required, a field that create doesn't require may be `null` (to clear it), and one that create
 * requires may not; an object is merged field by field, so the same holds inside it; an array is
 * replaced whole, so its elements are checked as on create.
 */
function bodySchema(node: JsonSchema, mode: 'create' | 'update', optional?: boolean): JsonSchema {
  const { default: _default, readOnly: _readOnly, ...rest } = node;
  let out: JsonSchema = rest;
  if (node.type === 'object' && node.properties) {
    const required = new Set(node.required ?? []);
    out = {
      ...rest,
      additionalProperties: false,
      properties: Object.fromEntries(
        Object.entries(node.properties).map(([key, child]) => [
          key,
          bodySchema(child, mode, !required.has(key)),
        ]),
      ),
    };
    if (mode === 'update') delete out.required;
  } else if (node.type === 'array' && node.items) {
    out = { ...rest, items: bodySchema(node.items, 'create', false) };
  }
  // A field with a default (`active`) always has a value: it can be changed, not cleared.
  if (mode === 'update' && optional === true && node.default === undefined)
    return { anyOf: [out, { type: 'null' }] };
  if (mode === 'update' && optional === false) {
    return {
      ...out,
      description: withSentence(
        out.description,
        'Every record has it: it can be changed, not cleared (null is refused).',
      ),
    };
  }
  return out;
}

/** `school` on create: optional in the schema, since a token of exactly one school gives it. */
function withSchoolOnCreate(schema: JsonSchema): JsonSchema {
  const school = schema.properties?.school;
  if (!school) return schema;
  return {
    ...schema,
    properties: {
      ...schema.properties,
      school: {
        ...school,
        description:
          "The record's school. Required unless your token is limited to exactly one school, which is then the record's school (without it: 400 VALIDATION_FAILED naming `school`).",
      },
    },
  };
}

function withSentence(description: unknown, sentence: string): string {
  return typeof description === 'string' && description !== '' ? `${description} ${sentence}` : sentence;
}

function stripHidden(schema: JsonSchema): JsonSchema {
  return {
    ...schema,
    properties: Object.fromEntries(
      Object.entries(schema.properties ?? {}).filter(([, child]) => child['x-hidden'] !== true),
    ),
  };
}
