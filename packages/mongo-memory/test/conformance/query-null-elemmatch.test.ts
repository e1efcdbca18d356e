/**
 * null inside `$elemMatch` and `$nin` with a regex over dotted paths: the last checks of
 * jstests/core/query/null_query_semantics.js (MongoDB 8.0). An array element that is an array is
 * matched by `$elemMatch` on documents as the document of its positions, so `{b: null}` matches
 * `[[]]`.
 */
import { type Case, conformance, count, find } from './harness.js';
import { docs, N, onlyA, projectToOnlyADotB, three, withArrays } from './null-fixture.js';

const ninRegex = docs(
  'a_subobject_b_not_null',
  'a_double_array',
  'a_empty_array',
  'a_value_array_all_nulls',
  'a_value_array_no_nulls',
  'a_value_array_with_null',
);
const bNull = docs(
  'a_double_array',
  'a_object_array_b_mix_null_undefined_missing',
  'a_object_array_some_b_nulls',
  'a_object_array_some_b_missing',
);
// The jstest also lists "a_object_array_b_mix_null_undefined_missing" here: it matches through its
// `undefined` element only, which the driver cannot store, so with null in its place it does not.
const bNotNull = docs(
  'a_object_array_no_b_nulls',
  'a_object_array_some_b_nulls',
  'a_object_array_some_b_missing',
);

const cases: Case[] = [
  ...three([726, 724, 729], withArrays, { 'a.b': { $nin: [null, /^str.*/] } }, ninRegex),
  find(`${N}:736`, withArrays, { 'a.b': { $elemMatch: { $eq: null } } }, []),
  count(`${N}:739`, withArrays, { 'a.b': { $elemMatch: { $eq: null } } }, 0),
  find(`${N}:742`, withArrays, { 'a.b': { $elemMatch: { $ne: null } } }, []),
  find(`${N}:758`, withArrays, { a: { $elemMatch: { b: { $eq: null } } } }, bNull),
  count(`${N}:761`, withArrays, { a: { $elemMatch: { b: { $eq: null } } } }, bNull.length),
  find(`${N}:765`, withArrays, { a: { $elemMatch: { b: { $eq: null } } } }, onlyA(bNull), {
    projection: projectToOnlyADotB,
  }),
  find(`${N}:786`, withArrays, { a: { $elemMatch: { b: { $ne: null } } } }, bNotNull),
  find(`${N}:790`, withArrays, { a: { $elemMatch: { b: { $ne: null } } } }, onlyA(bNotNull), {
    projection: projectToOnlyADotB,
  }),
];

await conformance('null inside $elemMatch', cases);
