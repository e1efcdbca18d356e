/**
 * `$lookup`, both forms: jstests/aggregation/sources/lookup/lookup.js (its `runTest` on an
 * unsharded collection) and lookup_null_semantics.js. A jstest's `undefined` is written as null
 * (the driver stores it so; 8.0 joins both alike). Arrays: lookup-arrays.test.ts.
 */
import type { Document } from 'bson';
import { aggregate, type Case, conformance } from './harness.js';

const L = 'jstests/aggregation/sources/lookup/lookup.js';
const LN = 'jstests/aggregation/sources/lookup/lookup_null_semantics.js';

const local = [{ _id: 0, a: 1 }, { _id: 1, a: null }, { _id: 2 }];
const foreign = [{ _id: 0, b: 1 }, { _id: 1, b: null }, { _id: 2 }];
const join =
  (localField: string, foreignField: string, as = 'same') =>
  (from: string) => [{ $lookup: { localField, foreignField, from, as } }];
/** lookup.js's `testPipeline`: results compared sorted by `_id`. */
const lookupCase = (
  line: number,
  docs: Document[],
  from: Document[],
  pipeline: (from: string) => Document[],
  expected: Document[],
) => aggregate(`${L}:${line}`, docs, pipeline, expected, { foreign: from });

const nullish = [{ _id: 1, b: null }, { _id: 2 }];
const basic: Case[] = [
  lookupCase(57, local, foreign, join('a', 'b'), [
    { _id: 0, a: 1, same: [{ _id: 0, b: 1 }] },
    { _id: 1, a: null, same: nullish },
    { _id: 2, same: nullish },
  ]),
  lookupCase(67, local, foreign, join('nonexistent', 'b'), [
    { _id: 0, a: 1, same: nullish },
    { _id: 1, a: null, same: nullish },
    { _id: 2, same: nullish },
  ]),
  lookupCase(78, local, foreign, join('a', 'nonexistent'), [
    { _id: 0, a: 1, same: [] },
    { _id: 1, a: null, same: foreign },
    { _id: 2, same: foreign },
  ]),
  lookupCase(86, local, foreign, join('_id', 'nonexistent'), [
    { _id: 0, a: 1, same: [] },
    { _id: 1, a: null, same: [] },
    { _id: 2, same: [] },
  ]),
  lookupCase(90, local, foreign, () => join('a', 'b')('nonexistent_collection'), [
    { _id: 0, a: 1, same: [] },
    { _id: 1, a: null, same: [] },
    { _id: 2, same: [] },
  ]),
  lookupCase(101, local, foreign, join('a', 'b', 'a'), [
    { _id: 0, a: [{ _id: 0, b: 1 }] },
    { _id: 1, a: nullish },
    { _id: 2, a: nullish },
  ]),
  lookupCase(
    114,
    local,
    foreign,
    (from) => [
      { $lookup: { localField: 'a', foreignField: 'b', from, as: 'c' } },
      { $project: { a: 1, c: 1 } },
      { $lookup: { localField: 'a', foreignField: 'b', from, as: 'd' } },
    ],
    [
      { _id: 0, a: 1, c: [{ _id: 0, b: 1 }], d: [{ _id: 0, b: 1 }] },
      { _id: 1, a: null, c: nullish, d: nullish },
      { _id: 2, c: nullish, d: nullish },
    ],
  ),
  lookupCase(135, local, foreign, (from) => [...join('a', 'b')(from), { $unwind: { path: '$same' } }], [
    { _id: 0, a: 1, same: { _id: 0, b: 1 } },
    { _id: 1, a: null, same: { _id: 1, b: null } },
    { _id: 1, a: null, same: { _id: 2 } },
    { _id: 2, same: { _id: 1, b: null } },
    { _id: 2, same: { _id: 2 } },
  ]),
  lookupCase(
    151,
    local,
    foreign,
    (from) => [...join('a', 'b')(from), { $unwind: { path: '$same', includeArrayIndex: 'index' } }],
    [
      { _id: 0, a: 1, same: { _id: 0, b: 1 }, index: 0 },
      { _id: 1, a: null, same: { _id: 1, b: null }, index: 0 },
      { _id: 1, a: null, same: { _id: 2 }, index: 1 },
      { _id: 2, same: { _id: 1, b: null }, index: 0 },
      { _id: 2, same: { _id: 2 }, index: 1 },
    ],
  ),
  lookupCase(
    161,
    local,
    foreign,
    (from) => [...join('_id', 'nonexistent')(from), { $unwind: { path: '$same' } }],
    [],
  ),
  lookupCase(
    175,
    local,
    foreign,
    (from) => [
      ...join('_id', 'nonexistent')(from),
      { $unwind: { path: '$same', preserveNullAndEmptyArrays: true } },
    ],
    [{ _id: 0, a: 1 }, { _id: 1, a: null }, { _id: 2 }],
  ),
  lookupCase(
    189,
    local,
    foreign,
    (from) => [...join('_id', 'b')(from), { $unwind: { path: '$same', preserveNullAndEmptyArrays: true } }],
    [{ _id: 0, a: 1 }, { _id: 1, a: null, same: { _id: 0, b: 1 } }, { _id: 2 }],
  ),
  lookupCase(
    204,
    local,
    foreign,
    (from) => [
      ...join('_id', 'b')(from),
      { $unwind: { path: '$same', preserveNullAndEmptyArrays: true, includeArrayIndex: 'index' } },
    ],
    [
      { _id: 0, a: 1, index: null },
      { _id: 1, a: null, same: { _id: 0, b: 1 }, index: 0 },
      { _id: 2, index: null },
    ],
  ),
  lookupCase(226, local, foreign, (from) => [...join('a', 'b')(from), { $project: { same: 1 } }], [
    { _id: 0, same: [{ _id: 0, b: 1 }] },
    { _id: 1, same: nullish },
    { _id: 2, same: nullish },
  ]),
  // The let + pipeline form.
  lookupCase(
    244,
    local,
    foreign,
    (from) => [
      { $lookup: { let: { var1: '$a' }, pipeline: [{ $project: { x: '$$var1' } }], from, as: 'same' } },
      { $project: { same: 1 } },
    ],
    [
      {
        _id: 0,
        same: [
          { _id: 0, x: 1 },
          { _id: 1, x: 1 },
          { _id: 2, x: 1 },
        ],
      },
      {
        _id: 1,
        same: [
          { _id: 0, x: null },
          { _id: 1, x: null },
          { _id: 2, x: null },
        ],
      },
      { _id: 2, same: [{ _id: 0 }, { _id: 1 }, { _id: 2 }] },
    ],
  ),
];

