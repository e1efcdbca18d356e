import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { descriptionSize } from './description-size.js';

type AnySpec = Parameters<typeof descriptionSize>[0];

const size = (spec: unknown) => descriptionSize(spec as AnySpec, 8);
const deep = (levels: number): unknown => {
  let value: unknown = 'xyz';
  for (let level = 0; level < levels; level++) value = [value];
  return value;
};
const asIs = () => 1;

describe('the size of a description counts what its query string holds at least', () => {
  // [what, description, length, parameters]: each length worked out by hand in the comment.
  const cases: Array<[string, unknown, number, number]> = [
    ['nothing', {}, 0, 0],
    // a = "x" → 1 + 1 + (1 + 2 quotes)
    ['text', { filter: { a: 'x' } }, 5, 1],
    // a = 5 → 3; & b = null → 1 + 1 + 1 + 4
    ['a number and null', { filter: { a: 5, b: null } }, 10, 2],
    // a[$gte] = 1 → 1 + 6 + 1 + 1; & a[$lt] = date → 1 + (1 + 5) + 1 + 24
    ['operators, in the table’s order', { filter: { a: { $lt: new Date(0), $gte: 1 } } }, 41, 2],
    // a[$in] = ["x","é"] → 6 + 1 + (3 + 8)
    ['a list', { filter: { a: { $in: ['x', 'é'] } } }, 18, 1],
    // brackets and `$` stay as they are in a key: 5 + 1 + 1
    ['a key with brackets', { filter: { 'a[b]$': 1 } }, 7, 1],
    // a = [1,2] → 1 + 1 + 2
    ['a list as the condition', { filter: { a: [1, 2] } }, 4, 1],
    // a = {"b":"c"} → 1 + 1 + (1 + 2 + 3)
    ['an object as the condition', { filter: { a: { b: 'c' } } }, 8, 1],
    ['undefined conditions', { filter: { a: undefined, b: { $gte: undefined } } }, 0, 0],
    // a = identifier → 1 + 1 + 24
    ['an identifier', { filter: { a: new ObjectId('64b7f0c2a1b2c3d4e5f60718') } }, 26, 1],
    // JSON leaves out functions and symbols: a = {} → 2; & b[$in] = [] → 1 + 6 + 1
    [
      'what JSON leaves out',
      { filter: { a: { b: asIs, c: Symbol('c') }, b: { $in: [asIs, undefined] } } },
      10,
      2,
    ],
    // Past the depth limit nothing more is counted: a = [[…]] → 2, the text inside not reached
    ['a value past the depth limit', { filter: { a: deep(12) } }, 2, 1],
    // Within it: the text inside counts (3 + 2)
    ['a value within the depth limit', { filter: { a: deep(9) } }, 7, 1],
    // global_search = a b → 13 + 1 + 5
    ['search words, unquoted', { search: 'a b' }, 19, 1],
    ['a search that is not text', { search: 5 }, 15, 1],
    // select = {"a":1,"b":1,"_id":0} → 6 + 1 + (4 + 4 + 6)
    ['select without _id', { select: ['a', 'b'], withoutId: true }, 21, 1],
    // select = {"a":1} → 11; & select = {"b":0} → 12
    ['select and exclude', { select: ['a'], exclude: ['b'] }, 23, 2],
    ['a select that is no list', { select: 'a' }, 0, 0],
    ['an exclude that is no list', { exclude: 'a', select: ['b'] }, 0, 0],
    // populate = true → 8 + 1 + 4
    ['populate the default', { populate: true }, 13, 1],
    // populate = {"school":"name code","b":"c","e":null,"f":5,"g":" x"}: 8 + 1 + (school 8 + 13, b 3 + 3,
    // e 3 + 1, f 3 + 1, g 3 + (2 + 3 + 0 + 1)); d is left out as JSON leaves it
    [
      'populate lists',
      { populate: { school: ['name', 'code'], b: 'c', d: undefined, e: null, f: 5, g: [null, 'x'] } },
      53,
      1,
    ],
    // __sort = {"a":"asc","b":-1} → 6 + 1 + (3 + 5 + 3 + 1)
    ['sort', { sort: { a: 'asc', b: -1 } }, 19, 1],
    // __page = 2 → 8; & __per_page = 10 → 1 + 10 + 1 + 1; & __include_totals = true → 1 + 16 + 1 + 1
    ['pages and totals', { page: 2, perPage: 10, includeTotals: true }, 40, 3],
    // elemMatch = {"property":"years","parameters":{"enrolled":true}} → 9 + 1 + (10 + 7 + 12 + 11)
    ['elemMatch', { elemMatch: [{ property: 'years', parameters: { enrolled: true } }] }, 50, 1],
  ];
  for (const [what, spec, length, parameters] of cases) {
    it(`${what}: ${length} characters, ${parameters} parameters`, () => {
      expect(size(spec)).toEqual({ length, parameters });
    });
  }

  it('counts each character as percent-encoding writes it', () => {
    const text = (value: string) => size({ search: value }).length - 'global_search='.length;
    expect(text("AZaz09-_.!~*'()")).toBe(15);
    expect(text(' "%\u007f')).toBe(12);
    expect(text('\u0080\u07ff')).toBe(12);
    expect(text('\u0800\uffff')).toBe(18);
    expect(text('😀')).toBe(12);
    // A lone half of a pair (which encodeURIComponent refuses) counts as half of one.
    expect(text('\ud800')).toBe(6);
    expect(text('\udfff')).toBe(6);
  });
});
