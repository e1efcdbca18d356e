import type { CollectionDefinition } from './define-collection.js';
import { DEFAULT_LIMITS, type QueryLimits } from './limits.js';
import { type QueryableDb, type QueryResponse, runQuery } from './mongo/run.js';
import { type MongoQuery, toMongo } from './mongo/to-mongo.js';
import type { QueryInput } from './parse/query-input.js';
import { buildPlan, type ParseResult } from './plan/build-plan.js';
import type { MongoFilter } from './plan/types.js';
import type { CachedPopulate } from './validate/populate.js';

export interface QueryDslOptions {
  /** Every collection a query may read or populate. */
  readonly collections: readonly CollectionDefinition[];
  /** Limits on untrusted input; each one exceeded is a `QUERY_TOO_COMPLEX` issue. */
  readonly limits?: Partial<QueryLimits>;
}

/**
 * The caller's base filter (e.g. school scoping), ANDed into the query, every total and every
 * populated lookup. An object applies to every collection read; a function gives the filter per
 * collection (`schools` are scoped by `_id`, other collections by `school`).
 */
export type BaseFilter = MongoFilter | ((collection: CollectionDefinition) => MongoFilter | undefined);

export interface ParseOptions {
  readonly baseFilter?: BaseFilter;
}

export type RunResult =
  | { readonly ok: true; readonly response: QueryResponse; readonly query: MongoQuery }
  | { readonly ok: false; readonly issues: Extract<ParseResult, { ok: false }>['issues'] };

export interface QueryDsl {
  readonly collections: ReadonlyMap<string, CollectionDefinition>;
  readonly limits: QueryLimits;
  /** Reads a request's query against a collection: the typed plan, or every issue found. Never throws on input. */
  parse(collection: string, input: QueryInput, options?: ParseOptions): ParseResult;
  /** Parses, builds and runs a query on a database; returns the envelope's `response` or the issues. */
  run(db: QueryableDb, collection: string, input: QueryInput, options?: ParseOptions): Promise<RunResult>;
}

/**
 * Creates the query reader for a set of collections. Checks the definitions together (references
 * point to known collections, default populates are valid) and throws a `TypeError` if they don't.
 */
export function createQueryDsl(options: QueryDslOptions): QueryDsl {
  const collections = new Map(options.collections.map((collection) => [collection.name, collection]));
  if (collections.size !== options.collections.length) throw new TypeError('Two collections share a name.');
  const limits: QueryLimits = Object.freeze({ ...DEFAULT_LIMITS, ...options.limits });
  checkReferences(collections);

  const resolve = (target: string) => collections.get(target);
  const populateCache = new Map<string, CachedPopulate>();
  const unscoped = () => undefined;

  const parse = (name: string, input: QueryInput, parseOptions: ParseOptions = {}): ParseResult => {
    const collection = collections.get(name);
    if (!collection) throw new TypeError(`Unknown collection "${name}".`);
    const { baseFilter } = parseOptions;
    const scope =
      baseFilter === undefined ? unscoped : typeof baseFilter === 'function' ? baseFilter : () => baseFilter;
    return buildPlan(collection, input, { limits, collection: resolve, scope, populateCache });
  };

  for (const collection of collections.values()) {
    if (!collection.defaultPopulate) continue;
    const result = parse(collection.name, 'populate=true');
    if (!result.ok) {
      const reasons = result.issues.map((issue) => issue.message).join(' ');
      throw new TypeError(`${collection.name}: invalid defaultPopulate. ${reasons}`);
    }
  }

  return {
    collections,
    limits,
    parse,
    async run(db, name, input, runOptions) {
      const result = parse(name, input, runOptions);
      if (!result.ok) return result;
      const query = toMongo(result.plan);
      return { ok: true, response: await runQuery(db, query), query };
    },
  };
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
