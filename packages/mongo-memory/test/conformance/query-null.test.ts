/**
 * null, missing and arrays in filters: jstests/core/query/null_query_semantics.js as of MongoDB 8.0
 * (`requires_fcv_80`; the 9.0 line changed `{'a.b': null}` over arrays of values, see the README).
 * The jstest's documents holding `undefined` are left out (the driver stores `undefined` as null);
 * in "a_object_array_b_mix_null_undefined_missing" the `undefined` element is written as null, which
 * 8.0 answers alike.
 */
import type { Document } from 'bson';
import { type Case, conformance, count, find } from './harness.js';

const N = 'jstests/core/query/null_query_semantics.js';

const d = {
  a_empty_subobject: { _id: 'a_empty_subobject', a: {} },
  a_null: { _id: 'a_null', a: null },
  a_number: { _id: 'a_number', a: 4 },
  a_subobject_b_not_null: { _id: 'a_subobject_b_not_null', a: { b: 'hi' } },
  a_subobject_b_null: { _id: 'a_subobject_b_null', a: { b: null } },
  no_a: { _id: 'no_a' },
  a_double_array: { _id: 'a_double_array', a: [[]] },
  a_empty_array: { _id: 'a_empty_array', a: [] },
  a_object_array_b_mix_null_undefined_missing: {
    _id: 'a_object_array_b_mix_null_undefined_missing',
    a: [{ b: null }, { b: null }, { b: null }, {}],
  },
  a_object_array_no_b_nulls: { _id: 'a_object_array_no_b_nulls', a: [{ b: 1 }, { b: 3 }, { b: 'string' }] },
  a_object_array_some_b_nulls: {
    _id: 'a_object_array_some_b_nulls',
    a: [{ b: null }, { b: 3 }, { b: null }],
  },
  a_object_array_some_b_missing: { _id: 'a_object_array_some_b_missing', a: [{ b: 3 }, {}] },
  a_value_array_all_nulls: { _id: 'a_value_array_all_nulls', a: [null, null] },
  a_value_array_no_nulls: { _id: 'a_value_array_no_nulls', a: [1, 'string', 4] },
  a_value_array_with_null: { _id: 'a_value_array_with_null', a: [1, 'string', null, 4] },
} satisfies Record<string, Document>;
type Name = keyof typeof d;

const scalars: Document[] = [
  d.a_empty_subobject,
  d.a_null,
  d.a_number,
  d.a_subobject_b_not_null,
  d.a_subobject_b_null,
  d.no_a,
];
const withArrays: Document[] = [
  ...scalars,
  d.a_double_array,
  d.a_empty_array,
  d.a_object_array_b_mix_null_undefined_missing,
  d.a_object_array_no_b_nulls,
  d.a_object_array_some_b_nulls,
  d.a_object_array_some_b_missing,
  d.a_value_array_all_nulls,
  d.a_value_array_no_nulls,
  d.a_value_array_with_null,
];

const docs = (...names: Name[]): Document[] => names.map((n) => d[n]);
const onlyA = (list: Document[]): Document[] => list.map((doc) => ('a' in doc ? { a: doc.a } : {}));
const projectToOnlyA = { _id: 0, a: 1 };
const projectToOnlyADotB = { _id: 0, 'a.b': 1 };

/** The jstest's three checks of one query: the documents, the count, the `{_id: 0, a: 1}` projection. */
function three(
  lines: [number, number, number?],
  all: Document[],
  filter: Document,
  expected: Document[],
): Case[] {
  const [found, counted, projected] = lines;
  const out = [
    find(`${N}:${found}`, all, filter, expected),
    count(`${N}:${counted}`, all, filter, expected.length),
  ];
  if (projected !== undefined) {
    out.push(find(`${N}:${projected}`, all, filter, onlyA(expected), { projection: projectToOnlyA }));
  }
  return out;
}

