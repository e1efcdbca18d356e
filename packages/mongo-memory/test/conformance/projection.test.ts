/**
 * Find projections: `$elemMatch` and `$slice`. jstests/core/query/elemmatch/elemmatch_projection.js
 * and jstests/core/query/project/slice1.js. (The DBRef cases of elemmatch_projection.js, lines
 * 107–135, are not translated.)
 */
import { type Document, ObjectId } from 'bson';
import { expect } from 'vitest';
import { type Case, conformance, find, writes } from './harness.js';
import { xy } from './xy-fixture.js';

const E = 'jstests/core/query/elemmatch/elemmatch_projection.js';
const S = 'jstests/core/query/project/slice1.js';

/** The jstests' `testSingleDocument`: one document in, `findOne({}, projection)` without `_id` out. */
const single = (cite: string, projection: Document, input: Document, expected: Document): Case =>
  find(cite, [input], {}, [expected], { projection });

/** `findOne({}, projection)[field]` is `value` (absent when `undefined`). */
function field(line: number, docs: Document[], projection: Document, name: string, value: unknown): Case {
  return writes(
    `${S}:${line}`,
    docs,
    `findOne projecting ${JSON.stringify(projection)}: ${name} is ${JSON.stringify(value) ?? 'absent'}`,
    async () => undefined,
    async (_, c) => {
      const doc = await c.findOne({}, { projection });
      if (value === undefined) expect(doc).not.toHaveProperty(name);
      else expect(doc?.[name]).toEqual(value);
    },
  );
}

const date = new Date(0);
const typed = {
  x: [
    { a: 'string', b: date },
    { a: new ObjectId(), b: 1.2345 },
    { a: 'string2', b: date },
  ],
};

