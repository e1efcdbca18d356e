/**
 * `__sort`: the MongoDB sort a query string becomes (key order kept, `_id` last as the tie-breaker
 * unless the client sorts on it), the spellings of a direction, and the refusals — a subdocument, an
 * unknown field, an unknown direction, and two keys through different arrays, which MongoDB itself
 * refuses ("cannot sort with keys that are parallel arrays").
 */
import { toMongo } from '@school/query-dsl';
import { describe, expect, it } from 'vitest';
import { issuesFor, mongoFor } from '../support/helpers.js';
import { nestedArrays } from '../support/nested-arrays.js';

const sortOf = (query: string) => {
  const { read } = mongoFor(query);
  return read.kind === 'find' ? read.options.sort : undefined;
};
const codes = (query: string) => issuesFor(query).map(({ code, param }) => [code, param]);

describe('the sort a query asks for', () => {
  it('keeps the order of the keys and puts _id last', () => {
    expect(Object.entries(sortOf('__sort[user.surname]=asc&__sort[created_at]=desc') ?? {})).toEqual([
      ['user.surname', 1],
      ['created_at', -1],
      ['_id', 1],
    ]);
  });

  it('sorts on _id alone, in the direction asked, when the client names it', () => {
    expect(sortOf('__sort[_id]=desc')).toEqual({ _id: -1 });
    expect(Object.entries(sortOf('__sort[_id]=desc&__sort[user.name]=asc') ?? {})).toEqual([
      ['_id', -1],
      ['user.name', 1],
    ]);
  });

  it('sorts on _id when no sort is asked for', () => {
    expect(sortOf('')).toEqual({ _id: 1 });
  });

  it.each([
    ['asc', 1],
    ['1', 1],
    [' ASC ', 1],
    ['Asc', 1],
    ['desc', -1],
    ['-1', -1],
    ['DESC', -1],
    [' -1', -1],
  ])('reads the direction %j', (direction, expected) => {
    expect(sortOf(`__sort[user.name]=${encodeURIComponent(direction)}`)).toEqual({
      'user.name': expected,
      _id: 1,
    });
  });

  it('reads the numbers 1 and -1 of the JSON form', () => {
    expect(sortOf(`__sort=${encodeURIComponent('{"user.name":-1,"citizenship":1}')}`)).toEqual({
      'user.name': -1,
      citizenship: 1,
      _id: 1,
    });
  });
});

describe('a sort that is refused', () => {
  it.each(['up', '2', '0', 'toString', 'constructor', '__proto__', ''])(
    'refuses the direction %j under __sort',
    (direction) => {
      expect(codes(`__sort[user.name]=${encodeURIComponent(direction)}`)).toEqual([
        ['INVALID_SORT', '__sort'],
      ]);
    },
  );

  it('refuses a number other than 1 and -1, and a boolean, in the JSON form', () => {
    expect(codes(`__sort=${encodeURIComponent('{"user.name":2}')}`)).toEqual([['INVALID_SORT', '__sort']]);
    expect(codes(`__sort=${encodeURIComponent('{"user.name":true}')}`)).toEqual([['INVALID_SORT', '__sort']]);
  });

  it('refuses a subdocument: a sort is on a field that holds a value', () => {
    expect(codes('__sort[user]=asc')).toEqual([['INVALID_SORT', '__sort']]);
  });

  it('names __sort, not the field, for a field that does not exist', () => {
    expect(codes('__sort[nope]=asc')).toEqual([['UNKNOWN_FIELD', '__sort']]);
  });

  it('refuses a sort that is neither an object nor its bracket form', () => {
    expect(codes('__sort=user.name')).toEqual([['INVALID_SORT', '__sort']]);
  });
});

describe('keys through arrays', () => {
  it.each([
    ['two fields of different arrays', ['years.enrolled', 'addresses.city']],
    ['an array of references and a field of another array', ['parents', 'years.enrolled']],
    [
      'a field of an array nested in a subdocument and another array',
      ['emergency.contacts.name', 'addresses.city'],
    ],
  ])('refuses %s', (_name, [first, second]) => {
    expect(codes(`__sort[${first}]=asc&__sort[${second}]=asc`)).toEqual([['INVALID_SORT', '__sort']]);
  });

  it.each([
    ['two fields of the same array', ['years.enrolled', 'years.registered']],
    ['a field of an array and a field outside any array', ['addresses.city', 'user.name']],
    [
      'a field of an array nested in a subdocument and a field beside it',
      ['emergency.contacts.name', 'emergency.contacts.phones.mobile'],
    ],
  ])('accepts %s', (_name, [first, second]) => {
    expect(sortOf(`__sort[${first}]=asc&__sort[${second}]=desc`)).toEqual({
      [first as string]: 1,
      [second as string]: -1,
      _id: 1,
    });
  });

  it('reports each key that clashes with an earlier one once, whatever else it clashes with', () => {
    expect(codes('__sort[years.enrolled]=asc&__sort[addresses.city]=asc&__sort[parents]=asc')).toEqual([
      ['INVALID_SORT', '__sort'],
      ['INVALID_SORT', '__sort'],
    ]);
  });

  it('accepts two keys when one goes through an array nested in the other key’s array, in either order', () => {
    for (const [first, second] of [
      ['terms.seats.name', 'terms.week'],
      ['terms.week', 'terms.seats.name'],
    ] as const) {
      const result = nestedArrays.parse('classes', `__sort[${first}]=asc&__sort[${second}]=desc`);
      if (!result.ok) throw new Error(`Expected the sort on ${first} and ${second} to be accepted`);
      const { read } = toMongo(result.plan);
      expect(read.kind === 'find' ? read.options.sort : undefined).toEqual({
        [first]: 1,
        [second]: -1,
        _id: 1,
      });
    }
  });
});
