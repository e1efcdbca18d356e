import type { QuerySpec } from './build/build-query.js';
import type { CollectionDefinition } from './collection/define-collection.js';
import type { Issue } from './core/errors.js';
import { DEFAULT_LIMITS, isPositiveInteger, type QueryLimits } from './core/limits.js';
import { DEFAULT_MAX_TIME_MS, type QueryableDb, runQuery } from './mongo/run.js';
import { type MongoQuery, toMongo } from './mongo/to-mongo.js';
import type { QueryInput } from './parse/query-input.js';
import { budgetIssue } from './plan/cost.js';
import type { MongoFilter } from './plan/types.js';
import type { QueryRecord, QueryRecordOf } from './result/query-record.js';
import type { MongoDocument, QueryResponse } from './result/response.js';
import type { SelectedRecord, SelectedResponse } from './result/selected.js';
import { buildPlan, buildPlanOfSpec, type ParseResult, type PlanEnvironment } from './validate/build-plan.js';
import type { PopulateCache } from './validate/populate.js';

export interface QueryDslOptions<C extends CollectionDefinition = CollectionDefinition> {
  /** Every collection a query may read or populate. */
  readonly collections: readonly C[];
  /** Limits on untrusted input; each one exceeded is a `QUERY_TOO_COMPLEX` issue. */
  readonly limits?: Partial<QueryLimits> | undefined;
  /**
   * The most milliseconds each database operation of `run` and `find` may take (MongoDB's
   * `maxTimeMS`; see `runQuery`). @default 5000
   */
  readonly maxTimeMS?: number | undefined;
}

/**
 * The caller's base filter (e.g. scoping to a tenant), ANDed into the query, every total and every
 * populated lookup. An object applies to every collection read; a function gives the filter per
 * collection (a `libraries` collection scoped by `_id`, the others by their `library` field).
 */
export type BaseFilter = MongoFilter | ((collection: CollectionDefinition) => MongoFilter | undefined);

export interface ParseOptions {
  /** `undefined` is the same as leaving it out (no conditional spread needed under `exactOptionalPropertyTypes`). */
  readonly baseFilter?: BaseFilter | undefined;
  /**
   * How many records of the collection the query may examine: those the base filter admits (a
   * school's students), from a count the caller keeps (`estimatedDocumentCount`, or a cached
   * `countDocuments` of the base filter). With it, the cost estimate adds the filter's work over
   * them (see "Cost budget" in the README); without it, the page alone counts. A non-negative integer.
   */
  readonly recordCount?: number | undefined;
}

/**
 * A query's outcome: `response` (the envelope's, see `QueryResponse`) and the MongoDB `query` that
 * produced it, or every issue found. `TRow` is the type of the records in `response`: for
 * `dsl.run` a `QueryRecord` (fields a `select` leaves out are absent, populated references hold the
 * referenced records, so every field is optional and every reference may be either), for
 * `dsl.find` a `SelectedRecord` (what the typed spec selects and populates).
 */
export type RunResult<
  TRecord extends MongoDocument = MongoDocument,
  TRow = QueryRecordOf<TRecord>,
  TResponse = QueryResponse<TRow>,
> =
  | {
      readonly ok: true;
      readonly response: TResponse;
      readonly query: MongoQuery<TRecord, TRow>;
    }
  | { readonly ok: false; readonly issues: Issue[] };

/** The definition of the collection named `N` among `C` (every definition, for a name known only at run time). */
type DefinitionOfName<C extends CollectionDefinition, N extends string> = [
  Extract<C, { readonly name: N }>,
] extends [never]
  ? CollectionDefinition
  : Extract<C, { readonly name: N }>;

/** The record type of the collection named `N` among the definitions `C`. */
export type RecordOfName<C extends CollectionDefinition, N extends string> =
  Extract<C, { readonly name: N }> extends CollectionDefinition<infer R> ? R : MongoDocument;

/** `QueryRecord` of the collection named `N` among the definitions `C`: what `dsl.run` answers. */
export type QueryRecordOfName<C extends CollectionDefinition, N extends string> = QueryRecord<
  DefinitionOfName<C, N>,
  C
>;

/** What `dsl.find` answers for the description `S` on the collection named `N`: records typed by it. */
export type FindResult<
  C extends CollectionDefinition,
  N extends string,
  S extends QuerySpec<DefinitionOfName<C, N>>,
> = RunResult<
  RecordOfName<C, N>,
  SelectedRecord<DefinitionOfName<C, N>, S, C>,
  SelectedResponse<DefinitionOfName<C, N>, S, C>
>;

/**
 * Reads queries against a set of collections. `C` is the union of their definitions: the names
 * `parse` and `run` take, and the record type each name reads.
 */
