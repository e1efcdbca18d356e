/**
 * The spellings `select` accepts beyond its main forms (true and "1" for include, false and "0"
 * for exclude, `_id` on its own, stray spaces and pluses) as the projection MongoDB receives, and
 * each refusal with its code and param: `select` given twice, a value that is neither, inclusion
 * beside exclusion, an `$elemMatch` on a field that is no array of subdocuments or beside a path
 * it overlaps, a forbidden operator, JSON that does not parse, a field that does not exist.
 */
import { describe, expect, it } from 'vitest';
import { issuesFor, mongoFor } from '../support/helpers.js';

const projectionOf = (query: string) => {
  const { read } = mongoFor(query);
  if (read.kind !== 'find') throw new Error('expected a find');
  return read.options.projection;
};
const json = (value: string) => encodeURIComponent(value);
const codes = (query: string) => issuesFor(query).map(({ code, param }) => [code, param]);

describe('the spellings select accepts', () => {
  it('reads true and "1" as include, false and "0" as exclude, in the JSON form', () => {
    expect(projectionOf(`select=${json('{"user.name":true,"citizenship":"1"}')}`)).toEqual({
      'user.name': 1,
      citizenship: 1,
    });
    expect(projectionOf(`select=${json('{"user.name":false,"citizenship":"0"}')}`)).toEqual({
      'user.name': 0,
      citizenship: 0,
      _sync: 0,
      _search: 0,
      _rev: 0,
    });
  });

  it('includes _id alone when it is the only field named', () => {
    expect(projectionOf('select=_id')).toEqual({ _id: 1 });
  });

  it('leaves _id out of an exclusion given in JSON', () => {
    expect(projectionOf(`select=${json('{"user.name":0,"_id":false}')}`)).toEqual({
      'user.name': 0,
      _id: 0,
      _sync: 0,
      _search: 0,
      _rev: 0,
    });
  });

  it('skips spaces and pluses around and between the fields', () => {
    expect(projectionOf('select=%20+user.name++citizenship%20')).toEqual({ 'user.name': 1, citizenship: 1 });
  });
});

describe('a select that is refused', () => {
  it('refuses select given twice', () => {
    expect(codes('select=user.name&select=citizenship')).toEqual([['INVALID_SELECT', 'select']]);
  });

  it('refuses a value other than 1, 0 or an $elemMatch, naming the field', () => {
    expect(codes(`select=${json('{"user.name":2}')}`)).toEqual([['INVALID_SELECT', 'user.name']]);
    expect(codes(`select=${json('{"user.name":{"$elemMatch":{},"$eq":1}}')}`)).toEqual([
      ['INVALID_SELECT', 'user.name'],
    ]);
  });

  it('refuses fields included beside fields excluded', () => {
    expect(codes('select=user.name%20-citizenship')).toEqual([['INVALID_SELECT', 'select']]);
  });

  it('refuses an $elemMatch on a field that is not an array of subdocuments', () => {
    expect(codes(`select=${json('{"user":{"$elemMatch":{"name":"x"}}}')}`)).toEqual([
      ['INVALID_SELECT', 'user'],
    ]);
    expect(codes(`select=${json('{"parents":{"$elemMatch":{"name":"x"}}}')}`)).toEqual([
      ['INVALID_SELECT', 'parents'],
    ]);
  });

  it('refuses an $elemMatch beside a path inside it or around it', () => {
    const elemMatch = '"addresses":{"$elemMatch":{"city":"Quito"}}';
    expect(codes(`select=${json(`{${elemMatch},"addresses.city":1}`)}`)).toEqual([
      ['INVALID_SELECT', 'addresses'],
    ]);
  });

  it('keeps an $elemMatch beside other fields and beside _id left out', () => {
    const { read } = mongoFor(`select=${json('{"addresses":{"$elemMatch":{"city":"Quito"}},"_id":0}')}`);
    expect(read.kind === 'aggregate' ? read.pipeline.at(-1) : undefined).toEqual({
      $project: {
        _id: 0,
        addresses: {
          $cond: [
            { $isArray: '$addresses' },
            {
              $filter: {
                input: '$addresses',
                as: 'item',
                cond: { $eq: ['$$item.city', { $literal: 'Quito' }] },
              },
            },
            '$$REMOVE',
          ],
        },
      },
    });
  });

  it('refuses an operator select does not take, JSON that does not parse and a field that does not exist', () => {
    expect(codes(`select=${json('{"user.name":{"$where":1}}')}`)).toEqual([
      ['UNSUPPORTED_OPERATOR', 'select'],
    ]);
    expect(codes(`select=${json('{"user.name":1')}`)).toEqual([['INVALID_JSON', 'select']]);
    expect(codes('select=nope')).toEqual([['UNKNOWN_FIELD', 'nope']]);
  });
});
