/**
 * What an accepted query becomes (`toMongo(plan)`): only the operators, stages and expressions
 * the library itself writes; user text never becomes a field path, a variable or a regex pattern;
 * `$limit` is a positive integer within the page size; and the caller's base filter is kept,
 * first and unchanged, in the find filter, the `$match`, every count and every `$lookup`.
 */
import { type ParseOptions, type QueryPlan, toMongo } from '@school/query-dsl';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseFilterOption, collectionName, hostileQuery, plausibleQuery } from '../support/arbitraries.js';
import { conformanceEngines } from '../support/conformance.js';
import { seed } from '../support/dataset.js';
import { dsl } from '../support/school-collections.js';
import { baseFilterViolations, limitOf, type Scope, unexpectedOperators } from './mongo-shape.js';

/** 300 runs by default; `PROPERTY_RUNS=5000` to hunt harder. */
const RUNS = { numRuns: Number(process.env.PROPERTY_RUNS ?? 300) };

/** A hostile query on any collection, or a plausible one on students. */
const anyQuery = fc.oneof(
  fc.tuple(collectionName, hostileQuery),
  fc.tuple(fc.constant('students' as const), plausibleQuery),
);

const scopeOf =
  (baseFilter: ParseOptions['baseFilter']): Scope =>
  (collection) =>
    typeof baseFilter === 'function' ? baseFilter(collection) : baseFilter;

const collectionNamed = (name: string) => dsl.collections.get(name);

/** The plan of an accepted query, or undefined (rejections are checked in parse.test.ts). */
function planOf(collection: string, query: string, options: ParseOptions = {}): QueryPlan | undefined {
  const result = dsl.parseUntyped(collection, query, options);
  return result.ok ? result.plan : undefined;
}

describe('the MongoDB an accepted query becomes', { timeout: Math.max(10_000, RUNS.numRuns * 10) }, () => {
  it('uses only the $-keys the library writes, and user text only as literals', () => {
    fc.assert(
      fc.property(anyQuery, fc.option(baseFilterOption), ([collection, query], option) => {
        const plan = planOf(collection, query, option ? { baseFilter: option.baseFilter } : {});
        if (!plan) return;
        expect(unexpectedOperators(toMongo(plan))).toEqual([]);
      }),
      RUNS,
    );
  });

  it('limits every page to a positive integer no larger than the page size', () => {
    fc.assert(
      fc.property(anyQuery, ([collection, query]) => {
        const plan = planOf(collection, query);
        if (!plan) return;
        const limit = limitOf(toMongo(plan));
        expect(Number.isSafeInteger(limit)).toBe(true);
        expect(limit).toBeGreaterThanOrEqual(1);
        expect(limit).toBeLessThanOrEqual(plan.collection.pagination.maxPerPage);
      }),
      RUNS,
    );
  });

  it('keeps the base filter first and unchanged in every filter, count and lookup', () => {
    fc.assert(
      fc.property(anyQuery, baseFilterOption, ([collection, query], option) => {
        const plan = planOf(collection, query, { baseFilter: option.baseFilter });
        if (!plan) return;
        const violations = baseFilterViolations(toMongo(plan), scopeOf(option.baseFilter), collectionNamed);
        expect(violations, option.name).toEqual([]);
      }),
      RUNS,
    );
  });

  it('keeps a base filter that is itself an $and whole in the active count', () => {
    const baseFilter = { $and: [{ school: { $exists: true } }, { active: { $in: [true, false] } }] };
    fc.assert(
      fc.property(anyQuery, ([collection, query]) => {
        const plan = planOf(collection, query, { baseFilter });
        if (!plan) return;
        expect(baseFilterViolations(toMongo(plan), () => baseFilter, collectionNamed)).toEqual([]);
      }),
      { numRuns: Math.ceil(RUNS.numRuns / 3) },
    );
  });

  it('the MongoDB of a plan is the same every time it is built', () => {
    fc.assert(
      fc.property(anyQuery, ([collection, query]) => {
        const plan = planOf(collection, query);
        if (!plan) return;
        expect(toMongo(plan)).toEqual(toMongo(plan));
      }),
      { numRuns: Math.ceil(RUNS.numRuns / 3) },
    );
  });
});

const engines = await conformanceEngines('properties');

describe.each(engines)('accepted queries on $name', ({ db }) => {
  beforeAll(() => seed(db));

  it(
    'run without a database error and return a page no larger than asked',
    async () => {
      await fc.assert(
        fc.asyncProperty(plausibleQuery, fc.option(baseFilterOption), async (query, option) => {
          const result = await dsl.run(
            db,
            'students',
            query,
            option ? { baseFilter: option.baseFilter } : {},
          );
          if (!result.ok) return;
          const { response } = result;
          const page = Array.isArray(response) ? response : response.results;
          const parsed = dsl.parse('students', query);
          const perPage = parsed.ok ? parsed.plan.page.perPage : 100;
          expect(page.length).toBeLessThanOrEqual(perPage);
          expect(page.filter((doc) => '_search' in doc || '_sync' in doc)).toEqual([]);
          if (!Array.isArray(response)) {
            // students has an `active` flag, so its totals always split on it.
            if (!('active' in response)) throw new Error('students totals without active/inactive');
            expect(response.active + response.inactive).toBe(response.total);
            expect(response.total).toBeLessThanOrEqual(response.actual_total);
          }
        }),
        { numRuns: Math.ceil((RUNS.numRuns * 2) / 3) },
      );
    },
    Math.max(10_000, RUNS.numRuns * 20),
  );
});
