import { isPositiveInteger } from '../core/limits.js';
import { schemaProblems } from '../schema/check-schema.js';
import { catalogFields, type FieldCatalog, type FieldInfo } from '../schema/fields.js';
import type { RecordFromSchema, ReferencesFromSchema, Simplify } from '../schema/from-schema.js';
import type { JsonSchema } from '../schema/json-schema.js';
import type { SearchFieldKind } from '../search/tokens.js';
import type { SchemaArgument, StoredRecord } from './schema-argument.js';

export interface SearchOptions {
  /** Fields whose text `global_search` matches, and how each becomes tokens. */
  readonly fields: Readonly<Record<string, SearchFieldKind>>;
  /**
   * Where the record's search tokens are stored (an array of folded strings, hidden from users).
   * Index it: `{ [tokensField]: 1 }`.
   * @default '_search'
   */
  readonly tokensField?: string | undefined;
  /**
   * Where the record's human-readable search text is stored (a string field of the schema), if
   * anywhere: `searchIndexFields` writes it, and search results carry it.
   */
  readonly textField?: string | undefined;
  /**
   * Fields every search result carries even when `select` leaves them out (fields of the schema).
   * @default [textField] when there is one, else []
   */
  readonly resultFields?: readonly string[] | undefined;
}

export interface PaginationOptions {
  /** @default 20 */
  readonly defaultPerPage?: number | undefined;
  /** @default 100 */
  readonly maxPerPage?: number | undefined;
}

export interface CollectionOptions<S extends JsonSchema = JsonSchema> {
  /**
   * The collection's JSON Schema: the single source of truth for its fields and their types, and
   * (written as a literal) for the TypeScript type of its records.
   */
  readonly schema: S;
  /** References by dotted path → target collection (adds to `x-ref` annotations in the schema). */
  readonly references?: Readonly<Record<string, string>> | undefined;
  /** Dotted paths never returned nor queryable (adds to `x-hidden` annotations in the schema). */
  readonly hidden?: readonly string[] | undefined;
  /** Enables `global_search` on this collection. */
  readonly search?: SearchOptions | undefined;
  /** What `populate=true` populates, in the `populate` JSON form: `{ "book": "title" }`. */
  readonly defaultPopulate?: Readonly<Record<string, string>> | undefined;
  readonly pagination?: PaginationOptions | undefined;
  /**
   * The boolean field that `__include_totals` splits into `active` / `inactive` (a record is
   * active unless the field is `false`); `false` for no split. Must be a boolean field of the schema.
   * @default 'active' when the schema has a boolean `active` field, otherwise no split
   */
  readonly activeField?: string | false | undefined;
  /**
   * The most a read of this collection may cost by its plan's estimate; replaces the query
   * reader's `limits.maxCost` for queries on this collection (populated collections count toward
   * the budget of the one read). A positive integer.
   * @default the query reader's `limits.maxCost` (5000)
   */
  readonly maxCost?: number | undefined;
  /**
   * The collection's indexes, as key patterns (`{ school: 1, _id: 1 }`), for the cost estimate: a
   * filter that bounds the first field of one (an equality, an `$in` list or a range) is assumed to
   * examine only the records the index selects, any other filter every record (see "Cost budget"
   * in the README). `_id` is always indexed; the search tokens field is indexed only when listed.
   * Declaring an index here does not create it.
   * @default []
   */
  readonly indexes?: ReadonlyArray<Readonly<Record<string, 1 | -1>>> | undefined;
  /**
   * Types only: the schema is built at run time and typed `JsonSchema`, so the records are
   * `Record<string, unknown>`. Without it such a schema is a compile error (a schema written as a
   * literal without `as const` would otherwise make every field `unknown` without a word).
   */
  readonly untyped?: boolean | undefined;
}

export interface SearchConfig {
  readonly fields: ReadonlyArray<{ readonly path: string; readonly kind: SearchFieldKind }>;
  readonly tokensField: string;
  readonly textField: string | undefined;
  readonly resultFields: readonly string[];
}

/** Carries a definition's record type; never set at run time. */
declare const recordType: unique symbol;
/** Carries a definition's references; never set at run time. */
declare const referencesType: unique symbol;
/** Carries what a definition's stored record type is read from; never set at run time. */
declare const storedType: unique symbol;

/**
 * What `StoredRecordOf` reads a definition's stored record from: its schema and `search` option
 * types (kept as they are, so the stored record is only worked out where it is asked for).
 */
export interface StoredRecordSource<S = unknown, Q = unknown> {
  readonly schema: S;
  readonly search: Q;
}

/**
 * A collection's references: dotted path → the name of the collection it points to,
 * `{ readonly book: 'books'; readonly 'renewals.desk': 'desks' }` (read-only, as every part of a
 * definition). The default, any path to any collection, is
 * what a definition without a literal schema knows: every identifier may be a reference.
 */
