/**
 * Operators on one field in each form a query string may give them — a repeated key, the bracket
 * form (`a[$gt]=1`, `a[$in][]=x`) and the JSON form (`a={"$gt":1}`, `a=["x","y"]`) — as the
 * MongoDB filter they become, and the issue (code and param) each malformed one is refused with.
 * Every bad value of a query is reported, not only the first.
 */
import { createQueryDsl, DEFAULT_LIMITS } from '@school/query-dsl';
import { describe, expect, it } from 'vitest';
import { findFilterFor, issuesFor } from '../support/helpers.js';
import { collections } from '../support/school-collections.js';

const json = (value: string) => encodeURIComponent(value);
const codes = (query: string) => issuesFor(query).map(({ code, param }) => [code, param]);

describe('the JSON form', () => {
  it('reads an object of operators, and a list as $in', () => {
    expect(findFilterFor(`user.name=${json('{"$gte":"A","$lt":"C"}')}`)).toEqual({
      'user.name': { $gte: 'A', $lt: 'C' },
    });
    expect(findFilterFor(`user.name=${json('["Ana","Luis"]')}`)).toEqual({
      'user.name': { $in: ['Ana', 'Luis'] },
    });
    expect(findFilterFor(`user.name=${json('{"$nin":["Ana"],"$exists":true}')}`)).toEqual({
      'user.name': { $nin: ['Ana'], $exists: true },
    });
  });

  it('refuses an empty object and an object with a field name in it', () => {
    expect(codes(`user.name=${json('{}')}`)).toEqual([['INVALID_VALUE', 'user.name']]);
    expect(codes(`user.name=${json('{"$eq":"Ana","first":"x"}')}`)).toEqual([['INVALID_VALUE', 'user.name']]);
  });

  it('refuses text that is not JSON as invalid JSON where text is no value, and takes it as text where it is', () => {
    expect(codes(`active=${json('{"$eq":')}`)).toEqual([['INVALID_JSON', 'active']]);
    expect(codes(`active=${json('[1,')}`)).toEqual([['INVALID_JSON', 'active']]);
    expect(findFilterFor(`user.name=${json('{"$eq":')}`)).toEqual({ 'user.name': '{"$eq":' });
    expect(findFilterFor(`user.name=${json('[1,')}`)).toEqual({ 'user.name': '[1,' });
  });

  it('refuses an operator outside the supported list, wherever it hides', () => {
    expect(codes(`user.name=${json('{"$regex":"^A"}')}`)).toEqual([['UNSUPPORTED_OPERATOR', 'user.name']]);
    expect(codes(`user.name=${json('["Ana",{"$where":"1"}]')}`)).toEqual([
      ['UNSUPPORTED_OPERATOR', 'user.name'],
    ]);
    expect(codes(`user.name=${json('{"$in":[{"$where":"1"}]}')}`)).toEqual([
      ['UNSUPPORTED_OPERATOR', 'user.name'],
    ]);
  });

  it('takes a list for $in and $nin only, and true or false for $exists', () => {
    expect(codes(`user.name=${json('{"$in":"Ana"}')}`)).toEqual([['INVALID_VALUE', 'user.name']]);
    expect(codes(`user.name=${json('{"$exists":"true"}')}`)).toEqual([['INVALID_VALUE', 'user.name']]);
    expect(findFilterFor(`user.name=${json('{"$exists":false}')}`)).toEqual({
      'user.name': { $exists: false },
    });
  });
});