const dottedLocal = [...local, { _id: 3, a: { c: 1 } }];
const dottedForeign = [...foreign, { _id: 3, b: { c: 1 } }, { _id: 4, b: { c: 2 } }];
const dotted: Case[] = [
  lookupCase(284, dottedLocal, dottedForeign, join('a', 'b'), [
    { _id: 0, a: 1, same: [{ _id: 0, b: 1 }] },
    { _id: 1, a: null, same: nullish },
    { _id: 2, same: nullish },
    { _id: 3, a: { c: 1 }, same: [{ _id: 3, b: { c: 1 } }] },
  ]),
  lookupCase(295, dottedLocal, dottedForeign, join('a.c', 'b.c'), [
    { _id: 0, a: 1, same: foreign },
    { _id: 1, a: null, same: foreign },
    { _id: 2, same: foreign },
    { _id: 3, a: { c: 1 }, same: [{ _id: 3, b: { c: 1 } }] },
  ]),
  lookupCase(
    329,
    [{ _id: 0, a: { b: 1 } }, { _id: 1 }],
    [{ _id: 0, target: 1 }],
    (from) => [
      { $lookup: { localField: 'a.b', foreignField: 'target', from, as: 'same.documents' } },
      { $unwind: { path: '$same.documents', preserveNullAndEmptyArrays: true, includeArrayIndex: 'c.d.e' } },
    ],
    [
      { _id: 0, a: { b: 1 }, same: { documents: { _id: 0, target: 1 } }, c: { d: { e: 0 } } },
      { _id: 1, same: {}, c: { d: { e: null } } },
    ],
  ),
  // A regex local value is compared for equality, never run as a regex.
  lookupCase(
    354,
    [{ _id: 0, a: /a regex/ }],
    [
      { _id: 0, b: /a regex/ },
      { _id: 1, b: 'string that matches /a regex/' },
    ],
    join('a', 'b', 'b'),
    [{ _id: 0, a: /a regex/, b: [{ _id: 0, b: /a regex/ }] }],
  ),
  lookupCase(379, [{ _id: 0, a: [0, 1, 2] }], [{ _id: 0 }, { _id: 1 }], join('a', '_id', 'b'), [
    { _id: 0, a: [0, 1, 2], b: [{ _id: 0 }, { _id: 1 }] },
  ]),
  lookupCase(400, [{ _id: 0, a: [1] }], [{ _id: 0 }, { _id: 1 }], join('a', '_id', 'b'), [
    { _id: 0, a: [1], b: [{ _id: 1 }] },
  ]),
  lookupCase(
    427,
    [
      { _id: 0, a: [/a regex/, /^x/] },
      { _id: 1, a: [/^x/] },
    ],
    [
      { _id: 0, b: 'should not match a regex' },
      { _id: 1, b: 'xxxx' },
      { _id: 2, b: /a regex/ },
      { _id: 3, b: /^x/ },
    ],
    join('a', 'b', 'b'),
    [
      {
        _id: 0,
        a: [/a regex/, /^x/],
        b: [
          { _id: 2, b: /a regex/ },
          { _id: 3, b: /^x/ },
        ],
      },
      { _id: 1, a: [/^x/], b: [{ _id: 3, b: /^x/ }] },
    ],
  ),
];

