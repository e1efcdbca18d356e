/**
 * How the keys of a query string become filtered fields: plain and dotted keys, bracket-nested
 * keys, repeated keys, bracket operators beside them, `$`-keys at the top, and the limits on how
 * many fields and values one query may filter — each as the MongoDB filter it becomes, or the
 * issue (code and param) it is refused with.
 */
import { createQueryDsl, DEFAULT_LIMITS, toMongo } from '@school/query-dsl';
import { describe, expect, it } from 'vitest';
import { findFilterFor, issuesFor } from '../support/helpers.js';
import { collections } from '../support/school-collections.js';

const codes = (query: string) => issuesFor(query).map(({ code, param }) => [code, param]);

describe('keys in brackets', () => {
  it('reads a nested key as a dotted path, and several of them as several fields', () => {
    expect(findFilterFor('user[name]=Ana&user[surname]=Gil')).toEqual({
      'user.name': 'Ana',
      'user.surname': 'Gil',
    });
  });

  it('keeps bracket operators and nested keys of one key apart: the operators stay on the key', () => {
    expect(findFilterFor('user[name][$ne]=Ana&user[surname]=Gil')).toEqual({
      'user.name': { $ne: 'Ana' },
      'user.surname': 'Gil',
    });
  });

  it('gathers operators given in brackets on one field into one condition object', () => {
    expect(findFilterFor('user[name][$gte]=A&user[name][$lt]=C')).toEqual({
      'user.name': { $gte: 'A', $lt: 'C' },
    });
  });

  it('reads a repeated key as a list of values, and bracket operators beside it as more operators on the field', () => {
    expect(findFilterFor('user.name=Ana&user.name=Luis')).toEqual({ 'user.name': { $in: ['Ana', 'Luis'] } });
    expect(findFilterFor('user.name=Ana&user.name=Luis&user.name[$ne]=Luis')).toEqual({
      'user.name': { $in: ['Ana', 'Luis'], $ne: 'Luis' },
    });
  });

  it('reads a dotted key and the same path in brackets as one repeated field, in the order given', () => {
    expect(findFilterFor('user[name]=Ana&user.name=Luis')).toEqual({ 'user.name': { $in: ['Ana', 'Luis'] } });
    expect(findFilterFor('user.name=Luis&user[name]=Ana')).toEqual({ 'user.name': { $in: ['Luis', 'Ana'] } });
  });

  it('reads a plain key given after its bracket form as an equality beside the operator', () => {
    expect(findFilterFor('user.name[$ne]=Luis&user.name=Ana')).toEqual({
      'user.name': { $eq: 'Ana', $ne: 'Luis' },
    });
  });
});

describe('keys that start with $', () => {
  it('refuses an operator at the top of the query, and any nested under it', () => {
    expect(codes('$where=sleep(1000)')).toEqual([['UNSUPPORTED_OPERATOR', '$where']]);
    expect(codes('$or[0][a]=1')).toEqual([['UNSUPPORTED_OPERATOR', '$or']]);
  });

  it('names an injection attempt as such even on a field that does not exist', () => {
    expect(codes('nope[$where]=1')).toEqual(expect.arrayContaining([['UNSUPPORTED_OPERATOR', 'nope']]));
    expect(codes(`nope=${encodeURIComponent('{"$where":"1"}')}`)).toEqual(
      expect.arrayContaining([['UNSUPPORTED_OPERATOR', 'nope']]),
    );
    expect(codes(`nope=${encodeURIComponent('[{"$where":"1"}]')}`)).toEqual(
      expect.arrayContaining([['UNSUPPORTED_OPERATOR', 'nope']]),
    );
  });

  it('reports only the unknown field when the unknown field has no operator in it', () => {
    expect(codes('nope=1').map(([code]) => code)).toEqual(['UNKNOWN_FIELD']);
    expect(codes('nope={not json').map(([code]) => code)).toEqual(['UNKNOWN_FIELD']);
    expect(codes(`nope=${encodeURIComponent('{"a":1}')}`).map(([code]) => code)).toEqual(['UNKNOWN_FIELD']);
    expect(codes('nope[$gt]=1').map(([code]) => code)).toEqual(['UNKNOWN_FIELD']);
  });

  it('reads text that only starts with a brace after a space as a plain value, on unknown fields too', () => {
    const spaced = encodeURIComponent(' {"$where":"1"}');
    const newline = encodeURIComponent('\n[{"$where":"1"}]');
    expect(findFilterFor(`user.name=${spaced}`)).toEqual({ 'user.name': ' {"$where":"1"}' });
    expect(findFilterFor(`user.name=${newline}`)).toEqual({ 'user.name': '\n[{"$where":"1"}]' });
    expect(codes(`nope=${spaced}`)).toEqual([['UNKNOWN_FIELD', 'nope']]);
    expect(codes(`nope=${newline}`)).toEqual([['UNKNOWN_FIELD', 'nope']]);
  });
});

describe('how many fields one query filters', () => {
  const fields = ['user.name', 'user.surname', 'user.email', 'citizenship'];
  const query = (count: number) =>
    fields
      .slice(0, count)
      .map((field) => `${field}=x`)
      .join('&');

  it('takes up to maxFilters fields and refuses one more, naming the query', () => {
    const dsl = createQueryDsl({ collections, limits: { maxFilters: 3 } });
    const accepted = dsl.parse('students', query(3));
    expect(accepted.ok ? toMongo(accepted.plan).read : undefined).toMatchObject({
      filter: { 'user.name': 'x', 'user.surname': 'x', 'user.email': 'x' },
    });
    const refused = dsl.parse('students', query(4));
    expect(refused.ok ? [] : refused.issues.map(({ code, param }) => [code, param])).toEqual([
      ['QUERY_TOO_COMPLEX', 'query'],
    ]);
  });

  it('counts a field filtered several times once', () => {
    const dsl = createQueryDsl({ collections, limits: { maxFilters: 1 } });
    expect(dsl.parse('students', 'user.name=a&user.name=b&user.name[$ne]=c').ok).toBe(true);
  });

  it('does not count a key whose only bracket key was a refused prototype key', () => {
    const dsl = createQueryDsl({ collections, limits: { maxFilters: 1 } });
    const refused = dsl.parse('students', 'user.name=x&user.surname[__proto__]=y');
    expect(refused.ok ? [] : refused.issues.map(({ code, param }) => [code, param])).toEqual([
      ['UNKNOWN_FIELD', 'user.surname.__proto__'],
    ]);
  });

  it('is 50 unless set', () => {
    expect(DEFAULT_LIMITS.maxFilters).toBe(50);
  });
});
