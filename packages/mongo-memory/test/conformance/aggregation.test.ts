/**
 * Aggregation: `$filter`, `$group` keys with null and missing, `$unwind`.
 * jstests/aggregation/expressions/filter.js, jstests/aggregation/sources/group/groupMissing.js,
 * group_key_is_array.js, jstests/aggregation/sources/unwind/unwind.js,
 * unwind_empty_array.js, unwind_include_array_index.js, unwind_preserve_null_and_empty_arrays.js. (A jstest's
 * `undefined` is written as null: the driver stores it so. The `$filter` cases of filter.js that
 * need a server fail point are not translated.)
 */
import { Decimal128, type Document } from 'bson';
import { expect } from 'vitest';
import { aggregate, type Case, conformance, fails, writes } from './harness.js';

const F = 'jstests/aggregation/expressions/filter.js';
const G = 'jstests/aggregation/sources/group/groupMissing.js';
const GA = 'jstests/aggregation/sources/group/group_key_is_array.js';
const U = 'jstests/aggregation/sources/unwind/unwind.js';
const UI = 'jstests/aggregation/sources/unwind/unwind_include_array_index.js';
const UP = 'jstests/aggregation/sources/unwind/unwind_preserve_null_and_empty_arrays.js';
const UE = 'jstests/aggregation/sources/unwind/unwind_empty_array.js';

const filterDocs: Document[] = [
  { _id: 0, c: 1, d: 3, a: [1, 2, 3, 4, 5] },
  { _id: 1, c: 2, d: 4, a: [1, 2] },
  { _id: 2, c: 3, d: 5, a: [] },
  { _id: 3, c: 4, d: 6, a: [4] },
  { _id: 4, c: 5, d: 7, a: null },
  { _id: 5, c: 6, d: 8, a: null },
  { _id: 6, c: 7, d: 9 },
];
const bs = (...values: unknown[]): Document[] => values.map((b, _id) => ({ _id, b }));
const project = (b: unknown): Document[] => [{ $project: { b } }, { $sort: { _id: 1 } }];
const filterOf = (filter: Document) => project({ $filter: filter });
/** `{...before, then, ...after}`: MongoDB's `$cond` and `$switch` name a branch `then`. */
const branch = (before: Document, then: unknown, after: Document = {}): Document =>
  Object.fromEntries([...Object.entries(before), ['then', then], ...Object.entries(after)]);
const eqThis = (n: number) => ({ $filter: { input: '$a', cond: { $eq: ['$$this', n] } } });

const date = new Date(0);
const filters: Case[] = [
  aggregate(
    `${F}:37`,
    filterDocs,
    filterOf({ input: '$a', as: 'x', cond: { $gt: ['$$x', 2] } }),
    bs([3, 4, 5], [], [], [4], null, null, null),
    { ordered: true },
  ),
  aggregate(
    `${F}:54`,
    filterDocs,
    filterOf({ input: '$a', cond: { $eq: [2, '$$this'] } }),
    bs([2], [2], [], [], null, null, null),
    { ordered: true },
  ),
  aggregate(
    `${F}:86`,
    filterDocs,
    project({
      $let: {
        vars: { value: '$d' },
        in: { $filter: { input: '$a', cond: { $gte: [{ $add: ['$c', '$$this'] }, '$$value'] } } },
      },
    }),
    bs([2, 3, 4, 5], [2], [], [4], null, null, null),
    { ordered: true },
  ),
  aggregate(
    `${F}:103`,
    filterDocs,
    filterOf({
      input: '$a',
      cond: { $or: [{ $and: [{ $gt: ['$$this', 1] }, { $lt: ['$$this', 3] }] }, { $eq: ['$$this', 5] }] },
    }),
    bs([2, 5], [2], [], [], null, null, null),
    { ordered: true },
  ),
  aggregate(
    `${F}:153`,
    filterDocs,
    project({
      $or: [
        {
          $and: [
            {
              $filter: {
                input: '$a',
                cond: {
                  $or: [{ $and: [{ $gt: ['$$this', 1] }, { $lt: ['$$this', 3] }] }, { $eq: ['$$this', 5] }],
                },
              },
            },
            '$d',
          ],
        },
        eqThis(1),
      ],
    }),
    bs(true, true, true, true, false, false, false),
    { ordered: true },
  ),
  aggregate(
    `${F}:180`,
    filterDocs,
    project({ $cond: branch({ if: eqThis(1) }, eqThis(2), { else: eqThis(3) }) }),
    bs([2], [2], [], [], null, null, null),
    { ordered: true },
  ),
  aggregate(
    `${F}:216`,
    filterDocs,
    project({
      $switch: {
        branches: [branch({ case: eqThis(1) }, eqThis(2)), branch({ case: eqThis(3) }, eqThis(4))],
        default: eqThis(5),
      },
    }),
    bs([2], [2], [], [], null, null, null),
    { ordered: true },
  ),
  // Invalid $filter specifications.
  ...(
    [
      [222, 'string', 28646],
      [226, { input: '$a', as: 'x', cond: true, extra: 1 }, 28647],
      [233, { as: 'x', cond: true }, 28648],
      [237, { input: '$a', as: 'x' }, 28650],
      [241, { input: '$a', as: '$x', cond: true }, 16867],
      [245, { input: 'string', as: 'x', cond: true }, 28651],
      [252, { input: '$a', cond: { $eq: [1, '$$var'] } }, 17276],
    ] as const
  ).map(([line, spec, code]) =>
    fails(
      `${F}:${line}`,
      filterDocs,
      `$project {b: {$filter: ${JSON.stringify(spec)}}}`,
      (c) => c.aggregate([{ $project: { b: { $filter: spec } } }]).toArray(),
      code,
    ),
  ),
  fails(
    `${F}:257`,
    [{ a: 'string' }],
    "$filter of the field a: 'string'",
    (c) => c.aggregate([{ $project: { b: { $filter: { input: '$a', as: 'x', cond: true } } } }]).toArray(),
    28651,
  ),
  aggregate(
    `${F}:269`,
    [{ _id: 0, a: [date, null, null, 0, false, Decimal128.fromString('1'), [], { c: 3 }] }],
    [{ $project: { b: { $filter: { input: '$a', as: 'x', cond: '$$x' } } } }],
    [{ _id: 0, b: [date, Decimal128.fromString('1'), [], { c: 3 }] }],
  ),
  aggregate(
    `${F}:291`,
    [
      {
        _id: 0,
        a: [{ b: { c: { d: 1 } } }, { b: { c: { d: 2 } } }, { b: { c: { d: 3 } } }, { b: { c: { d: 4 } } }],
      },
    ],
    [{ $project: { b: { $filter: { input: '$a', cond: { $gt: ['$$this.b.c.d', 2] } } } } }],
    [{ _id: 0, b: [{ b: { c: { d: 3 } } }, { b: { c: { d: 4 } } }] }],
  ),
  aggregate(
    `${F}:311`,
    [{ _id: 0, a: [[1, 2, 3], null, [4, 5, 6]] }],
    [
      {
        $project: {
          b: {
            $filter: { input: '$a', cond: { $filter: { input: '$$this', cond: { $gt: ['$$this', 3] } } } },
          },
        },
      },
    ],
    [
      {
        _id: 0,
        b: [
          [1, 2, 3],
          [4, 5, 6],
        ],
      },
    ],
  ),
];

