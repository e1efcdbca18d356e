/**
 * `dsl.find` reads a typed description without writing it as a query string; it must still be the
 * query string's twin: for any description, valid or not, `find` sends MongoDB the same arguments
 * (or answers the same issues) as `run` on the query string `buildQuery` writes for it.
 */
import {
  buildQuery,
  type CollectionDefinition,
  type MongoDocument,
  type QueryableDb,
  type QuerySpec,
} from '@school/query-dsl';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dsl, students } from '../school-collections.js';
import { describedQuery, specOf } from './arbitraries.js';

const RUNS = { numRuns: Number(process.env.PROPERTY_RUNS ?? 200) };

/** A database that answers nothing and keeps every command it was sent, in order. */
function recordingDb(): { db: QueryableDb; sent: unknown[] } {
  const sent: unknown[] = [];
  const db: QueryableDb = {
    collection: (name) => ({
      find: (filter: MongoDocument, options?: MongoDocument) => {
        sent.push({ name, find: filter, options });
        return { toArray: async () => [] };
      },
      aggregate: (pipeline: MongoDocument[], options?: MongoDocument) => {
        sent.push({ name, aggregate: pipeline, options });
        return { toArray: async () => [] };
      },
      countDocuments: async (filter: MongoDocument) => {
        sent.push({ name, count: filter });
        return 0;
      },
    }),
  };
  return { db, sent };
}

const untyped: CollectionDefinition = students;

async function bothWays(spec: QuerySpec<Record<string, unknown>>) {
  const viaFind = recordingDb();
  const viaString = recordingDb();
  const found = await dsl.find(viaFind.db, 'students', spec);
  const ran = await dsl.runUntyped(viaString.db, 'students', buildQuery(untyped, spec));
  return {
    find: { result: found.ok ? found.query : found.issues, sent: viaFind.sent },
    string: { result: ran.ok ? ran.query : ran.issues, sent: viaString.sent },
  };
}

/** Descriptions a type checker would refuse or a validator would: unknown fields, bad pages and orders, junk values. */
const badSpec: fc.Arbitrary<QuerySpec<Record<string, unknown>>> = fc
  .record(
    {
      filter: fc.dictionary(
        fc.constantFrom('user.name', 'user.nmae', 'active', 'created_at', 'school', 'years', '$where'),
        fc.oneof(
          fc.jsonValue({ maxDepth: 2 }),
          fc.record({ $gte: fc.jsonValue({ maxDepth: 1 }) }),
          fc.record({ $in: fc.jsonValue({ maxDepth: 1 }) }),
          fc.record({ $regex: fc.string() }),
        ),
        { maxKeys: 3 },
      ),
      select: fc.array(fc.constantFrom('user.name', 'nmae', 'user', '_search', '$where'), { maxLength: 3 }),
      exclude: fc.array(fc.constantFrom('user.email', 'active'), { maxLength: 2 }),
      populate: fc.dictionary(fc.constantFrom('school', 'user.name', 'parents', 'nmae'), fc.string(), {
        maxKeys: 2,
      }),
      sort: fc.dictionary(
        fc.constantFrom('user.name', 'years', 'nmae'),
        fc.constantFrom<unknown>('asc', -1, 'up', 2, null),
        { maxKeys: 2 },
      ),
      search: fc.string({ maxLength: 12 }),
      page: fc.integer({ min: -2, max: 10_000 }),
      perPage: fc.integer({ min: -2, max: 500 }),
      includeTotals: fc.boolean(),
    },
    { requiredKeys: [] },
  )
  // What a caller without types (or with `any`) hands over: only the run-time checks stand.
  .map((spec) => spec as QuerySpec<Record<string, unknown>>);

describe('dsl.find reads a description as the parser reads its query string', () => {
  it('sends MongoDB the same arguments for any valid description', { timeout: 60_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(describedQuery, async (query) => {
        const { find, string } = await bothWays(specOf(query));
        expect(find.result).not.toBeInstanceOf(Array);
        expect(find).toEqual(string);
      }),
      RUNS,
    );
  });

  it('refuses a description whose query string would be over the length limit, as the string is', async () => {
    const { find, string } = await bothWays({ filter: { 'user.name': 'é'.repeat(1500) } });
    expect(find.result).toEqual([
      {
        code: 'QUERY_TOO_COMPLEX',
        param: 'query',
        message: 'The query string is longer than 8192 bytes; narrow the request or split it.',
      },
    ]);
    expect(find).toEqual(string);
  });

  it('answers the same issues (or arguments) for any description, valid or not', {
    timeout: 60_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(badSpec, async (spec) => {
        const { find, string } = await bothWays(spec);
        expect(find).toEqual(string);
      }),
      RUNS,
    );
  });
});