const elemMatch: Case[] = [
  single(
    `${E}:22`,
    { x: { $elemMatch: { a: -6 } } },
    {
      x: [
        { a: 1, b: 4 },
        { a: -6, c: 3 },
      ],
    },
    { x: [{ a: -6, c: 3 }] },
  ),
  single(
    `${E}:24`,
    { x: { $elemMatch: { a: -6, c: 3 } } },
    {
      x: [
        { a: 1, b: 4 },
        { a: -6, c: 3 },
      ],
    },
    { x: [{ a: -6, c: 3 }] },
  ),
  single(
    `${E}:26`,
    { x: { $elemMatch: { a: { $lt: 1 } } } },
    {
      x: [
        { a: 1, b: 4 },
        { a: -6, c: 3 },
      ],
    },
    { x: [{ a: -6, c: 3 }] },
  ),
  single(
    `${E}:30`,
    { x: { $elemMatch: { a: { $gt: 0, $lt: 2 } } } },
    {
      x: [
        { a: 1, b: 1 },
        { a: 1, b: 2 },
      ],
    },
    { x: [{ a: 1, b: 1 }] },
  ),
  single(`${E}:35`, { x: { $elemMatch: { $in: [100, 4, -123] } } }, { x: [1, 2, 3, 4, 5] }, { x: [4] }),
  single(
    `${E}:36`,
    { x: { $elemMatch: { a: { $in: [1] } } } },
    {
      x: [
        { a: 1, b: 2 },
        { a: 2, c: 3 },
        { a: 1, d: 5 },
      ],
    },
    { x: [{ a: 1, b: 2 }] },
  ),
  single(`${E}:39`, { x: { $elemMatch: { $nin: [4, 5, 6] } } }, { x: [1, 2, 3, 4, 5] }, { x: [1] }),
  single(`${E}:40`, { x: { $elemMatch: { $all: [1] } } }, { x: [1, 2, 3, 4, 5] }, { x: [1] }),
  // An empty predicate matches the first array or document.
  single(
    `${E}:43`,
    { x: { $elemMatch: {} } },
    { x: ['string', 123, [1, 2, 3], { a: 1 }] },
    { x: [[1, 2, 3]] },
  ),
  single(`${E}:45`, { x: { $elemMatch: {} } }, { x: ['string', 123, { a: 1 }] }, { x: [{ a: 1 }] }),
  single(
    `${E}:48`,
    { x: { $elemMatch: { $elemMatch: { $gt: 5, $lt: 7 } } } },
    {
      x: [
        [1, 2, 3],
        [4, 5, 6],
        [7, 8, 9],
      ],
    },
    { x: [[4, 5, 6]] },
  ),
  single(`${E}:55`, { x: { $elemMatch: { a: 'string' } } }, typed, { x: [{ a: 'string', b: date }] }),
  single(`${E}:64`, { x: { $elemMatch: { a: /ring2/ } } }, typed, { x: [{ a: 'string2', b: date }] }),
  single(`${E}:73`, { x: { $elemMatch: { a: { $type: 2 } } } }, typed, { x: [{ a: 'string', b: date }] }),
  single(
    `${E}:82`,
    { x: { $elemMatch: { a: { $ne: 1 } } } },
    {
      x: [
        { a: 1, b: 2 },
        { a: 2, c: 3 },
        { a: 1, d: 5 },
      ],
    },
    { x: [{ a: 2, c: 3 }] },
  ),
  single(`${E}:85`, { x: { $elemMatch: { d: { $exists: true } } } }, xy, { x: [{ a: 1, d: 5 }] }),
  single(`${E}:91`, { x: { $elemMatch: { a: { $mod: [2, 0] } } } }, xy, { x: [{ a: 2, c: 3 }] }),
  single(
    `${E}:97`,
    { _id: 0, x: { $elemMatch: { a: 1 } }, y: { $elemMatch: { c: 3 } } },
    {
      x: [
        { a: 1, b: 2 },
        { a: 3, b: 4 },
      ],
      y: [
        { c: 1, d: 2 },
        { c: 3, d: 4 },
      ],
    },
    { x: [{ a: 1, b: 2 }], y: [{ c: 3, d: 4 }] },
  ),
  single(`${E}:100`, { x: { $elemMatch: { $gt: 2, $lt: 4 } } }, { x: [1, 2, 4, 3, 5] }, { x: [3] }),
  single(
    `${E}:101`,
    {
      x: {
        $elemMatch: {
          $or: [{ a: { $eq: 4 } }, { $and: [{ a: { $mod: [12, 0] } }, { a: { $mod: [15, 0] } }] }],
        },
      },
    },
    { x: [{ a: 1 }, { a: 12 * 15 }, { a: 4 }] },
    { x: [{ a: 12 * 15 }] },
  ),
  // On a value that is not an array the field is left out.
  single(`${E}:138`, { x: { $elemMatch: { $gt: 2 } } }, { x: { a: 123 }, d: 456 }, {}),
  single(`${E}:139`, { x: { $elemMatch: { $gt: 2 } }, d: 1 }, { x: { a: 123 }, d: 456 }, { d: 456 }),
  single(`${E}:140`, { x: { $elemMatch: { $gt: 2 } }, d: 0 }, { x: { a: 123 }, d: 456 }, {}),
  single(`${E}:143`, { x: { $elemMatch: {} } }, { x: ['string', 123, { b: 123 }] }, { x: [{ b: 123 }] }),
  single(`${E}:144`, { x: { $elemMatch: {} } }, { x: ['string', 123, [1, 2, 3]] }, { x: [[1, 2, 3]] }),
  single(
    `${E}:145`,
    { x: { $elemMatch: { $or: [{}, {}] } } },
    { x: ['string', 123, { b: 123 }] },
    { x: [{ b: 123 }] },
  ),
  single(
    `${E}:147`,
    { x: { $elemMatch: { $or: [{}, {}] } } },
    { x: ['string', 123, [1, 2, 3]] },
    { x: [[1, 2, 3]] },
  ),
  single(`${E}:151`, { x: { $elemMatch: { $lt: 0 } } }, { x: [1, 2, 3] }, {}),
];

const numbers = [{ _id: 1, a: [0, 1, 2, 3, 4, 5, -5, -4, -3, -2, -1], b: 1, c: 1 }];
const comments = [
  {
    comments: [
      { id: 0, text: 'a' },
      { id: 1, text: 'b' },
      { id: 2, text: 'c' },
      { id: 3, text: 'd' },
    ],
    title: 'foo',
  },
];
const firstTwo = [
  { id: 0, text: 'a' },
  { id: 1, text: 'b' },
];
const nested = [
  {
    _id: 1,
    a: [
      [1, 1, 1],
      [2, 2, 2],
      [3, 3, 3],
    ],
    b: 1,
    c: 1,
  },
];
const deep = {
  a: [
    { b: { c: [1, 2, 3], d: 123 } },
    [{ b: { c: [1, 2, 3], d: 123 } }, { b: { c: [4, 5, 6], d: 456 } }],
    {
      b: [
        { c: [1, 2, 3], d: 123 },
        { c: [4, 5, 6], d: 456 },
      ],
    },
    { b: [[{ c: [1, 2, 3], d: 123 }], [{ c: [4, 5, 6], d: 456 }]] },
  ],
};
const deepArrays = { a: [[[{ b: [[[{ c: [1, 2, 3] }]]] }]]] };