/** The jstest's check of one field of the output: `check` gets the output documents. */
const outputs = (
  cite: string,
  docs: Document[],
  pipeline: Document[],
  title: string,
  check: (out: Document[]) => void,
) =>
  writes(
    cite,
    docs,
    `aggregate ${JSON.stringify(pipeline)}: ${title}`,
    async () => undefined,
    async (_, c) => check(await c.aggregate(pipeline).toArray()),
  );

const nullAndMissing = [{ a: null }, {}];
const abDocs = [{ a: null, b: 1 }, { b: 1 }, { a: null, b: 1 }];
const groups: Case[] = [
  outputs(`${G}:20`, nullAndMissing, [{ $group: { _id: '$a' } }], 'one group', (out) =>
    expect(out).toHaveLength(1),
  ),
  outputs(`${G}:21`, nullAndMissing, [{ $group: { _id: '$a' } }], 'its _id is null', (out) =>
    expect(out[0]?._id).toBeNull(),
  ),
  outputs(`${G}:26`, nullAndMissing, [{ $sort: { a: 1 } }, { $group: { _id: '$a' } }], 'one group', (out) =>
    expect(out).toHaveLength(1),
  ),
  outputs(
    `${G}:27`,
    nullAndMissing,
    [{ $sort: { a: 1 } }, { $group: { _id: '$a' } }],
    'its _id is null',
    (out) => expect(out[0]?._id).toBeNull(),
  ),
  aggregate(`${G}:36`, nullAndMissing, [{ $group: { _id: { a: '$a' } } }], [{ _id: { a: null } }]),
  aggregate(
    `${G}:53`,
    abDocs,
    [{ $group: { _id: { a: '$a', b: '$b' } } }],
    [{ _id: { b: 1 } }, { _id: { a: null, b: 1 } }],
  ),
  aggregate(
    `${G}:56`,
    abDocs,
    [{ $sort: { a: 1, b: 1 } }, { $group: { _id: { a: '$a', b: '$b' } } }],
    [{ _id: { b: 1 } }, { _id: { a: null, b: 1 } }],
  ),
  aggregate(
    `${G}:76`,
    [{ a: 1, b: null }, { a: null, b: 1 }, { b: 1 }, { a: 1 }],
    [{ $match: { a: 1 } }, { $project: { _id: 0, a: 1, b: 1 } }],
    [{ a: 1, b: null }, { a: 1 }],
  ),
  writes(
    `${GA}:12`,
    [{ x: null }, { y: null }, { x: null, y: null }],
    'a group _id array is evaluated alike at the top level and nested',
    async () => undefined,
    async (_, c) => {
      const [top] = await c.aggregate([{ $group: { _id: ['$x', '$y'] } }]).toArray();
      const [nested] = await c.aggregate([{ $group: { _id: { z: ['$x', '$y'] } } }]).toArray();
      expect(top?._id).toEqual(nested?._id.z);
    },
  ),
];

