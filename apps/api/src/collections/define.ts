import { type IntegrationCollection, isIntegrationCollection } from '@school/integration-client';
import {
  type CollectionDefinition,
  defineCollection,
  type JsonSchema,
  type RecordFromSchema,
  type SearchOptions,
  type StrictSchema,
} from '@school/query-dsl';
import { ITEM_LIMITS, TEXT_LIMITS } from '../config/limits.js';
import { OBJECT_ID_PATTERN } from '../config/patterns.js';

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
export interface IndexSpec {
  readonly keys: Readonly<Record<string, 1 | -1>>;
  readonly reason: string;
}

// Literal types (`as const`), so that the record types are inferred from the schemas they build.
// `format: objectid` tells the query reader the field holds an identifier; `pattern` tells every
// other reader of the OpenAPI document (a standard validator ignores an unknown format).
export const objectId = {
  type: 'string',
  format: 'objectid',
  pattern: OBJECT_ID_PATTERN,
  maxLength: TEXT_LIMITS.objectId,
} as const satisfies JsonSchema;
export const ref = <const C extends string>(collection: C) =>
  ({ ...objectId, 'x-ref': collection }) as const satisfies JsonSchema;

/** The label of a grade or a section: a short name (8vo, A) and an optional code. */
export const shortNameAndCode = {
  name: { type: 'string', minLength: 1, maxLength: TEXT_LIMITS.name },
  code: { type: 'string', maxLength: TEXT_LIMITS.code },
} as const satisfies Record<string, JsonSchema>;

/** A list of things related to a record (its parents, addresses, contacts), capped at `ITEM_LIMITS.related`. */
export const relatedList = <const I extends JsonSchema>(items: I) =>
  ({ type: 'array', maxItems: ITEM_LIMITS.related, items }) as const satisfies JsonSchema;

/**
 * The sync state (`_sync`, sync/sync-state.ts) of the records of a synced collection — one the
 * integration client has payloads for: stored on the record, never shown nor queried.
 */
const syncState = { type: 'object', properties: {} } as const satisfies JsonSchema;

const timestamps = {
  created_at: { type: 'string', format: 'date-time', readOnly: true },
  updated_at: { type: 'string', format: 'date-time', readOnly: true },
} as const satisfies Record<string, JsonSchema>;

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
  readonly search?: SearchOptions;
  readonly defaultPopulate?: Readonly<Record<string, string>>;
  readonly unique?: HostCollection['unique'];
  /** Indexes beyond those every collection gets (scope, references, search). */
  readonly indexes?: HostCollection['indexes'];
}

/**
 * The record schema `hostCollection` builds from a spec, written as a type: the same spreads in the
 * same order, so that the record type is inferred from the schema the service really uses.
 */
export type HostRecordSchema<S extends HostCollectionSpec> = {
  readonly type: 'object';
  readonly properties: SpreadAll<
    [
      { readonly _id: ReadOnlyId },
      S extends { readonly scoped: false } ? Empty : { readonly school: ReturnType<typeof ref<'schools'>> },
      S['properties'],
      { readonly active: { readonly type: 'boolean'; readonly default: true } },
      UserWithReadOnlyId<S>,
      Member<S, 'readOnlyProperties'>,
      typeof timestamps,
      HiddenProperties<S>,
    ]
  >;
  readonly required: readonly (AlwaysStored | RequiredOfSpec<S>)[];
};

/** `required` of `recordSchema`: what every stored record has, whatever its collection. */
const ALWAYS_STORED = ['_id', 'active', 'created_at', 'updated_at'] as const;
type AlwaysStored = (typeof ALWAYS_STORED)[number];
type RequiredOfSpec<S> = S extends { readonly required: readonly (infer R extends string)[] } ? R : never;

/** The stored records of the collection a spec defines (hidden fields left out). */
export type HostRecord<S extends HostCollectionSpec> = RecordFromSchema<HostRecordSchema<S>>;

type Empty = Record<never, never>;

/** `{ ...objectId, readOnly: true }`: `_id` and `user._id`, which the service generates. */
type ReadOnlyId = Spread<typeof objectId, { readonly readOnly: true }>;

/** `{ ...A, ...B }`: the keys of `B` replace those of `A`. */
type Spread<A, B> = {
  readonly [K in keyof A | keyof B]: K extends keyof B ? B[K] : K extends keyof A ? A[K] : never;
};

/** `{ ...A, ...B, ...C }`. */
type SpreadAll<L extends readonly unknown[], Into = Empty> = L extends readonly [infer Head, ...infer Rest]
  ? SpreadAll<Rest, Spread<Into, Head>>
  : Into;

/** `spec[K]`, or `{}` when a collection's spec has none (a spread of `undefined` adds nothing). */
type Member<S, K extends PropertyKey> = S extends { readonly [P in K]: infer V extends object } ? V : Empty;