export type ReferenceMap = { readonly [path: string]: string };

/**
 * A defined collection. `TRecord` is the type of its records (inferred from a literal schema;
 * `Record<string, unknown>` when the schema is typed only as `JsonSchema`), `TName`
 * its name, so that `createQueryDsl` knows which name reads which records, and `TReferences` its
 * references (from `x-ref` and the `references` option), so that result types know which fields
 * `populate` may replace by records of which collection.
 */
export interface CollectionDefinition<
  TRecord extends Record<string, unknown> = Record<string, unknown>,
  TName extends string = string,
  TReferences extends ReferenceMap = ReferenceMap,
  TStored extends StoredRecordSource = StoredRecordSource,
> {
  readonly [recordType]?: TRecord;
  readonly [referencesType]?: TReferences;
  readonly [storedType]?: TStored;
  readonly name: TName;
  readonly schema: JsonSchema;
  readonly fields: FieldCatalog;
  readonly search: SearchConfig | undefined;
  readonly defaultPopulate: Readonly<Record<string, string>> | undefined;
  readonly pagination: { readonly defaultPerPage: number; readonly maxPerPage: number };
  /**
   * The boolean field totals split on, or `undefined`: then `__include_totals` answers `total` and
   * `actual_total` only, since an `active` count of a collection without the flag would always
   * equal `total` and say nothing.
   */
  readonly activeField: string | undefined;
  /** The top-most hidden paths (a hidden subdocument is listed, not its children). */
  readonly hiddenPaths: readonly string[];
  /** This collection's read budget, or `undefined` for the query reader's `limits.maxCost`. */
  readonly maxCost: number | undefined;
  /** The first field of each of its indexes (the `indexes` option), and `_id`. */
  readonly indexedFields: ReadonlySet<string>;
}

/**
 * The record type of a collection definition, as queries see it: its `x-hidden` fields left out
 * (no query filters, sorts, selects or returns them). `StoredRecordOf` is the record as stored.
 */
export type RecordOf<C extends CollectionDefinition> = C extends CollectionDefinition<infer R> ? R : never;

/**
 * The record as a collection stores it: `RecordOf` and the `x-hidden` fields (a password hash,
 * a sync state), and on a collection with `search` the tokens field `searchIndexFields` writes
 * (`_search?: string[]` unless `search.tokensField` names another). What a writer inserts.
 */
export type StoredRecordOf<C extends CollectionDefinition> =
  C extends CollectionDefinition<infer R, string, ReferenceMap, StoredRecordSource<infer S, infer Q>>
    ? unknown extends S
      ? R
      : StoredRecord<S, Q>
    : never;

/**
 * The references of a collection definition: dotted path → referenced collection, read-only like
 * the rest of the definition: `ReferencesOf<typeof loans>` is `{ readonly book: 'books' }`.
 */
export type ReferencesOf<C extends CollectionDefinition> =
  C extends CollectionDefinition<Record<string, unknown>, string, infer R> ? R : never;

/**
 * Defines a collection once, from its JSON Schema plus options. The definition drives value
 * coercion, the field allow-list, populate targets, search and page sizes; a schema written as a
 * literal also gives the TypeScript type of the records (`RecordOf<typeof books>`).
 * The schema is checked against the JSON Schema meta-schema and the library's vocabulary (Ajv's
 * strict mode): a misspelled keyword is an error here, not a filter that silently never matches.
 * Throws a `TypeError` for a definition that cannot work (a programmer error, not user input).
 */
export function defineCollection<
  const TName extends string,
  const S extends JsonSchema | object,
  const R extends Readonly<Record<string, string>> = Record<never, string>,
  const Q extends SearchOptions | undefined = undefined,
  const U extends boolean | undefined = undefined,
>(
  name: TName,
  options: Omit<CollectionOptions, 'schema' | 'references' | 'search' | 'untyped'> & {
    readonly schema: S & SchemaArgument<S, U>;
    readonly references?: R | undefined;
    readonly search?: Q | undefined;
    readonly untyped?: U | undefined;
  },
): CollectionDefinition<
  RecordFromSchema<S>,
  TName,
  Simplify<ReferencesFromSchema<S> & R>,
  StoredRecordSource<S, Q>
