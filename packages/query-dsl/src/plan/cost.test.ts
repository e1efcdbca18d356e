import { describe, expect, it } from 'vitest';
import { dsl } from '../../test/school-collections.js';
import { DEFAULT_LIMITS } from '../core/limits.js';
import { estimateCost } from './cost.js';

/** The estimate of a students query under the default fan-out assumption (10 records per array). */
function estimate(query: string, collection = 'students') {
  const result = dsl.parseUntyped(collection, query);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return estimateCost(result.plan, DEFAULT_LIMITS.arrayFanOut);
}

describe('the estimated cost of a read', () => {
  it('is the page size for a plain page', () => {
    expect(estimate('')).toEqual({ cost: 20, rows: 20, populatedPerRow: 0, terms: 0 });
    expect(estimate('__per_page=100')).toEqual({ cost: 100, rows: 100, populatedPerRow: 0, terms: 0 });
  });

  it('adds a tenth of a record per filter term, each $in value a term', () => {
    expect(estimate('active=true&user.name[$ne]="Ana"')).toMatchObject({ cost: 24, terms: 2 });
    const ids = Array.from({ length: 30 }, (_, index) => `"${String(index).padStart(24, '0')}"`);
    expect(estimate(`_id[$in]=[${ids}]&__per_page=10`)).toEqual({
      cost: 40,
      rows: 10,
      populatedPerRow: 0,
      terms: 30,
    });
  });

  it('counts search words, select names, elemMatch conditions and sort keys as terms', () => {
    expect(
      estimate(
        'global_search=ana maria&select=user.name user.surname&__sort[user.surname]=asc' +
          '&elemMatch={"property":"years","parameters":{"enrolled":true,"registered":false}}',
      ),
    ).toMatchObject({ terms: 2 + 2 + 1 + 2 });
  });

  it('counts one record per single reference and the fan-out assumption per array of references', () => {
    expect(estimate('populate={"school":"name"}')).toMatchObject({ populatedPerRow: 1, cost: 40 });
    expect(estimate('populate={"parents":""}')).toMatchObject({ populatedPerRow: 10 });
    // The collection's default: school, years.year and years.group.
    expect(estimate('populate=true&__per_page=100')).toMatchObject({ populatedPerRow: 21, cost: 2200 });
  });

  it('multiplies along a chain: each populated record populates its own references', () => {
    // years.group (10 per student) → section (1 per group) → school (1 per section).
    expect(estimate('populate={"years.group.section.school":""}')).toMatchObject({
      populatedPerRow: 10 * (1 + 1 * (1 + 1)),
    });
    expect(
      estimate(
        'populate={"school":"","parents.school":"","years.year.school":"","years.group.school":"","years.group.section.school":""}&__per_page=50',
      ),
    ).toEqual({ cost: 50 * (1 + 81), rows: 50, populatedPerRow: 1 + 20 + 20 + 40, terms: 0 });
  });
});