export interface QueryDsl<C extends CollectionDefinition = CollectionDefinition> {
  readonly collections: ReadonlyMap<string, C>;
  readonly limits: QueryLimits;
  /** Reads a request's query against a collection: the typed plan, or every issue found. Never throws on input. */
  parse<N extends C['name']>(
    collection: N,
    input: QueryInput,
    options?: ParseOptions,
  ): ParseResult<RecordOfName<C, N>, QueryRecordOfName<C, N>>;
  /**
   * `parse` for a collection name known only at run time (a URL segment): the records are untyped
   * (`Record<string, unknown>`). An unknown name throws a `TypeError` (a programmer error: check the
   * name against `dsl.collections` first when it comes from a user).
   */
  parseUntyped(collection: string, input: QueryInput, options?: ParseOptions): ParseResult;
  /**
   * Parses, builds and runs a query on a database; returns the envelope's `response` or the
   * issues. The input is known only at run time, so the records are `QueryRecord`s: every field
   * may be absent and every reference may be populated (see `find` for types that follow the query).
   * @example
   * const result = await dsl.run(db, 'loans', request.query);
   * if (result.ok && Array.isArray(result.response)) result.response[0]?.reader?.name; // string | undefined
   */
  run<N extends C['name']>(
    db: QueryableDb,
    collection: N,
    input: QueryInput,
    options?: ParseOptions,
  ): Promise<RunResult<RecordOfName<C, N>, QueryRecordOfName<C, N>>>;
  /** `run` for a collection name known only at run time: untyped records, as `parseUntyped`. */
  runUntyped(
    db: QueryableDb,
    collection: string,
    input: QueryInput,
    options?: ParseOptions,
  ): Promise<RunResult>;
  /**
   * Runs a typed `QuerySpec` (the query description `buildQuery` takes), and types the records by it (see
   * `SelectedRecord`): what `select` leaves out is not there, what `populate` names holds the
   * referenced record's fields, totals only when `includeTotals` is `true`. The description is read
   * as it is, typed (a number stays a number, a `Date` a date, an `ObjectId` an identifier), by the
   * checks `run` applies to the query string `buildQuery` writes for it: the same plan and the same
   * issues, never a throw on input, and nothing written as text. Its texts together are held to
   * `maxQueryLength` characters (see "Limits" in the README).
   * @example
   * const result = await dsl.find(db, 'loans', { select: ['reader.name'], populate: { book: 'title' } });
   * if (result.ok) result.response[0]?.book?.title; // string | undefined (book: { _id; title? } | null)
   */
  find<N extends C['name'], const S extends QuerySpec<DefinitionOfName<C, N>>>(
    db: QueryableDb,
    collection: N,
    spec: S,
    options?: ParseOptions,
  ): Promise<FindResult<C, N, S>>;
}

/**
 * Creates the query reader for a set of collections. Checks the definitions together (references
 * point to known collections, default populates are valid) and throws a `TypeError` if they don't.
 */
export function createQueryDsl<const C extends CollectionDefinition>(
  options: QueryDslOptions<C>,
): QueryDsl<C> {
  const collections = collectionsByName(options.collections);
  const limits = checkedLimits(options.limits);
  checkReferences(collections);
  const reader = planReader(collections, limits);
  const maxTimeMS = options.maxTimeMS ?? DEFAULT_MAX_TIME_MS;
  if (!isPositiveInteger(maxTimeMS)) throw new TypeError('maxTimeMS must be a positive integer.');

  // The typed overloads narrow what the plan reads to the definition the name selects.
  function parse<N extends C['name']>(
    name: N,
    input: QueryInput,
    options?: ParseOptions,
  ): ParseResult<RecordOfName<C, N>, QueryRecordOfName<C, N>>;
  function parse(name: string, input: QueryInput, options?: ParseOptions): ParseResult {
    return reader.plan(name, input, options);
  }

  function run<N extends C['name']>(
    db: QueryableDb,
    name: N,
    input: QueryInput,
    options?: ParseOptions,
  ): Promise<RunResult<RecordOfName<C, N>, QueryRecordOfName<C, N>>>;
  function run(db: QueryableDb, name: string, input: QueryInput, options?: ParseOptions): Promise<RunResult> {
    return runUntyped(db, name, input, options);
  }

  // Async, so that an unknown name rejects the promise rather than throwing on the call.
  async function runUntyped(db: QueryableDb, name: string, input: QueryInput, options?: ParseOptions) {
    return runPlan(db, reader.plan(name, input, options), maxTimeMS);
  }

  function find<N extends C['name'], const S extends QuerySpec<DefinitionOfName<C, N>>>(
    db: QueryableDb,
    name: N,
    spec: S,
    options?: ParseOptions,
  ): Promise<FindResult<C, N, S>>;
  async function find(
    db: QueryableDb,
    name: string,
    spec: QuerySpec<MongoDocument>,
    options?: ParseOptions,
  ): Promise<RunResult> {
    return runPlan(db, reader.planOfSpec(name, spec, options), maxTimeMS);
  }

  return { collections, limits, parse, parseUntyped: reader.plan, run, runUntyped, find };
}

