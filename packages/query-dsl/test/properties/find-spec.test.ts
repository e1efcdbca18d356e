/**
 * `dsl.find` reads a typed description without writing it as a query string; it must still be the
 * query string's twin: for any description, valid or not, `find` sends MongoDB the same arguments
 * (or answers the same issues) as `run` on the query string `buildQuery` writes for it. The values
 * `buildQuery` throws on (an invalid `Date`, NaN, ±Infinity) are left out of the generators: `find`
 * answers them with `INVALID_VALUE` (test/validate/find-takes-typed-values-and-answers-wrong-types-with-issues.test.ts).
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
import { describedQuery, specOf } from '../support/arbitraries.js';
import { type CollectionName, dsl, students, years } from '../support/school-collections.js';
import { badSpec, numberSpec, typedDescribedSpec } from './typed-specs.js';

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

async function bothWays(
  spec: QuerySpec<Record<string, unknown>>,
  collection: CollectionDefinition & { readonly name: CollectionName } = students,
) {
  const viaFind = recordingDb();
  const viaString = recordingDb();
  // The school's records have fields every record holds, which a description of any record cannot
  // promise: cast to what `dsl.find` takes for a collection named at run time.
  const found = await dsl.find(viaFind.db, collection.name, spec as Parameters<typeof dsl.find>[2]);
  const ran = await dsl.runUntyped(viaString.db, collection.name, buildQuery(collection, spec));
  return {
    find: { result: found.ok ? found.query : found.issues, sent: viaFind.sent },
    string: { result: ran.ok ? ran.query : ran.issues, sent: viaString.sent },
  };
}

describe('dsl.find reads a description as the parser reads its query string', () => {
  it('sends MongoDB the same arguments for any valid description', { timeout: 60_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(describedQuery.map(specOf), typedDescribedSpec), async (spec) => {
        const { find, string } = await bothWays(spec);
        expect(find.result).not.toBeInstanceOf(Array);
        expect(find).toEqual(string);
      }),
      RUNS,
    );
  });

  it('sends the same arguments or answers the same issues for numbers, typed or as text', async () => {
    await fc.assert(
      fc.asyncProperty(numberSpec, async (spec) => {
        const { find, string } = await bothWays(spec, years);
        expect(find).toEqual(string);
      }),
      RUNS,
    );
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