const slice: Case[] = [
  field(8, numbers, { a: { $slice: 3 } }, 'a', [0, 1, 2]),
  field(12, numbers, { a: { $slice: -3 } }, 'a', [-3, -2, -1]),
  field(16, numbers, { a: { $slice: [2, 3] } }, 'a', [2, 3, 4]),
  field(20, numbers, { a: { $slice: [-5, 4] } }, 'a', [-5, -4, -3, -2]),
  field(24, numbers, { a: { $slice: [-5, 10] } }, 'a', [-5, -4, -3, -2, -1]),
  field(29, numbers, { a: { $slice: 3 } }, 'a', [0, 1, 2]),
  field(30, numbers, { a: { $slice: 3 } }, 'b', 1),
  field(31, numbers, { a: { $slice: 3 } }, 'c', 1),
  field(34, numbers, { a: { $slice: 3 }, b: true }, 'a', [0, 1, 2]),
  field(35, numbers, { a: { $slice: 3 }, b: true }, 'b', 1),
  field(36, numbers, { a: { $slice: 3 }, b: true }, 'c', undefined),
  field(39, numbers, { a: { $slice: 3 }, b: false }, 'a', [0, 1, 2]),
  field(40, numbers, { a: { $slice: 3 }, b: false }, 'b', undefined),
  field(41, numbers, { a: { $slice: 3 }, b: false }, 'c', 1),
  field(51, comments, { comments: { $slice: 2 }, irrelevantField: 1 }, 'comments', firstTwo),
  field(52, comments, { comments: { $slice: 2 }, irrelevantField: 1 }, 'title', undefined),
  field(56, comments, { comments: { $slice: 2 } }, 'comments', firstTwo),
  field(57, comments, { comments: { $slice: 2 } }, 'title', 'foo'),
  field(61, comments, { comments: { $slice: 2 }, title: 0 }, 'comments', firstTwo),
  field(62, comments, { comments: { $slice: 2 }, title: 0 }, 'title', undefined),
  field(69, nested, { a: { $slice: 1 } }, 'a', [[1, 1, 1]]),
  field(72, nested, { a: { $slice: -1 } }, 'a', [[3, 3, 3]]),
  field(75, nested, { a: { $slice: [0, 2] } }, 'a', [
    [1, 1, 1],
    [2, 2, 2],
  ]),
  // $slice goes one level deep into nested arrays only.
  find(
    `${S}:87`,
    [
      { _id: 1, a: { b: [1, 2, 3] } },
      { _id: 2, a: [{ b: [1, 2, 3] }] },
      { _id: 3, a: [[{ b: [1, 2, 3] }]] },
      { _id: 4, a: [[{ b: [1, 2, 3] }], { b: [1, 2, 3] }, 1, null, {}] },
    ],
    {},
    [
      { _id: 1, a: { b: [2] } },
      { _id: 2, a: [{ b: [2] }] },
      { _id: 3, a: [[{ b: [1, 2, 3] }]] },
      { _id: 4, a: [[{ b: [1, 2, 3] }], { b: [2] }, 1, null, {}] },
    ],
    { projection: { a: { b: { $slice: [1, 1] } } }, sort: { _id: 1 } },
  ),
  single(
    `${S}:106`,
    { 'a.b.c.d.e': { $slice: [1, 1] } },
    { a: [{ b: [{ c: [{ d: [{ e: [1, 2, 3] }] }] }] }] },
    { a: [{ b: [{ c: [{ d: [{ e: [2] }] }] }] }] },
  ),
  single(`${S}:113`, { a: { b: { c: { $slice: [1, 1] }, d: 1 } } }, deep, {
    a: [
      { b: { c: [2], d: 123 } },
      [{ b: { c: [1, 2, 3], d: 123 } }, { b: { c: [4, 5, 6], d: 456 } }],
      {
        b: [
          { c: [2], d: 123 },
          { c: [5], d: 456 },
        ],
      },
      { b: [[{ c: [1, 2, 3], d: 123 }], [{ c: [4, 5, 6], d: 456 }]] },
    ],
  }),
  single(`${S}:133`, { a: { b: { c: { $slice: [1, 1] }, d: 0 } } }, deep, {
    a: [
      { b: { c: [2] } },
      [{ b: { c: [1, 2, 3] } }, { b: { c: [4, 5, 6] } }],
      { b: [{ c: [2] }, { c: [5] }] },
      { b: [[{ c: [1, 2, 3] }], [{ c: [4, 5, 6] }]] },
    ],
  }),
  single(
    `${S}:197`,
    { a: { b: { c: { $slice: [1, 1] }, d: { $slice: -1 } } } },
    {
      a: [
        { b: { c: [1, 2, 3], d: [4, 5, 6] } },
        [{ b: { c: [1, 2, 3], d: [4, 5, 6] } }, { b: { c: [7, 8, 9], d: [10, 11, 12] } }],
        {
          b: [
            { c: [1, 2, 3], d: [4, 5, 6] },
            { c: [7, 8, 9], d: [10, 11, 12] },
          ],
        },
        { b: [[{ c: [1, 2, 3], d: [4, 5, 6] }], [{ c: [7, 8, 9], d: [10, 11, 12] }]] },
      ],
    },
    {
      a: [
        { b: { c: [2], d: [6] } },
        [{ b: { c: [1, 2, 3], d: [4, 5, 6] } }, { b: { c: [7, 8, 9], d: [10, 11, 12] } }],
        {
          b: [
            { c: [2], d: [6] },
            { c: [8], d: [12] },
          ],
        },
        { b: [[{ c: [1, 2, 3], d: [4, 5, 6] }], [{ c: [7, 8, 9], d: [10, 11, 12] }]] },
      ],
    },
  ),
  single(
    `${S}:221`,
    { a: { b: { $slice: [1, 1] } }, c: { d: { $slice: -1 } } },
    {
      a: [
        { b: [1, 2, 3] },
        [{ b: [1, 2, 3] }, { b: [4, 5, 6] }],
        {
          b: [
            [1, 2, 3],
            [4, 5, 6],
          ],
        },
      ],
      c: [
        { d: [1, 2, 3] },
        [{ d: [1, 2, 3] }, { d: [4, 5, 6] }],
        {
          d: [
            [1, 2, 3],
            [4, 5, 6],
            [7, 8, 9],
          ],
        },
      ],
    },
    {
      a: [{ b: [2] }, [{ b: [1, 2, 3] }, { b: [4, 5, 6] }], { b: [[4, 5, 6]] }],
      c: [{ d: [3] }, [{ d: [1, 2, 3] }, { d: [4, 5, 6] }], { d: [[7, 8, 9]] }],
    },
  ),
  // Where $slice cannot apply, the value is kept.
  single(`${S}:249`, { a: { $slice: 1 } }, { a: { c: 123 } }, { a: { c: 123 } }),
  single(`${S}:253`, { a: { $slice: 1 }, d: 1 }, { a: { c: 123 }, d: 456 }, { a: { c: 123 }, d: 456 }),
  single(`${S}:256`, { a: { $slice: 1 }, d: 0 }, { a: { c: 123 }, d: 456 }, { a: { c: 123 } }),
  single(`${S}:259`, { a: { $slice: 1 } }, { b: { e: 123 } }, { b: { e: 123 } }),
  single(`${S}:261`, { a: { $slice: 1 }, d: 1 }, { b: { e: 123 }, d: 456 }, { d: 456 }),
  single(`${S}:263`, { a: { $slice: 1 }, d: 0 }, { b: { e: 123 }, d: 456 }, { b: { e: 123 } }),
  single(`${S}:266`, { 'a.b.c': { $slice: 1 } }, deepArrays, deepArrays),
  single(`${S}:272`, { 'a.b.c': { $slice: 1 }, d: 1 }, { ...deepArrays, d: 456 }, { ...deepArrays, d: 456 }),
  single(`${S}:278`, { 'a.b.c': { $slice: 1 }, d: 0 }, { ...deepArrays, d: 456 }, deepArrays),
  single(
    `${S}:284`,
    { e: 1, 'a.b': { $slice: 1 } },
    { e: 123, a: [[[{ b: [1, 2, 3], d: 4, f: 5 }]]] },
    { e: 123, a: [[[{ b: [1, 2, 3] }]]] },
  ),
  find(`${S}:289`, [{ _id: 123, a: [1, 2, 3] }], {}, [{ _id: 123, a: [2] }], {
    projection: { _id: 1, a: { $slice: [1, 1] } },
  }),
  single(`${S}:294`, { _id: 0, a: { $slice: [1, 1] } }, { _id: 123, a: [1, 2, 3] }, { a: [2] }),
];

await conformance('find projections', [...elemMatch, ...slice]);
