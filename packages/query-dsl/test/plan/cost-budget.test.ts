import { createQueryDsl, DEFAULT_LIMITS, defineCollection } from '@school/query-dsl';
import { describe, expect, it } from 'vitest';
import { collections, dsl } from '../support/school-collections.js';

const EVERY_REFERENCE =
  'populate={"school":"","parents.school":"","years.year.school":"","years.group.school":"","years.group.section.school":""}';

describe('a read over its cost budget', () => {
  it('is refused with QUERY_TOO_COMPLEX, naming the estimate, the limit and what to change', () => {
    const result = dsl.parse('students', `${EVERY_REFERENCE}&__per_page=100`);
    expect(result).toEqual({
      ok: false,
      issues: [
        {
          code: 'QUERY_TOO_COMPLEX',
          param: 'query',
          message:
            "The query's estimated cost is 8200, over the limit of 5000 " +
            '(100 records a page × (1 + 81 populated records each + 0 filter terms ÷ 10)). ' +
            'Ask for fewer records a page (__per_page), populate fewer or shorter paths, or filter and select less.',
        },
      ],
    });
  });

  it('the same populate on a smaller page is within the budget', () => {
    expect(dsl.parse('students', `${EVERY_REFERENCE}&__per_page=50`).ok).toBe(true);
  });

  it('the default budget leaves the usual reads far below it (the default populate on the largest page)', () => {
    expect(DEFAULT_LIMITS.maxCost).toBe(5000);
    expect(
      dsl.parse('students', 'populate=true&__per_page=100&active=true&__sort[user.surname]=asc').ok,
    ).toBe(true);
  });

  it('is only checked once the query is otherwise valid: other issues come first and alone', () => {
    const result = dsl.parse('students', `${EVERY_REFERENCE}&__per_page=100&active=maybe`);
    expect(result.ok ? [] : result.issues.map((issue) => issue.code)).toEqual(['INVALID_VALUE']);
  });
});

describe('the budget is configurable', () => {
  it('per query reader, with limits.maxCost', () => {
    const strict = createQueryDsl({ collections, limits: { maxCost: 100 } });
    expect(strict.limits.maxCost).toBe(100);
    expect(strict.parse('students', '__per_page=100').ok).toBe(true);
    expect(strict.parse('students', '__per_page=100&active=true')).toMatchObject({
      ok: false,
      issues: [
        { code: 'QUERY_TOO_COMPLEX', message: expect.stringContaining('cost is 110, over the limit of 100') },
      ],
    });
  });

  it('with limits.arrayFanOut, the records an array of references is assumed to reach', () => {
    const generous = createQueryDsl({ collections, limits: { arrayFanOut: 1 } });
    expect(generous.parse('students', `${EVERY_REFERENCE}&__per_page=100`).ok).toBe(true);
  });

  it("per collection, with the collection's maxCost, which replaces the reader's limit", () => {
    const logs = defineCollection('logs', {
      schema: { type: 'object', properties: { at: { type: 'string', format: 'date-time' } } },
      pagination: { maxPerPage: 1000 },
      maxCost: 1000,
    });
    const reader = createQueryDsl({ collections: [logs] });
    expect(reader.parse('logs', '__per_page=1000').ok).toBe(true);
    expect(reader.parse('logs', '__per_page=1000&at[$gte]=2025-01-01')).toMatchObject({
      ok: false,
      issues: [{ code: 'QUERY_TOO_COMPLEX', message: expect.stringContaining('over the limit of 1000') }],
    });
  });

  it('refuses a limit or a collection budget that is not a positive integer when it is defined', () => {
    expect(() => createQueryDsl({ collections, limits: { maxCost: 0 } })).toThrow(
      new TypeError('limits.maxCost must be a positive integer.'),
    );
    expect(() => createQueryDsl({ collections, limits: { arrayFanOut: 1.5 } })).toThrow(/arrayFanOut/);
    expect(() =>
      defineCollection('logs', { schema: { type: 'object', properties: {} }, maxCost: -1 }),
    ).toThrow(new TypeError('logs: maxCost must be a positive integer.'));
  });
});