/** Reads requests (query input or typed descriptions) into plans within the limits. */
interface PlanReader {
  plan(name: string, input: QueryInput, options?: ParseOptions): ParseResult;
  planOfSpec(name: string, spec: QuerySpec<MongoDocument>, options?: ParseOptions): ParseResult;
}

function planReader(collections: ReadonlyMap<string, CollectionDefinition>, limits: QueryLimits): PlanReader {
  const populateCache: PopulateCache = new Map();
  const resolve = (target: string) => collections.get(target);
  // Built once: most reads have no base filter, and a read should allocate as little as it can.
  const unscopedEnvironment: PlanEnvironment = {
    limits,
    collection: resolve,
    scope: unscoped,
    populateCache,
  };
  const environment = (options?: ParseOptions): PlanEnvironment =>
    options?.baseFilter === undefined
      ? unscopedEnvironment
      : { ...unscopedEnvironment, scope: scopeOf(options.baseFilter) };
  const collectionNamed = (name: string) => {
    const collection = collections.get(name);
    if (!collection) throw new TypeError(`Unknown collection "${name}".`);
    return collection;
  };
  const withinBudget = (
    result: ParseResult,
    queryLength: number | undefined,
    options?: ParseOptions,
  ): ParseResult => {
    if (!result.ok) return result;
    const recordCount = options?.recordCount;
    if (recordCount !== undefined && !(Number.isSafeInteger(recordCount) && recordCount >= 0)) {
      throw new TypeError('recordCount must be a non-negative integer.');
    }
    const overBudget = budgetIssue(result.plan, limits, { queryLength, recordCount });
    return overBudget ? { ok: false, issues: [overBudget] } : result;
  };
  checkDefaultPopulates(collections, environment());
  return {
    plan: (name, input, options) =>
      withinBudget(
        buildPlan(collectionNamed(name), input, environment(options)),
        typeof input === 'string' ? input.length : undefined,
        options,
      ),
    planOfSpec: (name, spec, options) =>
      withinBudget(buildPlanOfSpec(collectionNamed(name), spec, environment(options)), undefined, options),
  };
}

async function runPlan(db: QueryableDb, result: ParseResult, maxTimeMS: number): Promise<RunResult> {
  if (!result.ok) return result;
  const query = toMongo(result.plan);
  return { ok: true, response: await runQuery(db, query, { maxTimeMS }), query };
}

const unscoped = () => undefined;

function scopeOf(baseFilter: BaseFilter): PlanEnvironment['scope'] {
  return typeof baseFilter === 'function' ? baseFilter : () => baseFilter;
}

function collectionsByName<C extends CollectionDefinition>(list: readonly C[]): ReadonlyMap<string, C> {
  const collections = new Map<string, C>(list.map((collection) => [collection.name, collection]));
  if (collections.size !== list.length) throw new TypeError('Two collections share a name.');
  return collections;
}

function checkedLimits(overrides: Partial<QueryLimits> | undefined): QueryLimits {
  const limits: QueryLimits = Object.freeze({ ...DEFAULT_LIMITS, ...overrides });
  for (const [name, value] of Object.entries(limits)) {
    if (!isPositiveInteger(value)) throw new TypeError(`limits.${name} must be a positive integer.`);
  }
  return limits;
}

/** The default populate must be valid; whether a page of it fits the budget depends on the page. */
function checkDefaultPopulates(
  collections: ReadonlyMap<string, CollectionDefinition>,
  environment: PlanEnvironment,
): void {
  for (const collection of collections.values()) {
    if (!collection.defaultPopulate) continue;
    const result = buildPlan(collection, 'populate=true', environment);
    if (!result.ok) {
      const reasons = result.issues.map((issue) => issue.message).join(' ');
      throw new TypeError(`${collection.name}: invalid defaultPopulate. ${reasons}`);
    }
  }
}

function checkReferences(collections: ReadonlyMap<string, CollectionDefinition>): void {
  for (const collection of collections.values()) {
    for (const field of collection.fields.values()) {
      if (field.ref && !collections.has(field.ref)) {
        throw new TypeError(`${collection.name}.${field.path} references unknown collection "${field.ref}".`);
      }
    }
  }
}
