/**
 * The documents and checks of jstests/core/query/null_query_semantics.js (MongoDB 8.0), shared by
 * the null test files. The jstest's documents holding `undefined` are left out (the driver stores
 * `undefined` as null); in "a_object_array_b_mix_null_undefined_missing" the `undefined` element is
 * written as null, which 8.0 answers alike everywhere but under `{b: {$ne: null}}` in an
 * `$elemMatch` (see query-null-elemmatch.test.ts).
 */
import type { Document } from 'bson';
import { type Case, count, find } from './harness.js';

export const N = 'jstests/core/query/null_query_semantics.js';

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

export const scalars: Document[] = [
  d.a_empty_subobject,
  d.a_null,
  d.a_number,
  d.a_subobject_b_not_null,
  d.a_subobject_b_null,
  d.no_a,
];
export const withArrays: Document[] = [
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

export const docs = (...names: Name[]): Document[] => names.map((n) => d[n]);
export const onlyA = (list: Document[]): Document[] => list.map((doc) => ('a' in doc ? { a: doc.a } : {}));
export const projectToOnlyA = { _id: 0, a: 1 };
export const projectToOnlyADotB = { _id: 0, 'a.b': 1 };

/** The jstest's three checks of one query: the documents, the count, the `{_id: 0, a: 1}` projection. */
export function three(
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