/** What a null or missing `a` finds: the foreign documents whose `b` is null, missing or an array holding null. */
const nullOrMissingB = [
  { _id: 0 },
  { _id: 1, b: null },
  { _id: 2, b: null },
  { _id: 4, b: [null, 9] },
  { _id: 6, b: [null, 9] },
];
const nullSemantics = aggregate(
  `${LN}:95`,
  [{ _id: 0 }, { _id: 1, a: null }, { _id: 2, a: 9 }, { _id: 3, a: [null, 9] }],
  (from) => [{ $lookup: { from, localField: 'a', foreignField: 'b', as: 'lookupResults' } }],
  [
    {
      _id: 0,
      lookupResults: nullOrMissingB,
    },
    {
      _id: 1,
      a: null,
      lookupResults: nullOrMissingB,
    },
    {
      _id: 2,
      a: 9,
      lookupResults: [
        { _id: 3, b: 9 },
        { _id: 4, b: [null, 9] },
        { _id: 6, b: [null, 9] },
        { _id: 7, b: [9, 10] },
      ],
    },
    {
      _id: 3,
      a: [null, 9],
      lookupResults: [
        { _id: 0 },
        { _id: 1, b: null },
        { _id: 2, b: null },
        { _id: 3, b: 9 },
        { _id: 4, b: [null, 9] },
        { _id: 6, b: [null, 9] },
        { _id: 7, b: [9, 10] },
      ],
    },
  ],
  {
    foreign: [
      { _id: 0 },
      { _id: 1, b: null },
      { _id: 2, b: null },
      { _id: 3, b: 9 },
      { _id: 4, b: [null, 9] },
      { _id: 5, b: 42 },
      { _id: 6, b: [null, 9] },
      { _id: 7, b: [9, 10] },
    ],
  },
);

await conformance('$lookup', [...basic, ...dotted, nullSemantics]);
