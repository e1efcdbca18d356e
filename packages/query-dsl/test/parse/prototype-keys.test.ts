/**
 * Issue 8.3: `__proto__`, `constructor` and `prototype` are never fields nor parameters. Whether
 * they come as a top-level key, a bracket key (read by the small flat reader or by qs, which drops
 * `__proto__` on its own) or a key of a JSON value, the query is refused with `UNKNOWN_FIELD` —
 * never answered with the unfiltered page.
 */
import { defineCollection } from '@school/query-dsl';
import { describe, expect, it } from 'vitest';
import { issuesFor } from '../support/helpers.js';
import { dsl } from '../support/school-collections.js';

const refusal = (param: string) => ({
  code: 'UNKNOWN_FIELD',
  param,
  message: expect.stringMatching(/is not a field or a parameter: .*never field names; remove it\.$/),
});

describe('prototype keys are refused, never dropped', () => {
  it.each<[string, string]>([
    ['?__proto__[school]=x', '__proto__'],
    ['__proto__=1', '__proto__'],
    ['select[__proto__]=1', 'select.__proto__'],
    ['__sort[__proto__]=asc', '__sort.__proto__'],
    ['populate[__proto__]=x', 'populate.__proto__'],
    ['user[__proto__]=x', 'user.__proto__'],
    ['constructor=1', 'constructor'],
    ['user[constructor]=1', 'user.constructor'],
    ['select[prototype]=1', 'select.prototype'],
    ['%5F%5Fproto%5F%5F[school]=x', '__proto__'],
  ])('%s read by the flat reader is UNKNOWN_FIELD %s', (query, param) => {
    expect(issuesFor(query)).toEqual([refusal(param)]);
  });

  it.each<[string, string]>([
    ['a[__proto__][b]=1', 'a.__proto__'],
    ['__proto__[a][b]=1', '__proto__'],
    ['user[name][__proto__]=1&user[name][$ne]=x', 'user.name.__proto__'],
    ['user[name][constructor][x]=1', 'user.name.constructor'],
    ['%5F%5Fproto%5F%5F[x][y]=1', '__proto__'],
  ])('%s read by qs is UNKNOWN_FIELD %s', (query, param) => {
    expect(issuesFor(query)).toContainEqual(refusal(param));
  });

  it.each<[string, string]>([
    ['select={"__proto__":1}', 'select.__proto__'],
    [
      'select={"user.name":1,"years":{"$elemMatch":{"constructor":true}}}',
      'select.years.$elemMatch.constructor',
    ],
    ['populate={"school":"name","prototype":""}', 'populate.prototype'],
    [
      'elemMatch={"property":"years","parameters":{"__proto__":{"enrolled":true}}}',
      'elemMatch.parameters.__proto__',
    ],
    [
      'elemMatch={"property":"years","parameters":{"\\u0063onstructor":1}}',
      'elemMatch.parameters.constructor',
    ],
    ['user.name={"$in":[{"__proto__":1}]}', 'user.name.$in.0.__proto__'],
    ['__sort={"__proto__":"asc"}', '__sort.__proto__'],
  ])('%s as JSON is UNKNOWN_FIELD %s', (query, param) => {
    expect(issuesFor(query)).toEqual([refusal(param)]);
  });

  it('a refused prototype key does not hide the other issues of the query', () => {
    const codes = issuesFor('__proto__[school]=x&user.nmae=Ana&__page=0').map((issue) => issue.code);
    expect(codes.sort()).toEqual(['INVALID_PAGINATION', 'UNKNOWN_FIELD', 'UNKNOWN_FIELD']);
  });

  it('an object handed over by a framework with an own __proto__ key is refused too', () => {
    const input = JSON.parse('{"__proto__":{"school":"x"},"user.name":"Ana"}') as Record<string, unknown>;
    const result = dsl.parse('students', input);
    expect(result.ok ? [] : result.issues).toContainEqual(refusal('__proto__'));
  });

  it('nothing is written to Object.prototype on the way', () => {
    issuesFor('__proto__[polluted]=1&a[__proto__][polluted]=1&constructor[prototype][polluted]=1');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a schema cannot name a field __proto__, constructor or prototype', () => {
    const schema = JSON.parse(
      '{"type":"object","properties":{"user":{"type":"object","properties":{"constructor":{"type":"string"}}}}}',
    );
    expect(() => defineCollection('people', { schema })).toThrow(
      /"user.constructor": "constructor" cannot be a field name/,
    );
  });
});
