/**
 * A JSON list where one value belongs (`{"$eq": [5]}`, `{"$gt": ["2025-01-01"]}`) is refused on
 * every scalar type: a list is never read as the one value inside it, whatever its text would say.
 * And a JSON value of the wrong kind is refused with the message of the field's type.
 */
import { createQueryDsl, defineCollection } from '@school/query-dsl';
import { describe, expect, it } from 'vitest';

const things = defineCollection('things', {
  schema: {
    type: 'object',
    properties: {
      score: { type: 'number' },
      done: { type: 'boolean' },
      at: { type: 'string', format: 'date-time' },
      owner: { type: 'string', format: 'objectid' },
    },
  },
});
const dsl = createQueryDsl({ collections: [things] });
const refusalOf = (query: string) => {
  const result = dsl.parse('things', query);
  return result.ok ? [] : result.issues.map(({ code, param, message }) => ({ code, param, message }));
};
const operand = (op: string, json: string) => encodeURIComponent(`{"${op}":${json}}`);

describe('a one-value list as an operand', () => {
  it.each([
    ['score', '[5]'],
    ['done', '["true"]'],
    ['at', '["2025-01-01"]'],
    ['owner', '["507f1f77bcf86cd799439011"]'],
  ])('is refused on %s: %s', (field, json) => {
    for (const op of ['$eq', '$gt']) {
      expect(refusalOf(`${field}=${operand(op, json)}`)).toEqual([
        { code: 'INVALID_VALUE', param: field, message: expect.any(String) },
      ]);
    }
  });
});

describe('a JSON value of the wrong kind', () => {
  it.each([
    ['score', 'true', 'score holds a number'],
    ['done', '1', 'done holds true or false'],
    ['at', '20250101', 'at holds a date: an ISO 8601 string'],
    ['owner', '12', 'owner holds an identifier: a 24-character hexadecimal string'],
  ])('on %s (%s) says what the field holds', (field, json, says) => {
    expect(refusalOf(`${field}=${operand('$eq', json)}`)).toEqual([
      { code: 'INVALID_VALUE', param: field, message: `Invalid value for ${field}: ${says}.` },
    ]);
  });
});

describe('a month 00 with a time of day', () => {
  it('is refused like the month 00 of a day', () => {
    expect(refusalOf(`at=${encodeURIComponent('2025-00-10T10:00:00Z')}`)).toEqual([
      { code: 'INVALID_VALUE', param: 'at', message: expect.stringContaining('is not a real date') },
    ]);
  });
});
