/**
 * `$in` over mixed types and regexes, `$type` over arrays, `$elemMatch` with `$ne`:
 * jstests/core/query/in/in_with_mixed_values.js, jstests/core/query/type/type_array.js,
 * jstests/core/query/elemmatch/elemmatch_ne.js (the count its explain reports), in3.js (arrays
 * matching themselves in `$in`), type2.js (`$type: 10` is null, not missing).
 */
import { Binary, type Document, Int32, Long } from 'bson';
import { expect } from 'vitest';
import { type Case, conformance, count, fails, writes } from './harness.js';

const M = 'jstests/core/query/in/in_with_mixed_values.js';
const T = 'jstests/core/query/type/type_array.js';
const NE = 'jstests/core/query/elemmatch/elemmatch_ne.js';
const I3 = 'jstests/core/query/in/in3.js';
const T2 = 'jstests/core/query/type/type2.js';

const counts = (docs: Document[], rows: Array<[number, number, Document]>): Case[] =>
  rows.map(([line, n, filter]) => count(`${M}:${line}`, docs, filter, n));

const scalars = [{ x: 1 }, { x: 2 }, { x: 3 }, { x: 'ab' }, { x: 'ac' }, { x: 'ad' }, { x: /^ab/ }];
const composite = [
  { x: 1 },
  { x: 2 },
  { x: 3 },
  { x: 'ab' },
  { x: 'ac' },
  { x: 'ad' },
  { x: [1] },
  { x: [1, 2] },
  { x: [1, 'ab'] },
  { x: ['ac', 2] },
  { x: { y: 1 } },
  { x: { y: 'ab' } },
  { x: { y: [99, { z: 1 }] } },
];
// The jstest adds these without dropping the documents before.
const dotted = [
  ...composite,
  { x: 1, y: { z: 1 } },
  { x: 1, y: { z: 2 } },
  { x: 1, y: { z: 3 } },
  { x: 2, y: { z: 'ab' } },
  { x: 2, y: { z: 'ac' } },
  { x: 2, y: { z: 'ad' } },
];
const bin = (subtype: number, base64: string) => new Binary(Buffer.from(base64, 'base64'), subtype);
const fox = 'KwAAAFRoZSBxdWljayBicm93biBmb3gganVtcHMgb3ZlciB0aGUgbGF6eSBkb2c=';
const quick = 'VGhlIHF1aWNrIGJyb3duIGZveCBqdW1wcyBvdmVyIHRoZSBsYXp5IGRvZw==';
const binaries = [
  { x: 1 },
  { x: 'a' },
  { x: [1, 2] },
  { x: Number.POSITIVE_INFINITY },
  { x: Number.NaN },
  { x: bin(0, 'AAA=') },
  { x: bin(1, 'AAA=') },
  { x: bin(2, fox) },
  { x: bin(0, 'ZAA=') },
  { x: bin(1, 'ZAA=') },
  { x: bin(2, fox) },
  { x: bin(0, quick) },
  { x: bin(1, quick) },
  { x: bin(2, fox) },
];

const mixed: Case[] = [
  ...counts(scalars, [
    [19, 4, { x: { $in: [1, /^a/] } }],
    [20, 4, { x: { $in: [/^a/, 1] } }],
    [21, 5, { x: { $in: [/^a/, 1, 2] } }],
    [22, 6, { x: { $in: [/^a/, 1, 2, 3] } }],
    [23, 5, { x: { $in: [/^ab/, 1, 2, 3] } }],
    [24, 6, { x: { $in: [/^a/, 1, 2, /^ab/] } }],
    [25, 6, { x: { $in: [1, /^ab/, 2, /^a/] } }],
    [26, 7, { x: { $in: [/^a/, 1, 2, 3, /^ab/] } }],
    [27, 7, { x: { $in: [1, /^ab/, 2, 3, /^a/] } }],
  ]),
  ...counts(composite, [
    [48, 8, { x: { $in: [1, /^a/] } }],
    [49, 7, { x: { $in: [2, /^a/] } }],
    [50, 6, { x: { $in: [[1, 2], /^a/] } }],
    [51, 5, { x: { $in: [/^a/] } }],
    [52, 1, { 'x.y': { $in: [1, 2] } }],
    [53, 2, { 'x.y': { $in: [1, /^a/] } }],
    [54, 1, { x: { $in: [{ y: 1 }, /^z/] } }],
    [55, 0, { x: { $in: [{ z: 1 }, /^z/] } }],
    [56, 0, { x: { $in: [{ y: 99 }, /^z/] } }],
    [57, 1, { 'x.y': { $in: [{ z: 10 }, { z: 1 }, /^z/] } }],
    [58, 0, { 'x.y': { $in: [{ z: 10 }, { z: 11 }, /^z/] } }],
  ]),
  ...counts(dotted, [
    [71, 4, { 'y.z': { $in: [1, /^a/] } }],
    [72, 4, { 'y.z': { $in: [/^a/, 1] } }],
    [73, 2, { 'y.z': { $in: [1, /^ab/] } }],
    [74, 3, { 'y.z': { $in: [1, 2, /^ab/] } }],
    [75, 4, { 'y.z': { $in: [1, 2, 3, /^ab/] } }],
    [76, 5, { 'y.z': { $in: [1, 2, 3, /^ab/, /^ac/] } }],
    [77, 6, { 'y.z': { $in: [1, 2, 3, /^a/] } }],
    [78, 6, { 'y.z': { $in: [/^a/, 1, 2, 3] } }],
    [79, 6, { 'y.z': { $in: ['ab', 'ac', 'ad', 1, 2, 3] } }],
    [80, 5, { 'y.z': { $in: ['ac', 'ad', 1, 2, 3] } }],
    [81, 4, { 'y.z': { $in: ['ad', 1, 2, 3] } }],
    [82, 3, { 'y.z': { $in: ['ad', /^a/] } }],
    [83, 0, { 'y.z': { $in: ['foo', 999] } }],
    [84, 0, { 'y.z': { $in: [999, /no/] } }],
    [85, 0, { 'y.z': { $in: ['bar', /0-9/] } }],
  ]),
  ...counts(binaries, [
    [107, 3, { x: { $in: [1, bin(0, 'AAA=')] } }],
    [108, 2, { x: { $in: [[1, 2], bin(0, 'AAA=')] } }],
    [109, 2, { x: { $in: [/^a/, bin(1, 'AAA=')] } }],
    [110, 1, { x: { $in: ['b', bin(1, 'AAA=')] } }],
    [111, 2, { x: { $in: [bin(0, 'ZAA='), bin(0, 'AAA=')] } }],
    [112, 2, { x: { $in: [bin(1, 'ZAA='), bin(0, 'AAA=')] } }],
    [113, 2, { x: { $in: [bin(0, 'ZAA='), bin(1, 'AAA=')] } }],
    [114, 0, { x: { $in: [bin(0, 'AAAAAAAAAAAAAAAAAAAAAAAAAAAA')] } }],
  ]),
];