const unwindDocs = [
  { _id: 1 },
  { _id: 2, x: null },
  { _id: 3, x: [] },
  { _id: 4, x: [1, 2] },
  { _id: 5, x: [3] },
  { _id: 6, x: 4 },
];
const indexDocs = [
  { _id: 0 },
  { _id: 1, x: null },
  { _id: 2, x: [] },
  { _id: 3, x: [1, 2, 3] },
  { _id: 4, x: 5 },
];
const unwinds: Case[] = [
  outputs(U.concat(':14'), unwindDocs, [{ $unwind: '$x' }, { $sort: { _id: 1 } }], '4 documents', (out) =>
    expect(out).toHaveLength(4),
  ),
  outputs(U.concat(':15'), unwindDocs, [{ $unwind: '$x' }, { $sort: { _id: 1 } }], 'x: 1, 2, 3, 4', (out) =>
    expect(out.map((z) => z.x)).toEqual([1, 2, 3, 4]),
  ),
  aggregate(
    `${UI}:19`,
    indexDocs,
    [{ $unwind: { path: '$x' } }, { $sort: { _id: 1, x: 1 } }],
    [
      { _id: 3, x: 1 },
      { _id: 3, x: 2 },
      { _id: 3, x: 3 },
      { _id: 4, x: 5 },
    ],
    { ordered: true },
  ),
  aggregate(
    `${UI}:31`,
    indexDocs,
    [{ $unwind: { path: '$x', includeArrayIndex: 'index' } }, { $sort: { _id: 1, x: 1 } }],
    [
      { _id: 3, x: 1, index: 0 },
      { _id: 3, x: 2, index: 1 },
      { _id: 3, x: 3, index: 2 },
      { _id: 4, x: 5, index: null },
    ],
    { ordered: true },
  ),
  aggregate(
    `${UI}:49`,
    indexDocs,
    [
      { $unwind: { path: '$x', includeArrayIndex: 'index', preserveNullAndEmptyArrays: true } },
      { $sort: { _id: 1, x: 1 } },
    ],
    [
      { _id: 0, index: null },
      { _id: 1, x: null, index: null },
      { _id: 2, index: null },
      { _id: 3, x: 1, index: 0 },
      { _id: 3, x: 2, index: 1 },
      { _id: 3, x: 3, index: 2 },
      { _id: 4, x: 5, index: null },
    ],
    { ordered: true },
  ),
  aggregate(`${UP}:7`, [], [{ $unwind: { path: '$x' } }], []),
  ...(
    [
      [32, { _id: 0 }, { _id: 0 }],
      [33, { _id: 0, x: null }, { _id: 0, x: null }],
      [34, { _id: 0, x: [] }, { _id: 0 }],
    ] as const
  ).flatMap(([line, input, output]) => [
    aggregate(
      `${UP}:${line}`,
      [input],
      [{ $unwind: { path: '$x', preserveNullAndEmptyArrays: true } }],
      [output],
    ),
    aggregate(`${UP}:${line}`, [input], [{ $unwind: { path: '$x' } }], []),
  ]),
];

const unwound = [
  { _id: 1, b: 4 },
  { _id: 1, b: 5 },
];
const emptyArrays: Case[] = [
  aggregate(`${UE}:14`, [{ _id: 0, a: 1, b: [], c: 2 }], [{ $unwind: '$b' }], []),
  aggregate(
    `${UE}:18`,
    [
      { _id: 0, a: 1, b: [], c: 2 },
      { _id: 1, b: [4, 5] },
    ],
    [{ $unwind: '$b' }],
    unwound,
  ),
  aggregate(
    `${UE}:22`,
    [
      { _id: 0, a: 1, b: [], c: 2 },
      { _id: 1, b: [4, 5] },
      { _id: 2, b: [] },
    ],
    [{ $unwind: '$b' }],
    unwound,
  ),
  aggregate(`${UE}:28`, [{ _id: 0, a: 1, b: { x: 10, y: [], z: 20 }, c: 2 }], [{ $unwind: '$b.y' }], []),
  aggregate(`${UE}:34`, [{ _id: 0, a: 1, b: null, c: 2 }], [{ $unwind: '$b' }], []),
  aggregate(`${UE}:40`, [{ _id: 0, a: 1, c: 2 }], [{ $unwind: '$b' }], []),
  aggregate(`${UE}:46`, [{ _id: 0, a: 1, b: { d: 4 }, c: 2 }], [{ $unwind: '$b.y' }], []),
  aggregate(`${UE}:52`, [{ _id: 0, a: 1, b: 10, c: 2 }], [{ $unwind: '$b.y' }], []),
];

await conformance('aggregation stages and expressions', [...filters, ...groups, ...unwinds, ...emptyArrays]);
