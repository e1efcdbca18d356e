/**
 * The cost budget skips counting for a short query string without populate, on the grounds that
 * every filter term takes at least one character of the query string (plus a search's result
 * fields). This holds it to that: for generated requests, the terms the estimate counts never
 * exceed the query's length plus those fields, so the skip never lets a read over the budget pass.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateCost } from '../../src/plan/cost.js';
import { collectionName, hostileQuery, plausibleQuery } from '../support/arbitraries.js';
import { dsl } from '../support/school-collections.js';

function checkBound(collection: string, query: string): void {
  const result = dsl.parseUntyped(collection, query);
  if (!result.ok || result.plan.populate.length > 0) return;
  const { terms } = estimateCost(result.plan, dsl.limits.arrayFanOut);
  const forced = result.plan.collection.search?.resultFields.length ?? 0;
  expect(terms).toBeLessThanOrEqual(query.length + forced);
}

describe('the short-query skip of the cost budget', () => {
  it('never counts more terms than the query string has characters (plausible requests)', () => {
    fc.assert(fc.property(collectionName, plausibleQuery, checkBound), { numRuns: 3000 });
  });

  it('never counts more terms than the query string has characters (hostile requests)', () => {
    fc.assert(fc.property(collectionName, hostileQuery, checkBound), { numRuns: 2000 });
  });

  it('holds for the densest forms: one-character values, lists, words and names', () => {
    const dense = [
      `user.name[$in]=[${Array.from({ length: 100 }, () => '"a"').join(',')}]`,
      `user.name=${Array.from({ length: 100 }, () => 'a').join('&user.name=')}`,
      'global_search=a b c d e f g h i j',
      'select=_id user user.name user.surname',
      '__sort[user.name]=1&__sort[user.surname]=-1&__sort[created_at]=1',
      'elemMatch={"property":"years","parameters":{"enrolled":true,"registered":false}}',
    ];
    for (const query of dense) checkBound('students', query);
  });
});
