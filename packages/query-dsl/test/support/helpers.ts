import {
  type Issue,
  type MongoFilter,
  type MongoQuery,
  type ParseOptions,
  type QueryableDb,
  toMongo,
} from '@school/query-dsl';
import { type CollectionName, dsl } from './school-collections.js';

/** The MongoDB a query string becomes on `students` (fails the test if the query is rejected). */
export function mongoFor(
  query: string,
  collection: CollectionName = 'students',
  options?: ParseOptions,
): MongoQuery {
  const result = dsl.parse(collection, query, options);
  if (!result.ok) throw new Error(`Expected ${query} to parse, got ${JSON.stringify(result.issues)}`);
  return toMongo(result.plan);
}

/** The issues a query string is rejected with (fails the test if it parses). */
export function issuesFor(
  query: string,
  collection: CollectionName = 'students',
  options?: ParseOptions,
): Issue[] {
  const result = dsl.parse(collection, query, options);
  if (result.ok) throw new Error(`Expected ${query} to be rejected`);
  return result.issues;
}

/** The hidden fields of a student (sync state, search tokens, revision), left out of every read. */
export const HIDDEN = { _sync: 0, _search: 0, _rev: 0 } as const;

/** The `find` filter a query string becomes (fails the test if the query needs a pipeline). */
export function findFilterFor(
  query: string,
  collection: CollectionName = 'students',
  options?: ParseOptions,
): MongoFilter {
  const { read } = mongoFor(query, collection, options);
  if (read.kind !== 'find') throw new Error(`Expected ${query} to be a find, got a pipeline`);
  return read.filter;
}

/** A database that answers nothing: for tests that read what `find` sends or refuses, not what comes back. */
export const emptyDb: QueryableDb = {
  collection: () => ({
    find: () => ({ toArray: async () => [] }),
    aggregate: () => ({ toArray: async () => [] }),
    countDocuments: async () => 0,
  }),
};