describe('the bracket form', () => {
  it('reads each operator with its value coerced by the field type', () => {
    expect(findFilterFor('active[$ne]=false')).toEqual({ active: { $ne: false } });
    expect(findFilterFor('user.name[$gt]=M')).toEqual({ 'user.name': { $gt: 'M' } });
  });

  it('reads $exists as true or false, and refuses anything else', () => {
    expect(findFilterFor('user.name[$exists]=true')).toEqual({ 'user.name': { $exists: true } });
    expect(findFilterFor('user.name[$exists]=false')).toEqual({ 'user.name': { $exists: false } });
    expect(codes('user.name[$exists]=yes')).toEqual([['INVALID_VALUE', 'user.name']]);
    expect(codes('user.name[$exists]=1')).toEqual([['INVALID_VALUE', 'user.name']]);
  });

  it('refuses a list of repeated [] keys that holds an object beside its values, with an issue, not a throw', () => {
    expect(codes('user.name[$in][]=Ana&user.name[$in][][x]=Luis')).toEqual([['INVALID_VALUE', 'user.name']]);
    expect(codes('user.name[$nin][0][x]=Ana&user.name[$nin][1]=Luis')).toEqual([
      ['INVALID_VALUE', 'user.name'],
    ]);
  });

  it('reads $in and $nin from a JSON list or from repeated [] keys', () => {
    expect(findFilterFor(`user.name[$in]=${json('["Ana","Luis"]')}`)).toEqual({
      'user.name': { $in: ['Ana', 'Luis'] },
    });
    expect(findFilterFor('user.name[$nin][]=Ana&user.name[$nin][]=Luis')).toEqual({
      'user.name': { $nin: ['Ana', 'Luis'] },
    });
    expect(findFilterFor('active[$in][]=true&active[$in][]=null')).toEqual({ active: { $in: [true, null] } });
  });

  it('refuses one bare value for $in: a list is written as one', () => {
    expect(codes('user.name[$in]=Ana')).toEqual([['INVALID_VALUE', 'user.name']]);
    expect(codes('user.name[$nin]=Ana')).toEqual([['INVALID_VALUE', 'user.name']]);
  });

  it('refuses a list of anything but values for $in, and a JSON list that is not JSON', () => {
    expect(codes('user.name[$in][0][a]=x')).toEqual([['INVALID_VALUE', 'user.name']]);
    expect(codes(`user.name[$in]=${json('["Ana",')}`)).toEqual([['INVALID_JSON', 'user.name']]);
    expect(codes(`user.name[$in]=${json('[{"$where":"1"}]')}`)).toEqual([
      ['UNSUPPORTED_OPERATOR', 'user.name'],
    ]);
  });

  it('refuses an object where one value belongs, and names a forbidden operator inside it', () => {
    expect(codes('user.name[$gt][x]=1')).toEqual([['INVALID_VALUE', 'user.name']]);
    expect(codes('user.name[$gt][$where]=1')).toEqual([['UNSUPPORTED_OPERATOR', 'user.name']]);
  });

  it('refuses an operator outside the supported list', () => {
    expect(codes('user.name[$regex]=A')).toEqual([['UNSUPPORTED_OPERATOR', 'user.name']]);
  });
});

describe('values and operators together', () => {
  it('puts the plain value first, then the operators in the order given', () => {
    expect(findFilterFor(`user.name=Ana&user.name=${json('{"$ne":"Luis"}')}`)).toEqual({
      'user.name': { $eq: 'Ana', $ne: 'Luis' },
    });
    expect(findFilterFor(`user.name=Ana&user.name=Eva&user.name=${json('{"$ne":"Luis"}')}`)).toEqual({
      'user.name': { $in: ['Ana', 'Eva'], $ne: 'Luis' },
    });
  });

  it('reports every bad value of a list, not only the first', () => {
    expect(codes('active=yes&active=no')).toEqual([
      ['INVALID_VALUE', 'active'],
      ['INVALID_VALUE', 'active'],
    ]);
    expect(codes(`active=${json('["yes",true,"no"]')}`)).toEqual([
      ['INVALID_VALUE', 'active'],
      ['INVALID_VALUE', 'active'],
    ]);
    expect(codes('active[$in][]=yes&active[$in][]=no')).toEqual([
      ['INVALID_VALUE', 'active'],
      ['INVALID_VALUE', 'active'],
    ]);
  });

  it('refuses the whole field when one of its conditions is refused', () => {
    expect(codes('active=true&active[$ne]=maybe')).toEqual([['INVALID_VALUE', 'active']]);
    expect(codes(`active=maybe&active=${json('{"$ne":true}')}`)).toEqual([['INVALID_VALUE', 'active']]);
  });

  it('gives a quoted value that is not JSON the code INVALID_JSON in a list too, where text is no value', () => {
    expect(codes('active=true&active=%22tru')).toEqual([['INVALID_JSON', 'active']]);
    expect(findFilterFor('user.name=Ana&user.name=%22Eva')).toEqual({
      'user.name': { $in: ['Ana', '"Eva'] },
    });
  });
});

describe('how many values one list holds', () => {
  const dsl = createQueryDsl({ collections, limits: { maxListLength: 2 } });
  const refusal = (query: string) => {
    const result = dsl.parse('students', query);
    return result.ok ? [] : result.issues.map(({ code, param }) => [code, param]);
  };

  it('takes up to maxListLength values in a JSON list, and refuses one more, naming the field', () => {
    expect(refusal(`user.name=${json('["a","b"]')}`)).toEqual([]);
    expect(refusal(`user.name=${json('["a","b","c"]')}`)).toEqual([['QUERY_TOO_COMPLEX', 'user.name']]);
    expect(refusal(`user.name[$nin]=${json('["a","b","c"]')}`)).toEqual([['QUERY_TOO_COMPLEX', 'user.name']]);
    expect(refusal(`user.name=${json('{"$in":["a","b","c"]}')}`)).toEqual([
      ['QUERY_TOO_COMPLEX', 'user.name'],
    ]);
  });

  it('is 100 unless set', () => {
    expect(DEFAULT_LIMITS.maxListLength).toBe(100);
  });
});