/** `withReadOnlyUserId`'s result. */
type UserWithReadOnlyId<S> = S extends {
  readonly person: true;
  readonly properties: { readonly user: infer User };
}
  ? {
      readonly user: Spread<
        User,
        {
          readonly properties: Spread<{ readonly _id: ReadOnlyId }, Member<User, 'properties'>>;
          readonly required: readonly ('_id' | RequiredOfSpec<User>)[];
        }
      >;
    }
  : Empty;

/** `hiddenProperties`, `_sync` on a synced collection and `_rev`, each marked `x-hidden`. */
type HiddenProperties<S extends HostCollectionSpec> =
  SpreadAll<
    [
      Member<S, 'hiddenProperties'>,
      S['name'] extends IntegrationCollection ? { readonly _sync: typeof syncState } : Empty,
      { readonly _rev: { readonly type: 'integer' } },
    ]
  > extends infer H
    ? { readonly [K in keyof H]: Spread<H[K], { readonly 'x-hidden': true }> }
    : never;

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
 * A collection from a literal spec: its definition carries the record type (`HostRecord<S>`).
 * The schema is built at run time by spreads TypeScript cannot follow through a generic spec, so
 * the typed signature is this overload and `HostRecordSchema` spells the same spreads as a type;
 * test/record-types.test.ts holds the two to the same fields.
 */
export function hostCollection<const S extends HostCollectionSpec>(
  spec: S & StrictSpec<S>,
): HostCollection<HostRecord<S>, S['name']>;
export function hostCollection(spec: HostCollectionSpec): HostCollection {
  const scoped = spec.scoped ?? true;
  const writable: Record<string, JsonSchema> = {
    ...(scoped ? { school: ref('schools') } : {}),
    ...spec.properties,
    active: { type: 'boolean', default: true },
  };
  // `_rev` counts the writes of a record: updates are compare-and-set on it.
  const hidden = Object.fromEntries(
    Object.entries({
      ...spec.hiddenProperties,
      ...(isIntegrationCollection(spec.name) ? { _sync: syncState } : {}),
      _rev: { type: 'integer' },
    }).map(([key, schema]) => [key, { ...schema, 'x-hidden': true }]),
  );
  const recordSchema: JsonSchema = {
    type: 'object',
    properties: {
      _id: { ...objectId, readOnly: true },
      ...writable,
      ...withReadOnlyUserId(spec),
      ...(spec.readOnlyProperties ?? {}),
      ...timestamps,
      ...hidden,
    },
    // The service writes these on every create (the body's required fields, `_id`, `active` and
    // the timestamps), and an update can't clear them: a stored record always has them.
    required: [...ALWAYS_STORED, ...(spec.required ?? [])],
  };
  const options = {
    schema: recordSchema,
    untyped: true,
    search: spec.search,
    defaultPopulate: spec.defaultPopulate,
  };
  // The indexes follow from the fields (one per reference), which the definition reads from the
  // schema; the query reader then learns them, for its cost estimate (an indexed filter examines less).
  const indexes = indexesFor(defineCollection(spec.name, options), scoped, spec.indexes ?? []);
  const definition = defineCollection(spec.name, {
    ...options,
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
 * The indexes every collection gets from its definition: the scope (every scoped list, total and
 * write filters on `school`; pages are in `_id` order), one per reference (filters on it, and the
 * checks that keep referenced records in their school), the search tokens; then its own.
 */
function indexesFor(
  definition: CollectionDefinition,
  scoped: boolean,
  own: readonly IndexSpec[],
): IndexSpec[] {
  const indexes: IndexSpec[] = [];
  if (scoped) {
    indexes.push({
      keys: { school: 1, _id: 1 },
      reason: 'scoped lists, totals and writes (the scope filter), pages in `_id` order',
    });
  }
  for (const field of definition.fields.values()) {
    if (!field.ref || field.path === 'school' || field.hidden) continue;
    indexes.push({
      keys: { [field.path]: 1 },
      reason: `filters on \`${field.path}\`; the check that a ${field.ref} record its school references stays there`,
    });
  }
  if (definition.search) {
    indexes.push({
      keys: { [definition.search.tokensField]: 1 },
      reason: '`global_search`: each word is an index-bounded prefix of the folded tokens',
    });
  }
  return [...indexes, ...own];
}

/** `user._id` is generated: present in records, refused in bodies. */
function withReadOnlyUserId(spec: HostCollectionSpec): Record<string, JsonSchema> {
  const user = spec.properties.user;
  if (!spec.person || !user) return {};
  return {
    user: {
      ...user,
      properties: { _id: { ...objectId, readOnly: true }, ...user.properties },
      // The service gives every person a `user._id` on create; nothing can change or clear it.
      required: ['_id', ...(user.required ?? [])],
    },
  };
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
