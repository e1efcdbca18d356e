import { Decimal128, Long, ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { enginesFor, fresh, ids } from '../support/helpers.js';

const engines = await enginesFor('query');

const oid = new ObjectId('64b7f0000000000000000001');

/** [description, documents, filter, _ids MongoDB returns]. */
const cases: Array<[string, Array<Record<string, unknown>>, Record<string, unknown>, number[]]> = [
  [
    '$elemMatch with string bounds needs one string element within both (the search ranges)',
    [
      { _id: 1, a: ['b', 'aa'] },
      { _id: 2, a: ['ana'] },
      { _id: 3, a: [5, 'anaz'] },
      { _id: 4, a: 'ana' },
      { _id: 5, a: ['an\u{1F600}', 'an\uFFFF'] },
    ],
    { a: { $elemMatch: { $gte: 'ana', $lt: 'anb' } } },
    [2, 3],
  ],
  [
    'string bounds compare by code point, above the surrogates too',
    [
      { _id: 1, a: ['a\uFFFF'] },
      { _id: 2, a: ['a\u{1F600}x'] },
      { _id: 3, a: ['a\u{1F601}'] },
    ],
    { a: { $elemMatch: { $gte: 'a\u{1F600}', $lt: 'a\u{1F601}' } } },
    [2],
  ],
  [
    'null matches null and missing fields',
    [{ _id: 1, a: null }, { _id: 2 }, { _id: 3, a: 0 }],
    { a: null },
    [1, 2],
  ],
  [
    'null matches an array holding null',
    [
      { _id: 1, a: [null, 1] },
      { _id: 2, a: [1] },
    ],
    { a: null },
    [1],
  ],
  [
    'null on a dotted path matches when one array element lacks the field',
    [
      { _id: 1, a: [{ b: 1 }, {}] },
      { _id: 2, a: [{ b: 1 }] },
    ],
    { 'a.b': null },
    [1],
  ],
  ['$in with null matches missing fields', [{ _id: 1 }, { _id: 2, a: 1 }], { a: { $in: [null] } }, [1]],
  [
    '$ne on an array excludes arrays holding the value',
    [
      { _id: 1, a: [1, 2] },
      { _id: 2, a: [2] },
    ],
    { a: { $ne: 1 } },
    [2],
  ],
  ['$ne null excludes missing fields', [{ _id: 1 }, { _id: 2, a: 1 }], { a: { $ne: null } }, [2]],
  [
    '$nin on an array excludes arrays holding a value',
    [
      { _id: 1, a: [1, 2] },
      { _id: 2, a: [3] },
    ],
    { a: { $nin: [1] } },
    [2],
  ],
  [
    'a regex matches any string element of an array',
    [
      { _id: 1, a: ['y', 'xx'] },
      { _id: 2, a: ['y'] },
    ],
    { a: /x/ },
    [1],
  ],
  [
    '$regex with $options',
    [
      { _id: 1, a: 'X' },
      { _id: 2, a: 'y' },
    ],
    { a: { $regex: 'x', $options: 'i' } },
    [1],
  ],
  [
    '$regex never matches numbers',
    [
      { _id: 1, a: 1 },
      { _id: 2, a: '1' },
    ],
    { a: { $regex: '1' } },
    [2],
  ],
  [
    'an anchored literal $regex matches string prefixes only (escaped punctuation is literal)',
    [
      { _id: 1, a: 'ana.maria' },
      { _id: 2, a: 'anaXmaria' },
      { _id: 3, a: ['x', 'ana.m'] },
      { _id: 4, a: 'x\nana.m' },
      { _id: 5, a: 'ANA.M' },
    ],
    { a: { $regex: '^ana\\.m' } },
    [1, 3],
  ],
  [
    'an anchored $regex with a metacharacter, a flag or a line anchor is a regex',
    [
      { _id: 1, a: 'ana.maria' },
      { _id: 2, a: 'anaXmaria' },
      { _id: 3, a: 'x\nanaYm' },
      { _id: 4, a: 'ANAZM' },
    ],
    { $or: [{ a: { $regex: '^ana.m' } }, { a: { $regex: '^ana.m', $options: 'm' } }, { a: /^ANA/ }] },
    [1, 2, 3, 4],
  ],
  [
    'a bare ^ matches every string, and nothing else',
    [{ _id: 1, a: '' }, { _id: 2, a: 'x' }, { _id: 3, a: 1 }, { _id: 4 }],
    { a: /^/ },
    [1, 2],
  ],
  [
    'equality with a number matches -0, Long, Decimal128 and NaN with NaN',
    [
      { _id: 1, a: -0 },
      { _id: 2, a: Long.fromNumber(0) },
      { _id: 3, a: Decimal128.fromString('0') },
      { _id: 4, a: '0' },
      { _id: 5, a: Number.NaN },
    ],
    { $or: [{ a: 0 }, { a: Number.NaN }] },
    [1, 2, 3, 5],
  ],
  [
    '$ne false keeps true, missing, null, 0 and "false"',
    [
      { _id: 1, a: false },
      { _id: 2, a: true },
      { _id: 3 },
      { _id: 4, a: null },
      { _id: 5, a: 0 },
      { _id: 6, a: 'false' },
      { _id: 7, a: [true, false] },
    ],
    { a: { $ne: false } },
    [2, 3, 4, 5, 6],
  ],
  [
    'equality with an ObjectId matches another instance with the same bytes, in arrays too',
    [
      { _id: 1, a: new ObjectId(oid.toHexString()) },
      { _id: 2, a: [new ObjectId(), new ObjectId(oid.toHexString())] },
      { _id: 3, a: oid.toHexString() },
      { _id: 4, a: new ObjectId() },
    ],
    { a: oid },
    [1, 2],
  ],
  ['$exists true includes null values', [{ _id: 1, a: null }, { _id: 2 }], { a: { $exists: true } }, [1]],
  ['$exists false only missing fields', [{ _id: 1, a: null }, { _id: 2 }], { a: { $exists: false } }, [2]],
  [
    '$exists of a zero of any numeric type means false (MongoDB reads it for its truth)',
    [{ _id: 1, a: 1 }, { _id: 2 }],
    { a: { $exists: Long.fromNumber(0) } },
    [2],
  ],
  [
    '$expr of a field holding a zero Long or Decimal128 is false',
    [
      { _id: 1, n: Long.fromNumber(0) },
      { _id: 2, n: Decimal128.fromString('0.0') },
      { _id: 3, n: Long.fromNumber(2) },
    ],
    { $expr: '$n' },
    [3],
  ],
  [
    '$gt compares only within the type class',
    [
      { _id: 1, a: '2' },
      { _id: 2, a: 2 },
    ],
    { a: { $gt: 1 } },
    [2],
  ],
  [
    '$gte null matches null and missing',
    [{ _id: 1 }, { _id: 2, a: null }, { _id: 3, a: 1 }],
    { a: { $gte: null } },
    [1, 2],
  ],
  ['$gt null matches nothing', [{ _id: 1 }, { _id: 2, a: 1 }], { a: { $gt: null } }, []],
  [
    'a range on an array may be met by different elements',
    [{ _id: 1, a: [1, 6] }],
    { a: { $gt: 3, $lt: 5 } },
    [1],
  ],
  [
    '$elemMatch needs one element to meet all conditions',
    [
      { _id: 1, a: [1, 6] },
      { _id: 2, a: [4] },
    ],
    { a: { $elemMatch: { $gt: 3, $lt: 5 } } },
    [2],
  ],
  [
    '$elemMatch on documents',
    [
      { _id: 1, a: [{ x: 1 }, { y: 2 }] },
      { _id: 2, a: [{ x: 1, y: 2 }] },
    ],
    { a: { $elemMatch: { x: 1, y: 2 } } },
    [2],
  ],
  [
    'an ObjectId equals another instance of the same id',
    [{ _id: 1, r: oid }],
    { r: new ObjectId(oid.toHexString()) },
    [1],
  ],
  ['an ObjectId never equals its hex string', [{ _id: 1, r: oid }], { r: oid.toHexString() }, []],
  [
    '$in with ObjectIds',
    [
      { _id: 1, r: oid },
      { _id: 2, r: new ObjectId() },
    ],
    { r: { $in: [oid] } },
    [1],
  ],
  ['Decimal128 equals the same number', [{ _id: 1, a: Decimal128.fromString('5') }], { a: 5 }, [1]],
  ['Decimal128 compares with numbers', [{ _id: 1, a: Decimal128.fromString('5.5') }], { a: { $gt: 5 } }, [1]],
  ['Long equals the same number', [{ _id: 1, a: Long.fromNumber(7) }], { a: 7 }, [1]],
  [
    'dates compare by time',
    [
      { _id: 1, d: new Date(1000) },
      { _id: 2, d: new Date(3000) },
    ],
    { d: { $lt: new Date(2000) } },
    [1],
  ],
  ['dates never compare with numbers', [{ _id: 1, d: new Date(1000) }], { d: { $lt: 5000 } }, []],
  [
    'embedded document equality needs the same field order',
    [{ _id: 1, a: { x: 1, y: 2 } }],
    { a: { y: 2, x: 1 } },
    [],
  ],
  [
    'embedded document equality with the same order',
    [{ _id: 1, a: { x: 1, y: 2 } }],
    { a: { x: 1, y: 2 } },
    [1],
  ],
  [
    'an array equals the same array, or an element that is that array',
    [
      { _id: 1, a: [1, 2] },
      { _id: 2, a: [[1, 2], 3] },
    ],
    { a: [1, 2] },
    [1, 2],
  ],
  [
    '$size',
    [
      { _id: 1, a: [1, 2] },
      { _id: 2, a: [1] },
    ],
    { a: { $size: 2 } },
    [1],
  ],
  [
    '$all',
    [
      { _id: 1, a: [2, 1, 3] },
      { _id: 2, a: [1] },
    ],
    { a: { $all: [1, 2] } },
    [1],
  ],
  [
    '$type string matches string elements of arrays',
    [
      { _id: 1, a: ['x'] },
      { _id: 2, a: [1] },
    ],
    { a: { $type: 'string' } },
    [1],
  ],
  [
    '$type objectId',
    [
      { _id: 1, a: oid },
      { _id: 2, a: 'x' },
    ],
    { a: { $type: 'objectId' } },
    [1],
  ],
  [
    '$type decimal',
    [
      { _id: 1, a: Decimal128.fromString('1') },
      { _id: 2, a: 1 },
    ],
    { a: { $type: 'decimal' } },
    [1],
  ],
  [
    '$type number covers every numeric type',
    [
      { _id: 1, a: 1.5 },
      { _id: 2, a: Decimal128.fromString('1') },
      { _id: 3, a: '1' },
    ],
    { a: { $type: 'number' } },
    [1, 2],
  ],
  [
    '$type array',
    [
      { _id: 1, a: [] },
      { _id: 2, a: 1 },
    ],
    { a: { $type: 'array' } },
    [1],
  ],
  [
    '$not with a regex also matches missing fields',
    [{ _id: 1, a: 'x' }, { _id: 2, a: 'y' }, { _id: 3 }],
    { a: { $not: /x/ } },
    [2, 3],
  ],
  [
    '$or, $and and $nor',
    [
      { _id: 1, a: 1 },
      { _id: 2, a: 2 },
      { _id: 3, a: 3 },
    ],
    { $or: [{ a: 1 }, { a: 3 }], $nor: [{ a: 3 }] },
    [1],
  ],
  [
    '$expr compares fields',
    [
      { _id: 1, a: 2, b: 1 },
      { _id: 2, a: 1, b: 2 },
    ],
    { $expr: { $gt: ['$a', '$b'] } },
    [1],
  ],
  [
    '$expr: a missing field is less than any value',
    [{ _id: 1 }, { _id: 2, a: 5 }],
    { $expr: { $lt: ['$a', 3] } },
    [1],
  ],
  [
    '$expr: a missing field is not equal to null',
    [{ _id: 1 }, { _id: 2, a: null }],
    { $expr: { $eq: ['$a', null] } },
    [2],
  ],
  [
    'a numeric path part indexes arrays',
    [
      { _id: 1, a: [5, 6] },
      { _id: 2, a: [6, 5] },
    ],
    { 'a.0': 5 },
    [1],
  ],
  ['dotted paths do not descend nested arrays', [{ _id: 1, a: [[{ b: 1 }]] }], { 'a.b': 1 }, []],
  [
    '$mod',
    [
      { _id: 1, a: 4 },
      { _id: 2, a: 5 },
    ],
    { a: { $mod: [2, 0] } },
    [1],
  ],
];

/** [description, filter, error code]. */
const rejected: Array<[string, Record<string, unknown>, number]> = [
  ['$in without an array', { a: { $in: 1 } }, 2],
  ['an empty $and', { $and: [] }, 2],
  ['$or with an object', { $or: { a: 1 } }, 2],
  ['$not with a plain value', { a: { $not: 1 } }, 2],
  ['an unknown operator', { a: { $foo: 1 } }, 2],
  ['an unknown top-level operator', { $foo: 1 }, 2],
  ['$size with a string', { a: { $size: 'x' } }, 2],
  ['$type with an unknown alias', { a: { $type: 'nope' } }, 2],
  ['$elemMatch in an aggregation expression inside $expr', { $expr: { $elemMatch: ['$a', 1] } }, 168],
  // RegexMatchExpression in src/mongo/db/matcher/expression_leaf.cpp: BadValue before compiling.
  ['a $regex with an embedded NUL', { a: { $regex: '^a\u0000b' } }, 2],
  ['a RegExp with an embedded NUL', { a: new RegExp(`a${String.fromCharCode(0)}`) }, 2],
  ['$options with an embedded NUL', { a: { $regex: 'a', $options: '\u0000' } }, 2],
  ['a $regex longer than 32764 bytes', { a: { $regex: 'a'.repeat(32765) } }, 2],
];

describe.each(engines)('filters on $name', ({ db }) => {
  it.each(cases)('%s', async (_description, docs, filter, expected) => {
    const collection = await fresh(db, docs);
    expect(ids(await collection.find(filter).toArray())).toEqual(expected);
    expect(await collection.countDocuments(filter)).toBe(expected.length);
  });

  it.each(rejected)('rejects %s', async (_description, filter, code) => {
    const collection = await fresh(db, [{ a: 1 }]);
    await expect(collection.find(filter).toArray()).rejects.toMatchObject({ name: 'MongoServerError', code });
  });
});