const cases: Case[] = [
  // Documents without arrays.
  ...three([50, 53, 56], scalars, { a: { $eq: null } }, docs('a_null', 'no_a')),
  ...three(
    [70, 73, 76],
    scalars,
    { a: { $ne: null } },
    docs('a_empty_subobject', 'a_number', 'a_subobject_b_not_null', 'a_subobject_b_null'),
  ),
  ...three([92, 90, 95], scalars, { a: { $in: [null, 4] } }, docs('a_null', 'a_number', 'no_a')),
  ...three([111, 109, 114], scalars, { $or: [{ a: null }, { a: 4 }] }, docs('a_null', 'a_number', 'no_a')),
  ...three(
    [132, 130, 135],
    scalars,
    { a: { $nin: [null, 4] } },
    docs('a_empty_subobject', 'a_subobject_b_not_null', 'a_subobject_b_null'),
  ),
  ...three(
    [151, 154, 157],
    scalars,
    { a: { $nin: [null, /^hi.*/] } },
    docs('a_empty_subobject', 'a_number', 'a_subobject_b_not_null', 'a_subobject_b_null'),
  ),
  ...three([165, 168, 171], scalars, { a: { $exists: false } }, docs('no_a')),
  ...three(
    [185, 188],
    scalars,
    { 'a.b': { $eq: null } },
    docs('a_empty_subobject', 'a_null', 'a_number', 'a_subobject_b_null', 'no_a'),
  ),
  find(`${N}:191`, scalars, { 'a.b': { $eq: null } }, [{ a: {} }, {}, {}, { a: { b: null } }, {}], {
    projection: projectToOnlyADotB,
  }),
  ...three([202, 205], scalars, { 'a.b': { $ne: null } }, docs('a_subobject_b_not_null')),
  find(`${N}:208`, scalars, { 'a.b': { $ne: null } }, [{ a: { b: 'hi' } }], {
    projection: projectToOnlyADotB,
  }),
  ...three(
    [221, 224],
    scalars,
    { 'a.b': { $exists: false } },
    docs('no_a', 'a_empty_subobject', 'a_null', 'a_number'),
  ),
  find(`${N}:227`, scalars, { 'a.b': { $exists: false } }, [{}, { a: {} }, {}, {}], {
    projection: projectToOnlyADotB,
  }),
  // $elemMatch needs an array: nothing matches without one.
  ...[
    { a: { $elemMatch: { $eq: null } } },
    { a: { $elemMatch: { $ne: null } } },
    { 'a.b': { $elemMatch: { $eq: null } } },
    { 'a.b': { $elemMatch: { $ne: null } } },
    { a: { $elemMatch: { b: { $eq: null } } } },
    { a: { $elemMatch: { b: { $ne: null } } } },
  ].flatMap((query, i) => [
    find(`${N}:${233 + i}`, scalars, query, []),
    count(`${N}:246`, scalars, query, 0),
    find(`${N}:249`, scalars, query, [], { projection: projectToOnlyA }),
    find(`${N}:254`, scalars, query, [], { projection: projectToOnlyADotB }),
  ]),

  // With arrays (multikey).
  ...three(
    [295, 298, 301],
    withArrays,
    { a: { $eq: null } },
    docs('a_null', 'a_value_array_all_nulls', 'a_value_array_with_null', 'no_a'),
  ),
  ...three(
    [327, 330, 333],
    withArrays,
    { a: { $ne: null } },
    docs(
      'a_double_array',
      'a_empty_array',
      'a_empty_subobject',
      'a_number',
      'a_object_array_b_mix_null_undefined_missing',
      'a_object_array_no_b_nulls',
      'a_object_array_some_b_nulls',
      'a_object_array_some_b_missing',
      'a_subobject_b_not_null',
      'a_subobject_b_null',
      'a_value_array_no_nulls',
    ),
  ),
  ...three(
    [359, 361],
    withArrays,
    { a: { $not: { $gte: null } } },
    docs(
      'a_double_array',
      'a_empty_array',
      'a_empty_subobject',
      'a_number',
      'a_object_array_b_mix_null_undefined_missing',
      'a_object_array_no_b_nulls',
      'a_object_array_some_b_nulls',
      'a_object_array_some_b_missing',
      'a_subobject_b_not_null',
      'a_subobject_b_null',
      'a_value_array_no_nulls',
    ),
  ),
  ...three(
    [375, 378, 381],
    withArrays,
    { a: { $in: [null, 75] } },
    docs('a_null', 'no_a', 'a_value_array_all_nulls', 'a_value_array_with_null'),
  ),
  ...three(
    [395, 398, 401],
    withArrays,
    { $or: [{ a: null }, { a: 75 }] },
    docs('a_null', 'no_a', 'a_value_array_all_nulls', 'a_value_array_with_null'),
  ),
  ...three(
    [430, 433, 436],
    withArrays,
    { a: { $nin: [null, 75] } },
    docs(
      'a_empty_subobject',
      'a_number',
      'a_subobject_b_not_null',
      'a_subobject_b_null',
      'a_double_array',
      'a_empty_array',
      'a_object_array_b_mix_null_undefined_missing',
      'a_object_array_no_b_nulls',
      'a_object_array_some_b_nulls',
      'a_object_array_some_b_missing',
      'a_value_array_no_nulls',
    ),
  ),
  ...three(
    [471, 474, 477],
    withArrays,
    { a: { $nin: [null, []] } },
    docs(
      'a_empty_subobject',
      'a_number',
      'a_subobject_b_not_null',
      'a_subobject_b_null',
      'a_object_array_b_mix_null_undefined_missing',
      'a_object_array_no_b_nulls',
      'a_object_array_some_b_nulls',
      'a_object_array_some_b_missing',
      'a_value_array_no_nulls',
    ),
  ),
  ...three(
    [503, 506, 509],
    withArrays,
    { a: { $nin: [null, /^str.*/] } },
    docs(
      'a_empty_subobject',
      'a_number',
      'a_subobject_b_not_null',
      'a_subobject_b_null',
      'a_double_array',
      'a_empty_array',
      'a_object_array_b_mix_null_undefined_missing',
      'a_object_array_no_b_nulls',
      'a_object_array_some_b_nulls',
      'a_object_array_some_b_missing',
    ),
  ),
  ...three(
    [520, 523, 526],
    withArrays,
    { a: { $elemMatch: { $eq: null } } },
    docs('a_value_array_all_nulls', 'a_value_array_with_null'),
  ),
  find(
    `${N}:545`,
    withArrays,
    { a: { $elemMatch: { $ne: null } } },
    docs(
      'a_double_array',
      'a_object_array_b_mix_null_undefined_missing',
      'a_object_array_no_b_nulls',
      'a_object_array_some_b_nulls',
      'a_object_array_some_b_missing',
      'a_value_array_no_nulls',
      'a_value_array_with_null',
    ),
  ),
  find(
    `${N}:548`,
    withArrays,
    { a: { $elemMatch: { $ne: null } } },
    onlyA(
      docs(
        'a_double_array',
        'a_object_array_b_mix_null_undefined_missing',
        'a_object_array_no_b_nulls',
        'a_object_array_some_b_nulls',
        'a_object_array_some_b_missing',
        'a_value_array_no_nulls',
        'a_value_array_with_null',
      ),
    ),
    { projection: projectToOnlyA },
  ),
  // {'a.b': null}: a non-object value for a, a missing or null b, or an array holding an object
  // whose b is missing or null — in 8.0, not an array holding no object at all.
  ...three(
    [574, 577],
    withArrays,
    { 'a.b': { $eq: null } },
    docs(
      'a_empty_subobject',
      'a_null',
      'a_number',
      'a_subobject_b_null',
      'no_a',
      'a_object_array_b_mix_null_undefined_missing',
      'a_object_array_some_b_nulls',
      'a_object_array_some_b_missing',
    ),
  ),
  find(
    `${N}:580`,
    withArrays,
    { 'a.b': { $eq: null } },
    [
      { a: {} },
      {},
      {},
      { a: { b: null } },
      {},
      { a: [{ b: null }, { b: null }, { b: null }, {}] },
      { a: [{ b: null }, { b: 3 }, { b: null }] },
      { a: [{ b: 3 }, {}] },
    ],
    { projection: projectToOnlyADotB },
  ),
  ...three(
    [610, 613],
    withArrays,
    { 'a.b': { $ne: null } },
    docs(
      'a_subobject_b_not_null',
      'a_double_array',
      'a_empty_array',
      'a_object_array_no_b_nulls',
      'a_value_array_all_nulls',
      'a_value_array_no_nulls',
      'a_value_array_with_null',
    ),
  ),
  find(
    `${N}:616`,
    withArrays,
    { 'a.b': { $ne: null } },
    [
      { a: { b: 'hi' } },
      { a: [[]] },
      { a: [] },
      { a: [{ b: 1 }, { b: 3 }, { b: 'string' }] },
      { a: [] },
      { a: [] },
      { a: [] },
    ],
    { projection: projectToOnlyADotB },
  ),
  ...three(
    [653, 651],
    withArrays,
    { 'a.b': { $in: [null, 75] } },
    docs(
      'a_empty_subobject',
      'a_null',
      'a_number',
      'a_subobject_b_null',
      'no_a',
      'a_object_array_b_mix_null_undefined_missing',
      'a_object_array_some_b_nulls',
      'a_object_array_some_b_missing',
    ),
  ),
  ...three(
    [678, 676],
    withArrays,
    { $or: [{ 'a.b': null }, { 'a.b': 75 }] },
    docs(
      'a_empty_subobject',
      'a_null',
      'a_number',
      'a_subobject_b_null',
      'no_a',
      'a_object_array_b_mix_null_undefined_missing',
      'a_object_array_some_b_nulls',
      'a_object_array_some_b_missing',
    ),
  ),
  ...three(
    [698, 701],
    withArrays,
    { 'a.b': { $nin: [null, 75] } },
    docs(
      'a_subobject_b_not_null',
      'a_double_array',
      'a_empty_array',
      'a_object_array_no_b_nulls',
      'a_value_array_all_nulls',
      'a_value_array_no_nulls',
      'a_value_array_with_null',
    ),
  ),
];

await conformance('null and missing', cases);