>;
export function defineCollection(name: string, options: CollectionOptions): CollectionDefinition {
  if (!/^[A-Za-z_][\w-]*$/u.test(name)) throw new TypeError(`Invalid collection name "${name}".`);
  const problems = schemaProblems(options.schema);
  if (problems.length > 0) {
    throw new TypeError(`${name}: the schema is not valid. ${problems.join('; ')}.`);
  }
  const search = options.search ? resolveSearch(options.search) : undefined;
  const hidden = [...(options.hidden ?? [])];
  const schema = search ? withTokensField(options.schema, search.tokensField) : options.schema;
  if (search) hidden.push(search.tokensField);
  const fields = catalogFields(schema, options.references ?? {}, hidden);
  const activeField = resolveActiveField(name, options.activeField, fields);
  const pagination = resolvePagination(name, options.pagination);
  const { maxCost } = options;
  if (maxCost !== undefined && !isPositiveInteger(maxCost)) {
    throw new TypeError(`${name}: maxCost must be a positive integer.`);
  }
  if (search) checkSearchFields(name, search, fields);
  const indexedFields = leadingIndexFields(name, options.indexes ?? [], fields);
  return Object.freeze({
    name,
    schema,
    fields,
    search,
    defaultPopulate: options.defaultPopulate,
    pagination,
    activeField,
    hiddenPaths: topHiddenPaths(fields),
    maxCost,
    indexedFields,
  });
}

/** `_id` and the first field of every index; each must be a field of the schema. */
function leadingIndexFields(
  name: string,
  indexes: ReadonlyArray<Readonly<Record<string, 1 | -1>>>,
  fields: FieldCatalog,
): ReadonlySet<string> {
  const leading = new Set(['_id']);
  for (const keys of indexes) {
    const [first] = Object.keys(keys);
    if (first === undefined || !fields.has(first)) {
      throw new TypeError(
        `${name}: the index ${JSON.stringify(keys)} does not begin with a field of the schema.`,
      );
    }
    leading.add(first);
  }
  return leading;
}

function resolveSearch(options: SearchOptions): SearchConfig {
  const { textField } = options;
  return {
    fields: Object.entries(options.fields).map(([path, kind]) => ({ path, kind })),
    tokensField: options.tokensField ?? '_search',
    textField,
    resultFields: options.resultFields ?? (textField === undefined ? [] : [textField]),
  };
}

function withTokensField(schema: JsonSchema, tokensField: string): JsonSchema {
  if (tokensField.includes('.')) throw new TypeError('search.tokensField must be a top-level field.');
  if (schema.properties?.[tokensField]) return schema;
  return {
    ...schema,
    properties: {
      ...schema.properties,
      [tokensField]: { type: 'array', items: { type: 'string' }, readOnly: true },
    },
  };
}

function checkSearchFields(name: string, search: SearchConfig, fields: FieldCatalog): void {
  for (const { path } of search.fields) {
    const field = fields.get(path);
    if (!field || field.type === 'object') {
      throw new TypeError(`${name}: search field "${path}" is not a text field of the schema.`);
    }
  }
  if (search.textField !== undefined) {
    const field = fields.get(search.textField);
    if (field?.type !== 'string' || field.isArray || field.arrayAncestor !== undefined) {
      throw new TypeError(
        `${name}: search.textField "${search.textField}" is not a string field of the schema.`,
      );
    }
  }
  for (const path of search.resultFields) {
    if (!fields.has(path)) {
      throw new TypeError(`${name}: search.resultFields "${path}" is not a field of the schema.`);
    }
  }
}

function resolveActiveField(
  name: string,
  option: string | false | undefined,
  fields: FieldCatalog,
): string | undefined {
  if (option === false) return undefined;
  const isFlag = (path: string) => {
    const field = fields.get(path);
    return field !== undefined && field.type === 'boolean' && !field.isArray && !field.hidden;
  };
  if (option === undefined) return isFlag('active') ? 'active' : undefined;
  if (!isFlag(option)) {
    throw new TypeError(`${name}: activeField "${option}" is not a visible boolean field of the schema.`);
  }
  return option;
}

function resolvePagination(name: string, options: PaginationOptions | undefined) {
  const defaultPerPage = options?.defaultPerPage ?? 20;
  const maxPerPage = options?.maxPerPage ?? 100;
  if (!Number.isInteger(maxPerPage) || maxPerPage < 1)
    throw new TypeError(`${name}: maxPerPage must be >= 1.`);
  if (!Number.isInteger(defaultPerPage) || defaultPerPage < 1 || defaultPerPage > maxPerPage) {
    throw new TypeError(`${name}: defaultPerPage must be an integer in 1..maxPerPage.`);
  }
  return { defaultPerPage, maxPerPage };
}

function topHiddenPaths(fields: FieldCatalog): string[] {
  const hidden = [...fields.values()].filter((field) => field.hidden).map((field) => field.path);
  return hidden.filter((path) => !hidden.some((other) => path.startsWith(`${other}.`)));
}

/** The field at a path, or undefined (also for hidden fields, which users can't address). */
export function visibleField(collection: CollectionDefinition, path: string): FieldInfo | undefined {
  const field = collection.fields.get(path);
  return field && !field.hidden ? field : undefined;
}
