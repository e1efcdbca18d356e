import { Long, ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { compileExpression } from '../../src/expression/compile.js';
import { enginesFor, fresh } from '../support/helpers.js';

const engines = await enginesFor('compiled-expression');

type Doc = Record<string, unknown>;

const id1 = new ObjectId('64b7f0000000000000000001');
const id2 = new ObjectId('64b7f0000000000000000002');
const id3 = new ObjectId('64b7f0000000000000000003');

/** `$cond`'s object form (built from entries: a `then` key in a literal is a lint error). */
const condObject = (...entries: Array<[string, unknown]>) => ({ $cond: Object.fromEntries(entries) });

/** The document every case is evaluated against. */
const doc: Doc = {
  _id: 1,
  n: null,
  zero: 0,
  one: 1,
  long0: Long.fromNumber(0),
  s: 'x',
  empty: [],
  arr: [1, 2, 3],
  obj: { a: 1, b: { c: 2 } },
  docs: [{ a: 1, b: { c: 1 } }, { a: 2 }, 5, [{ a: 9 }], { b: { c: 3 } }],
  ids: [id1, id2],
  found: [
    { _id: id2, name: 'two' },
    { _id: id1, name: 'one' },
  ],
  years: [{ year: id1, group: id3 }, { year: id3 }, { group: id2 }],
};

/**
 * [description, expression, MongoDB's value (undefined: missing)]. Written by hand from MongoDB's
 * documented semantics, not from an implementation.
 */
const MISSING = undefined;
const cases: Array<[string, unknown, unknown]> = [
  // field paths and variables
  ['a top-level field', '$s', 'x'],
  ['a missing field', '$nope', MISSING],
  ['a null field', '$n', null],
  ['a nested field', '$obj.b.c', 2],
  ['a path through a scalar is missing', '$s.a', MISSING],
  ['a path through an array of documents skips scalars, nested arrays and missing', '$docs.a', [1, 2]],
  ['a deeper path through an array', '$docs.b.c', [1, 3]],
  ['numeric parts are field names, not indexes', '$arr.0', []],
  ['$$ROOT', '$$ROOT.obj.a', 1],
  ['$$CURRENT', '$$CURRENT.s', 'x'],
  ['$$REMOVE is missing', '$$REMOVE', MISSING],
  ['a constant string', 'plain', 'plain'],
  ['a constant number', 7, 7],
  ['a constant null', null, null],
  ['an ObjectId constant', id1, id1],
  // $literal
  ['$literal keeps a $ string', { $literal: '$s' }, '$s'],
  ['$literal keeps an operator object', { $literal: { $eq: [1, 1] } }, { $eq: [1, 1] }],
  // expression objects
  ['an expression object leaves missing fields out', { a: '$s', b: '$nope', c: '$n' }, { a: 'x', c: null }],
  ['an empty expression object', {}, {}],
  // $cond
  ['$cond array form, true', { $cond: [true, 'a', 'b'] }, 'a'],
  ['$cond object form, false', condObject(['if', '$zero'], ['then', 'a'], ['else', 'b']), 'b'],
  ['$cond: missing is false', { $cond: ['$nope', 'a', 'b'] }, 'b'],
  ['$cond: null is false', { $cond: ['$n', 'a', 'b'] }, 'b'],
  ['$cond: a Long zero is false', { $cond: ['$long0', 'a', 'b'] }, 'b'],
  ['$cond: an empty array is true', { $cond: ['$empty', 'a', 'b'] }, 'a'],
  ['$cond: an empty string is true', { $cond: ['', 'a', 'b'] }, 'a'],
  ['$cond may give missing', { $cond: [true, '$nope', 1] }, MISSING],
  // $isArray
  ['$isArray of an array', { $isArray: '$arr' }, true],
  ['$isArray, argument list form', { $isArray: ['$empty'] }, true],
  ['$isArray of missing', { $isArray: '$nope' }, false],
  ['$isArray of null', { $isArray: '$n' }, false],
  ['$isArray of a document', { $isArray: '$obj' }, false],
  // $ifNull
  ['$ifNull of a value', { $ifNull: ['$s', 'r'] }, 'x'],
  ['$ifNull of null', { $ifNull: ['$n', 'r'] }, 'r'],
  ['$ifNull of missing', { $ifNull: ['$nope', 'r'] }, 'r'],
  ['$ifNull keeps false and 0', { $ifNull: ['$zero', 'r'] }, 0],
  ['$ifNull with several inputs', { $ifNull: ['$nope', '$n', '$one', 'r'] }, 1],
  ['$ifNull whose replacement is missing', { $ifNull: ['$n', '$nope'] }, MISSING],
  ['$ifNull whose replacement is null', { $ifNull: ['$nope', null] }, null],
  // $first
  ['$first of an array', { $first: '$arr' }, 1],
  ['$first of an empty array is missing', { $first: '$empty' }, MISSING],
  ['$first of missing is null', { $first: '$nope' }, null],
  ['$first of null is null', { $first: '$n' }, null],
  ['$first, argument list form', { $first: ['$ids'] }, id1],
  ['$ifNull of $first of an empty array', { $ifNull: [{ $first: '$empty' }, null] }, null],
  // $eq
  ['$eq of equal numbers of different types', { $eq: ['$one', Long.fromNumber(1)] }, true],
  ['$eq of ObjectIds by value', { $eq: [{ $first: '$ids' }, new ObjectId(id1.toHexString())] }, true],
  ['$eq of different ObjectIds', { $eq: [id1, id2] }, false],
  ['$eq: missing is not null', { $eq: ['$nope', null] }, false],
  ['$eq: missing equals missing', { $eq: ['$nope', '$alsoNope'] }, true],
  ['$eq: null equals null', { $eq: ['$n', null] }, true],
  ['$eq across types', { $eq: ['$one', '1'] }, false],
  ['$eq of documents', { $eq: ['$obj', { $literal: { a: 1, b: { c: 2 } } }] }, true],
  ['$eq of documents in another field order', { $eq: ['$obj', { $literal: { b: { c: 2 }, a: 1 } }] }, false],
  ['$eq of arrays', { $eq: ['$arr', { $literal: [1, 2, 3] }] }, true],
  // $mergeObjects
  [
    '$mergeObjects, later fields win',
    { $mergeObjects: ['$obj', { a: 5, z: '$s' }] },
    { a: 5, b: { c: 2 }, z: 'x' },
  ],
  ['$mergeObjects ignores null and missing', { $mergeObjects: ['$n', '$nope', { a: 1 }] }, { a: 1 }],
  ['$mergeObjects of nothing but null', { $mergeObjects: ['$n'] }, {}],
  ['$mergeObjects of one document', { $mergeObjects: '$obj' }, { a: 1, b: { c: 2 } }],
  [
    '$mergeObjects leaves missing fields out',
    { $mergeObjects: ['$obj', { a: '$nope' }] },
    { a: 1, b: { c: 2 } },
  ],
  // $map
  ['$map', { $map: { input: '$arr', as: 'v', in: { $eq: ['$$v', 2] } } }, [false, true, false]],
  [
    '$map with $$this',
    { $map: { input: '$arr', in: { $cond: [{ $eq: ['$$this', 1] }, 'one', '$$this'] } } },
    ['one', 2, 3],
  ],
  ['$map of missing is null', { $map: { input: '$nope', as: 'v', in: '$$v' } }, null],
  ['$map of null is null', { $map: { input: '$n', as: 'v', in: '$$v' } }, null],
  ['$map of an empty array', { $map: { input: '$empty', as: 'v', in: '$$v' } }, []],
  [
    '$map turns missing results into null',
    { $map: { input: '$docs', as: 'd', in: '$$d.a' } },
    [1, 2, null, [9], null],
  ],
  [
    '$map reads outer variables',
    { $map: { input: '$arr', as: 'v', in: { $map: { input: [0], as: 'w', in: '$$v' } } } },
    MISSING,
  ],
  // $filter
  ['$filter', { $filter: { input: '$arr', as: 'v', cond: { $eq: ['$$v', 2] } } }, [2]],
  [
    '$filter with $$this',
    { $filter: { input: '$docs', cond: '$$this.a' } },
    [{ a: 1, b: { c: 1 } }, { a: 2 }, [{ a: 9 }]],
  ],
  ['$filter with a limit', { $filter: { input: '$arr', as: 'v', cond: true, limit: 2 } }, [1, 2]],
  ['$filter with a null limit', { $filter: { input: '$arr', as: 'v', cond: true, limit: null } }, [1, 2, 3]],
  ['$filter of missing is null', { $filter: { input: '$nope', as: 'v', cond: true } }, null],
  ['$filter of null is null', { $filter: { input: '$n', as: 'v', cond: true } }, null],
  ['$filter that keeps nothing', { $filter: { input: '$arr', as: 'v', cond: false } }, []],
  [
    '$first of $filter on ObjectIds',
    { $first: { $filter: { input: '$found', as: 'doc', cond: { $eq: ['$$doc._id', id1] } } } },
    { _id: id1, name: 'one' },
  ],
  [
    'nested bindings of the same name',
    { $map: { input: [1, 2], as: 'v', in: { $map: { input: [10], as: 'v', in: '$$v' } } } },
    MISSING,
  ],
];

// Cases whose expression uses an array literal are evaluated by mingo as a whole: they are checked
// through the engine only (their `expected` is filled in below).
const viaEngineOnly = new Set(['$map reads outer variables', 'nested bindings of the same name']);
const expectedOverride: Record<string, unknown> = {
  '$map reads outer variables': [[1], [2], [3]],
  'nested bindings of the same name': [[10], [10]],
};

describe('compiled expressions', () => {
  it.each(cases.filter(([name]) => !viaEngineOnly.has(name)))('%s', (_name, expr, expected) => {
    const compiled = compileExpression(expr);
    expect(compiled, 'evaluated natively').toBeDefined();
    const value = compiled!(doc);
    if (expected === undefined) expect(value).toBeUndefined();
    else expect(value).toEqual(expected);
  });

  it.each([
    ['an operator it does not handle', { $add: [1, '$one'] }],
    ['an array literal', ['$s']],
    ['a handled operator around an unhandled one', { $ifNull: [{ $concat: ['$s'] }, null] }],
    ['a system variable other than ROOT, CURRENT and REMOVE', '$$NOW'],
    ['$cond without else', condObject(['if', true], ['then', 1])],
    ['$ifNull with one argument', { $ifNull: ['$s'] }],
    ['$first with several arguments', { $first: [1, 2] }],
  ])('falls back to mingo for %s', (_name, expr) => {
    expect(compileExpression(expr)).toBeUndefined();
  });

  it('reads the variables of the enclosing pipeline, and rejects undefined ones', () => {
    expect(compileExpression('$$x.a')!(doc, { x: { a: 4 } })).toBe(4);
    expect(() => compileExpression('$$x')!(doc)).toThrow(/undefined variable: x/);
  });

  it.each([
    ['$map of a non-array', { $map: { input: '$s', as: 'v', in: '$$v' } }, 16883],
    ['$filter of a non-array', { $filter: { input: '$one', as: 'v', cond: true } }, 28651],
    ['$first of a non-array', { $first: '$s' }, 28689],
    ['$mergeObjects of a non-document', { $mergeObjects: ['$obj', '$s'] }, 40400],
    ['$filter with a zero limit', { $filter: { input: '$arr', as: 'v', cond: true, limit: 0 } }, 327392],
    [
      '$filter with a fractional limit',
      { $filter: { input: '$arr', as: 'v', cond: true, limit: 1.5 } },
      327391,
    ],
  ])('%s is an error', (_name, expr, code) => {
    expect(() => compileExpression(expr)!(doc)).toThrow(expect.objectContaining({ code }));
  });

  it('copies constants, so that results never share the caller’s objects', () => {
    const literal = { x: [1] };
    const compiled = compileExpression({ $literal: literal })!;
    const value = compiled(doc) as { x: number[] };
    expect(value).toEqual(literal);
    expect(value).not.toBe(literal);
  });
});

describe.each(engines)('expressions in $set on $name', ({ db }) => {
  it.each(cases)('%s', async (name, expr, expected) => {
    const collection = await fresh(db, [doc]);
    const [out] = await collection
      .aggregate([{ $set: { r: expr } }, { $project: { _id: 0, r: 1 } }])
      .toArray();
    const want = name in expectedOverride ? expectedOverride[name] : expected;
    expect(out).toEqual(want === undefined ? {} : { r: want });
  });
});

describe.each(engines)('populate pipelines on $name', ({ db }) => {
  const school1 = new ObjectId('64b7f00000000000000000a1');
  const year1 = new ObjectId('64b7f00000000000000000b1');
  const year2 = new ObjectId('64b7f00000000000000000b2');
  const yearGone = new ObjectId('64b7f00000000000000000bf');
  const parent1 = new ObjectId('64b7f00000000000000000c1');
  const parent2 = new ObjectId('64b7f00000000000000000c2');

  const lookupOne = (ref: string, found: string) => ({
    $ifNull: [{ $first: { $filter: { input: found, as: 'doc', cond: { $eq: ['$$doc._id', ref] } } } }, null],
  });

  it('puts looked-up records in place: one reference, an array of references, a path in an array', async () => {
    const schools = await fresh(db, [{ _id: school1, name: 'North' }]);
    const years = await fresh(db, [
      { _id: year1, name: '2024', hidden: true },
      { _id: year2, name: '2025', hidden: true },
    ]);
    const parents = await fresh(db, [{ _id: parent1, user: { name: 'Ana' } }]);
    const students = await fresh(db, [
      {
        _id: 1,
        school: school1,
        parents: [parent2, parent1],
        years: [{ year: year2, grade: 8 }, { year: yearGone }, { year: year1 }, { grade: 9 }],
      },
      { _id: 2, school: new ObjectId(), parents: [], years: [] },
      { _id: 3 },
      { _id: 4, years: { year: year1 }, parents: null },
    ]);
    const out = await students
      .aggregate([
        { $sort: { _id: 1 } },
        {
          $lookup: {
            from: schools.collectionName,
            localField: 'school',
            foreignField: '_id',
            as: 'school',
            pipeline: [{ $project: { name: 1 } }],
          },
        },
        { $set: { school: { $ifNull: [{ $first: '$school' }, null] } } },
        {
          $lookup: {
            from: years.collectionName,
            localField: 'years.year',
            foreignField: '_id',
            as: '__populate_1',
            pipeline: [{ $project: { name: 1 } }],
          },
        },
        {
          $set: {
            years: {
              $cond: [
                { $isArray: '$years' },
                {
                  $map: {
                    input: '$years',
                    as: 'item',
                    in: { $mergeObjects: ['$$item', { year: lookupOne('$$item.year', '$__populate_1') }] },
                  },
                },
                '$years',
              ],
            },
          },
        },
        { $unset: '__populate_1' },
        {
          $lookup: {
            from: parents.collectionName,
            localField: 'parents',
            foreignField: '_id',
            as: '__populate_2',
            pipeline: [{ $project: { 'user.name': 1 } }],
          },
        },
        {
          $set: {
            parents: {
              $cond: [
                { $isArray: '$parents' },
                { $map: { input: '$parents', as: 'ref', in: lookupOne('$$ref', '$__populate_2') } },
                '$parents',
              ],
            },
          },
        },
        { $unset: '__populate_2' },
      ])
      .toArray();
    expect(out).toEqual([
      {
        _id: 1,
        school: { _id: school1, name: 'North' },
        parents: [null, { _id: parent1, user: { name: 'Ana' } }],
        years: [
          { year: { _id: year2, name: '2025' }, grade: 8 },
          { year: null },
          { year: { _id: year1, name: '2024' } },
          { grade: 9, year: null },
        ],
      },
      { _id: 2, school: null, parents: [], years: [] },
      { _id: 3, school: null },
      { _id: 4, school: null, years: { year: year1 }, parents: null },
    ]);
  });
});
