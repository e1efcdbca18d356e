import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { readTokenListQuery } from '../../src/auth/token-list-query.js';
import { HttpError } from '../../src/errors/http-error.js';

/** The entries a query is refused with, as `[code, param]`. */
function refusal(query: string): Array<[string, string]> {
  try {
    readTokenListQuery(query);
  } catch (error) {
    if (error instanceof HttpError) return error.entries.map((entry) => [entry.code, entry.param]);
    throw error;
  }
  throw new Error(`${query} was read`);
}

describe('readTokenListQuery', () => {
  it('reads the first page of 20 without a query', () => {
    expect(readTokenListQuery('')).toEqual({ skip: 0, perPage: 20, includeTotals: false, filter: {} });
  });

  it('reads pages, totals and every filter', () => {
    const school = '64b7f0c2a1b2c3d4e5f60718';
    expect(
      readTokenListQuery(
        `__page=3&__per_page=7&__include_totals=true&active=false&name=a%20b&school=${school}`,
      ),
    ).toEqual({
      skip: 14,
      perPage: 7,
      includeTotals: true,
      filter: { active: false, name: 'a b', school: new ObjectId(school) },
    });
    expect(readTokenListQuery('school=*').filter).toEqual({ school: '*' });
  });

  it('refuses every problem at once, with the host’s codes', () => {
    expect(refusal('__page=-1&__per_page=x&active=1&school=abc&name=&other=1')).toEqual([
      ['UNKNOWN_FIELD', 'other'],
      ['INVALID_PAGINATION', '__per_page'],
      ['INVALID_PAGINATION', '__page'],
      ['INVALID_VALUE', 'active'],
      ['INVALID_VALUE', 'name'],
      ['INVALID_VALUE', 'school'],
    ]);
  });

  it('refuses a key given twice, and a page past the last exact one', () => {
    expect(refusal('__page=1&__page=2&school=*&school=*')).toEqual([
      ['INVALID_PAGINATION', '__page'],
      ['INVALID_VALUE', 'school'],
    ]);
    expect(refusal('__page=90071992547410')).toEqual([['INVALID_PAGINATION', '__page']]);
  });
});