/** The jstest's sorted `_id`s of `find(filter)`. */
const ids = (line: number, docs: Document[], filter: Document, expected: number[]) =>
  writes(
    `${T}:${line}`,
    docs,
    `find ${JSON.stringify(filter)} is ${JSON.stringify(expected)}`,
    async () => undefined,
    async (_, c) => expect((await c.find(filter).toArray()).map((d) => d._id).sort()).toEqual(expected),
  );
const arrays = [
  { _id: 1, a: [1, 2, 3] },
  { _id: 2, a: [1, 'foo', 3] },
  { _id: 3, a: [] },
  { _id: 4, a: [[]] },
  { _id: 5, a: [[[]]] },
  { _id: 6, a: 1 },
  { _id: 7, a: 'foo' },
];
const numbers = [
  { _id: 0, a: 1 },
  { _id: 1, a: new Int32(1) },
  { _id: 2, a: Long.fromNumber(1) },
  { _id: 3, a: 'str' },
  { _id: 4, a: [] },
  { _id: 5, a: [new Int32(1), 'str'] },
  { _id: 6 },
];
const types: Case[] = [
  ids(34, arrays, { a: { $type: 'number' } }, [1, 2, 6]),
  ids(35, arrays, { a: { $type: 'string' } }, [2, 7]),
  ids(36, arrays, { a: { $type: 'array' } }, [1, 2, 3, 4, 5]),
  ids(37, arrays, { 'a.0': { $type: 'array' } }, [4, 5]),
  ids(38, arrays, { 'a.0.0': { $type: 'array' } }, [5]),
  fails(`${T}:51`, numbers, 'find {a: {$type: ["string", null]}}', (c) =>
    c.find({ a: { $type: ['string', null] } }).toArray(),
  ),
  fails(`${T}:52`, numbers, 'find {a: {$type: [{}, "string"]}}', (c) =>
    c.find({ a: { $type: [{}, 'string'] } }).toArray(),
  ),
  ids(56, numbers, { a: { $type: ['long', 2] } }, [2, 3, 5]),
  ids(59, numbers, { a: { $type: ['long', 'array'] } }, [2, 4, 5]),
  ids(62, numbers, { a: { $type: ['long', 'array', 'long', 'array'] } }, [2, 4, 5]),
  ids(63, numbers, { a: { $type: ['long', 'array', 18, 4] } }, [2, 4, 5]),
];

const elemMatchNe = count(
  `${NE}:28`,
  [
    { _id: 0, arr: [{ a: 1 }, { a: 2 }], c: 4, d: 5, a: 1 },
    ...Array.from({ length: 100 }, () => ({ arr: [{ a: 99 }], c: 99, d: 99 })),
  ],
  {
    arr: { $elemMatch: { a: { $ne: 1 } } },
    $or: [
      { c: 4, d: 5 },
      { c: 6, d: 7 },
    ],
  },
  1,
);

const keys = [{ key: [1] }, { key: ['1'] }, { key: [[2]] }];
const nulls = [{ a: null }, {}, { a: 'a' }];
const small: Case[] = [
  ...(
    [
      [11, { key: [1] }],
      [12, { key: { $in: [[1]] } }],
      [13, { key: { $in: [[1]], $ne: [2] } }],
      [14, { key: { $in: [['1']], $type: 2 } }],
      [15, { key: ['1'] }],
      [16, { key: { $in: [['1']] } }],
      [17, { key: [2] }],
      [18, { key: { $in: [[2]] } }],
    ] as const
  ).map(([line, filter]) => count(`${I3}:${line}`, keys, filter, 1)),
  count(`${T2}:11`, nulls, { a: null }, 2),
  count(`${T2}:12`, nulls, { a: { $type: 10 } }, 1),
  count(`${T2}:13`, nulls, { a: { $exists: true } }, 2),
  count(`${T2}:14`, nulls, { a: { $exists: false } }, 1),
];

await conformance('$in and $type', [...mixed, ...types, elemMatchNe, ...small]);
