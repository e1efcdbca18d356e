/**
 * null, missing and arrays in filters: jstests/core/query/null_query_semantics.js as of MongoDB 8.0
 * (`requires_fcv_80`; the 9.0 line changed `{'a.b': null}` over arrays of values, see docs/conformance.md).
 * The documents are in null-fixture.ts.
 */
import { type Case, conformance, count, find } from './harness.js';
import {
  docs,
  N,
  onlyA,
  projectToOnlyA,
  projectToOnlyADotB,
  scalars,
  three,
  withArrays,
} from './null-fixture.js';

// The answer sets more than one query shares (each in the order the jstest lists it).
const aNotNullNames = [
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
] as const;
/** `{a: {$ne: null}}`, `{a: {$not: {$gte: null}}}` and `{a: {$nin: [null, 75]}}` over documents with arrays. */
const aNotNull = docs(...aNotNullNames);
/** `aNotNull` but the documents the other value of a `$nin` also excludes. */
const aNotNullBut = (...also: Array<(typeof aNotNullNames)[number]>) =>
  docs(...aNotNullNames.filter((name) => !also.includes(name)));
/** `{a: {$elemMatch: {$ne: null}}}`, with and without a projection. */
const aElementNotNull = docs(
  'a_double_array',
  'a_object_array_b_mix_null_undefined_missing',
  'a_object_array_no_b_nulls',
  'a_object_array_some_b_nulls',
  'a_object_array_some_b_missing',
  'a_value_array_no_nulls',
  'a_value_array_with_null',
);
/** `{'a.b': null}` in its three spellings: `$eq`, `$in` and `$or`. */
const abNull = docs(
  'a_empty_subobject',
  'a_null',
  'a_number',
  'a_subobject_b_null',
  'no_a',
  'a_object_array_b_mix_null_undefined_missing',
  'a_object_array_some_b_nulls',
  'a_object_array_some_b_missing',
);
/** `{'a.b': {$ne: null}}` and `{'a.b': {$nin: [null, 75]}}`. */
const abNotNull = docs(
  'a_subobject_b_not_null',
  'a_double_array',
  'a_empty_array',
  'a_object_array_no_b_nulls',
  'a_value_array_all_nulls',
  'a_value_array_no_nulls',
  'a_value_array_with_null',
);

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
  ...three([327, 330, 333], withArrays, { a: { $ne: null } }, aNotNull),
  ...three([359, 361], withArrays, { a: { $not: { $gte: null } } }, aNotNull),
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
  ...three([430, 433, 436], withArrays, { a: { $nin: [null, 75] } }, aNotNull),
  ...three(
    [471, 474, 477],
    withArrays,
    { a: { $nin: [null, []] } },
    aNotNullBut('a_double_array', 'a_empty_array'),
  ),
  ...three(
    [503, 506, 509],
    withArrays,
    { a: { $nin: [null, /^str.*/] } },
    aNotNullBut('a_value_array_no_nulls'),
  ),
  ...three(
    [520, 523, 526],
    withArrays,
    { a: { $elemMatch: { $eq: null } } },
    docs('a_value_array_all_nulls', 'a_value_array_with_null'),
  ),
  find(`${N}:545`, withArrays, { a: { $elemMatch: { $ne: null } } }, aElementNotNull),
  find(`${N}:548`, withArrays, { a: { $elemMatch: { $ne: null } } }, onlyA(aElementNotNull), {
    projection: projectToOnlyA,
  }),
  // {'a.b': null}: a non-object value for a, a missing or null b, or an array holding an object
  // whose b is missing or null — in 8.0, not an array holding no object at all.
  ...three([574, 577], withArrays, { 'a.b': { $eq: null } }, abNull),
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
  ...three([610, 613], withArrays, { 'a.b': { $ne: null } }, abNotNull),
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
  ...three([653, 651], withArrays, { 'a.b': { $in: [null, 75] } }, abNull),
  ...three([678, 676], withArrays, { $or: [{ 'a.b': null }, { 'a.b': 75 }] }, abNull),
  ...three([698, 701], withArrays, { 'a.b': { $nin: [null, 75] } }, abNotNull),
];

await conformance('null and missing', cases);
