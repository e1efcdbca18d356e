/**
 * `dsl.find` has no query string to measure: a description's size, counted in one walk, stands
 * for it under `maxQueryLength` and in the cost budget's shortcut. These hold the count to what it
 * promises: the parameters its query string has, never more characters than that string has (so
 * a refusal for length is one the string would get too), and at least one per filter term.
 */
import { buildQuery, type QuerySpec } from '@school/query-dsl';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateCost } from '../../src/plan/cost.js';
import { descriptionSize } from '../../src/spec/description-size.js';
import { type CollectionName, dsl, students, years } from '../school-collections.js';
import { describedQuery, specOf } from './arbitraries.js';
import { badSpec, numberSpec, typedDescribedSpec } from './typed-specs.js';

const RUNS = { numRuns: Number(process.env.PROPERTY_RUNS ?? 500) };

type AnySpec = QuerySpec<Record<string, unknown>>;

const anySpec: fc.Arbitrary<[CollectionName, AnySpec]> = fc.oneof(
  describedQuery.map((query): [CollectionName, AnySpec] => ['students', specOf(query)]),
  typedDescribedSpec.map((spec): [CollectionName, AnySpec] => ['students', spec]),
  badSpec.map((spec): [CollectionName, AnySpec] => ['students', spec]),
  numberSpec.map((spec): [CollectionName, AnySpec] => ['years', spec]),
);

describe('the size of a typed description', () => {
  it('counts the parameters of its query string, and no more characters than that string has', () => {
    fc.assert(
      fc.property(anySpec, ([collection, spec]) => {
        const text = buildQuery(collection === 'years' ? years : students, spec);
        const size = descriptionSize(spec, dsl.limits.maxDepth);
        expect(size.parameters).toBe(text === '' ? 0 : text.split('&').length);
        expect(size.length).toBeLessThanOrEqual(text.length);
      }),
      RUNS,
    );
  });

  it('counts at least one character per filter term, as the cost budget’s shortcut assumes', async () => {
    await fc.assert(
      fc.asyncProperty(anySpec, async ([collection, spec]) => {
        const result = dsl.parseUntyped(
          collection,
          buildQuery(collection === 'years' ? years : students, spec),
        );
        if (!result.ok || result.plan.populate.length > 0) return;
        const { terms } = estimateCost(result.plan, dsl.limits.arrayFanOut);
        const forced = result.plan.collection.search?.resultFields.length ?? 0;
        expect(terms).toBeLessThanOrEqual(descriptionSize(spec, dsl.limits.maxDepth).length + forced);
      }),
      RUNS,
    );
  });
});
