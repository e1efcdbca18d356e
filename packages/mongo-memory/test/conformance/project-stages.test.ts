/**
 * `$project` and `$addFields` over missing and array fields, and the positional find projection
 * the in-process engine refuses by name. jstests/aggregation/sources/addFields/
 * add_fields_adds_to_missing_fields.js, jstests/aggregation/sources/project/
 * handle_missing_subpath.js, non_existent_subfield.js, inclusion_accepts_all_numeric_types.js,
 * project_id.js, jstests/core/query/project/positional_projection.js (its first cases).
 */
import { type Document, Int32, Long } from 'bson';
import { expect } from 'vitest';
import { aggregate, type Case, conformance, find, refused, writes } from './harness.js';
import { xy } from './xy-fixture.js';

const AF = 'jstests/aggregation/sources/addFields/add_fields_adds_to_missing_fields.js';
const HM = 'jstests/aggregation/sources/project/handle_missing_subpath.js';
const NE = 'jstests/aggregation/sources/project/non_existent_subfield.js';
const NT = 'jstests/aggregation/sources/project/inclusion_accepts_all_numeric_types.js';
const PI = 'jstests/aggregation/sources/project/project_id.js';
const PP = 'jstests/core/query/project/positional_projection.js';

const first = { $group: { _id: null, array: { $first: '$array' } } };
const arrayDoc = [{ _id: 0, array: [1, 2, { m1: 'str' }] }];
const stages: Case[] = [
  aggregate(
    `${AF}:36`,
    arrayDoc,
    [first, { $project: { _id: 0, 'array.m1': 1 } }, { $addFields: { 'array.m2': 'what?' } }],
    [{ array: [{ m1: 'str', m2: 'what?' }] }],
  ),
  aggregate(
    `${AF}:37`,
    arrayDoc,
    [first, { $project: { _id: 0, 'array.m1': 1 } }],
    [{ array: [{ m1: 'str' }] }],
  ),
  aggregate(
    `${AF}:38`,
    arrayDoc,
    [first, { $addFields: { 'array.m2': 'what?' } }],
    [{ _id: null, array: [{ m2: 'what?' }, { m2: 'what?' }, { m1: 'str', m2: 'what?' }] }],
  ),
  aggregate(
    `${AF}:40`,
    arrayDoc,
    [first, { $project: { _id: 0, 'array.m1': 1, 'array.m2': 'what?' } }],
    [{ array: [{ m2: 'what?' }, { m2: 'what?' }, { m1: 'str', m2: 'what?' }] }],
  ),
  aggregate(
    `${HM}:25`,
    [
      { _id: 0, a: 1 },
      { _id: 1, foo: 2 },
      { _id: 2, foo: { bar: 3 } },
    ],
    [{ $sort: { _id: 1 } }, { $project: { _id: 0, 'foo.bar': 1, field: '$foo', path: '$foo.bar' } }],
    [{}, { field: 2 }, { foo: { bar: 3 }, field: { bar: 3 }, path: 3 }],
    { ordered: true },
  ),
  writes(
    `${NE}:13`,
    [{ a: [1] }, { a: { c: 1 } }, { a: [{ c: 1 }, { b: 1, c: 1 }, { c: 1 }] }, { a: 1 }, { b: 1 }],
    "$project {'a.b': 1} answers as find's projection does",
    async () => undefined,
    async (_, c) =>
      expect(await c.aggregate([{ $project: { 'a.b': 1 } }, { $sort: { _id: 1 } }]).toArray()).toEqual(
        await c.find({}, { projection: { 'a.b': 1 }, sort: { _id: 1 } }).toArray(),
      ),
  ),
  aggregate(
    `${NT}:15`,
    [{ key: 4, v: 3, x: 2 }],
    [{ $project: { _id: 0, key: Long.fromNumber(1), v: 1, x: new Int32(1) } }],
    [{ key: 4, v: 3, x: 2 }],
  ),
  aggregate(`${PI}:9`, [{ a: 2 }], [{ $project: { _id: '$a' } }], [{ _id: 2 }]),
  aggregate(`${PI}:12`, [{ a: 2 }], [{ $project: { _id: { $add: [1, '$a'] } } }], [{ _id: 3 }]),
];

const positional = (
  line: number,
  filter: Document,
  projection: Document,
  input: Document,
  expected: Document,
) => refused('the positional projection', find(`${PP}:${line}`, [input], filter, [expected], { projection }));
const positionals: Case[] = [
  positional(23, { 'x.a': 2 }, { 'x.$': 1 }, xy, { x: [{ a: 2, c: 3 }] }),
  positional(41, { 'x.a': 1 }, { 'x.$': 1 }, xy, { x: [{ a: 1, b: 2 }] }),
  positional(
    59,
    { 'x.a': 1 },
    { 'x.$': 1 },
    {
      x: [
        { a: 1, b: 3 },
        { a: -6, c: 3 },
      ],
    },
    { x: [{ a: 1, b: 3 }] },
  ),
  positional(71, { 'y.dd': 5 }, { 'y.$': 1 }, xy, { y: [{ aa: 1, dd: 5 }] }),
];

await conformance('$project and $addFields', [...stages, ...positionals]);
