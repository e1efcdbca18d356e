import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/core/limits.js';
import { estimateCost } from '../../src/plan/cost.js';
import { createQueryDsl } from '../../src/query-dsl.js';
import { collections, dsl } from '../support/school-collections.js';

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

  it('adds the terms of a select $elemMatch to the one of its path, and refuses a page they put over budget', () => {
    const query = 'select={"years":{"$elemMatch":{"enrolled":true,"registered":false}}}';
    // The $elemMatch path is one term and each of its two conditions another: 20 rows × (1 + 3 ÷ 10).
    expect(estimate(query)).toEqual({ cost: 26, rows: 20, populatedPerRow: 0, terms: 3 });
    const tight = createQueryDsl({ collections, limits: { maxCost: 25 } });
    const refused = tight.parseUntyped('students', query);
    expect(refused.ok ? [] : refused.issues.map((issue) => issue.message)).toEqual([
      expect.stringContaining("The query's estimated cost is 26, over the limit of 25"),
    ]);
    expect(tight.parseUntyped('students', 'select={"years":{"$elemMatch":{"enrolled":true}}}').ok).toBe(true);
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

/** The estimate with the filter's work over `recordCount` records (default fan-out 10). */
function estimateOver(recordCount: number, query: string) {
  const result = dsl.parseUntyped('students', query);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return estimateCost(result.plan, DEFAULT_LIMITS.arrayFanOut, recordCount);
}

const ids = (count: number) =>
  `[${Array.from({ length: count }, (_, i) => `"${String(i).padStart(24, '0')}"`)}]`;

/** The read of issue #25: a page of one, three lists over array fields, with totals. */
const HEAVY_NIN = `years.group[$nin]=${ids(100)}&years.year[$nin]=${ids(100)}&parents[$nin]=${ids(96)}&__include_totals=true&__per_page=1`;

describe('the work of the filter over the records it examines', () => {
  it('counts nothing without a record count: the page alone, as before', () => {
    expect(estimate(HEAVY_NIN)).toMatchObject({ cost: 31, scan: undefined });
  });

  it('examines every record once per pass, at one comparison each plus one per condition', () => {
    expect(estimateOver(3000, '').scan).toEqual({
      cost: 3,
      examined: 3000,
      index: undefined,
      passes: 1,
      comparisons: 1,
      unfiltered: 0,
    });
    // active=true: 2 comparisons; totals add `total` and `active` passes and `actual_total`'s records.
    expect(estimateOver(3000, 'active=true&__include_totals=true')).toMatchObject({
      cost: 22 + Math.ceil((3000 * 3 * 2 + 3000) / 1000),
      scan: { examined: 3000, passes: 3, comparisons: 2, unfiltered: 3000 },
    });
  });

  it('multiplies each list value on an array field by the fan-out assumption', () => {
    // 1 + 100 × 10 + 100 × 10 + 96 × 10 comparisons a record, 3 passes, 3000 records.
    const heavy = estimateOver(3000, HEAVY_NIN);
    expect(heavy.scan).toMatchObject({ comparisons: 2961, passes: 3, examined: 3000, index: undefined });
    expect(heavy.cost).toBe(31 + Math.ceil((3000 * 3 * 2961 + 3000) / 1000));
    expect(heavy.cost).toBeGreaterThan(DEFAULT_LIMITS.maxCost);
    // A list on a field outside arrays counts each value once.
    expect(estimateOver(3000, 'user.name[$nin]=["a","b","c"]').scan).toMatchObject({ comparisons: 4 });
  });

  it('grows in step with the records: twice the records, at most twice the work', () => {
    const small = estimateOver(1000, HEAVY_NIN).scan!.cost;
    expect(estimateOver(2000, HEAVY_NIN).scan!.cost).toBeLessThanOrEqual(2 * small);
  });

  it('examines only what an index selects when the filter bounds the first field of one', () => {
    // _id: one record a value.
    expect(estimateOver(3000, `_id[$in]=${ids(30)}&parents[$nin]=${ids(96)}`).scan).toMatchObject({
      examined: 30,
      index: '_id',
    });
    // Another indexed field: a tenth of the records a value, the narrowest bound of the filter.
    expect(estimateOver(3000, `years.group="${'1'.repeat(24)}"&parents[$nin]=${ids(96)}`).scan).toMatchObject(
      {
        examined: 300,
        index: 'years.group',
      },
    );
    expect(estimateOver(3000, `school[$in]=${ids(3)}&_id="${'2'.repeat(24)}"`).scan).toMatchObject({
      examined: 1,
      index: '_id',
    });
    // A range, an elemMatch on an indexed path and a search word: a third of the records.
    expect(estimateOver(3000, `_id[$gt]="${'0'.repeat(24)}"`).scan).toMatchObject({ examined: 1000 });
    expect(
      estimateOver(3000, `elemMatch={"property":"years","parameters":{"year":"${'1'.repeat(24)}"}}`).scan,
    ).toMatchObject({ examined: 300, index: 'years.year' });
    expect(estimateOver(3000, 'global_search=ana').scan).toMatchObject({
      examined: 1000,
      index: 'global_search',
    });
  });

  it('finds no bound in $nin, $ne or $exists, nor in a field without an index', () => {
    for (const query of [
      `years.group[$nin]=${ids(2)}`,
      `years.group[$ne]="${'1'.repeat(24)}"`,
      'years.group[$exists]=true',
      'citizenship="CR"',
    ]) {
      expect(estimateOver(3000, query).scan, query).toMatchObject({ examined: 3000, index: undefined });
    }
  });
});

describe('the budget with a record count', () => {
  it('refuses the heavy read, naming the estimate, the limit, the filter’s work and what to change', () => {
    const result = dsl.parseUntyped('students', HEAVY_NIN, { recordCount: 3000 });
    expect(result.ok).toBe(false);
    const [issue] = result.ok ? [] : result.issues;
    expect(issue).toMatchObject({ code: 'QUERY_TOO_COMPLEX', param: 'query' });
    expect(issue!.message).toBe(
      "The query's estimated cost is 26683, over the limit of 5000: 31 for the page " +
        '(1 records a page × (1 + 0 populated records each + 296 filter terms ÷ 10)) and 26652 for the ' +
        "filter's work (3000 records examined 3 times × 2961 comparisons each + 3000 for actual_total, ÷ 1000). " +
        'Narrow the filter by an indexed field (_id, school, parents, years.year, years.group, user.id_card, global_search) ' +
        'with a value, a short $in list or a range; use shorter $in/$nin lists and fewer $ne conditions, ' +
        'above all on array fields; or leave out __include_totals.',
    );
  });

  it('accepts the usual reads of a school of thousands, and the heavy one narrowed by an index', () => {
    for (const query of [
      '',
      '__per_page=100&__include_totals=true',
      'active=true&user.name[$ne]="Ana"&__include_totals=true&__sort[user.surname]=asc',
      `years.year[$in]=${ids(10)}&years.enrolled=true&__include_totals=true`,
      'global_search=ana maria&__include_totals=true',
      'populate=true&__per_page=100',
      // The heavy read's lists, narrowed to one group by its index (its query string is within 8 KiB).
      `years.group="${'1'.repeat(24)}"&years.year[$nin]=${ids(100)}&parents[$nin]=${ids(96)}&__include_totals=true`,
    ]) {
      const result = dsl.parseUntyped('students', query, { recordCount: 5000 });
      expect(result.ok ? [] : result.issues, query).toEqual([]);
    }
  });

  it('refuses a record count that is not a non-negative integer, as a programmer error', () => {
    expect(() => dsl.parseUntyped('students', '', { recordCount: -1 })).toThrow(TypeError);
  });
});
