/**
 * Update operators: jstests/core/write/update/update_min_max_examples.js, update_mul_examples.js,
 * update_modifier_pop.js; and what MongoDB reports when `$set` writes a value equal to the stored
 * one but of another BSON type (src/mongo/db/update/set_node.cpp).
 */
import { type Document, Double } from 'bson';
import { expect } from 'vitest';
import type { CollectionLike } from '../support/engines.js';
import { type Case, conformance, fails, holds, refused, writes } from './harness.js';

const MM = 'jstests/core/write/update/update_min_max_examples.js';
const MUL = 'jstests/core/write/update/update_mul_examples.js';
const POP = 'jstests/core/write/update/update_modifier_pop.js';
const INVALID1 = 'jstests/core/write/update/update_invalid1.js';

/** After `update` on the one document, its field `a` is `value`. */
function fieldAfter(
  cite: string,
  doc: Document,
  update: Document,
  value: unknown,
  filter: Document = {},
): Case {
  return writes(
    cite,
    [doc],
    `update ${JSON.stringify(doc)} with ${JSON.stringify(update)}: a is ${String(value)}`,
    (c) => c.updateOne(filter, update),
    async (_, c) => expect((await c.findOne({}))?.a).toEqual(value),
  );
}

/** `update`'s matched and modified counts. */
function counts(
  cite: string,
  doc: Document,
  filter: Document,
  update: Document,
  matched: number,
  modified: number,
): Case {
  return writes(
    cite,
    [doc],
    `update ${JSON.stringify(doc)} with ${JSON.stringify(update)} matches ${matched}, modifies ${modified}`,
    (c) => c.updateOne(filter, update),
    async (result) => expect(result).toMatchObject({ matchedCount: matched, modifiedCount: modified }),
  );
}

const date = new Date(2021, 19, 11, 12, 29, 31, 757);
const later = new Date(date.getTime() + 2);
const latest = new Date(date.getTime() + 4);
const biggerval = 0.000000000000001000000000000001;

const minMax: Case[] = [
  fieldAfter(`${MM}:13`, { _id: 1, a: 2 }, { $min: { a: 1 } }, 1),
  fieldAfter(`${MM}:19`, { _id: 2, a: 2 }, { $max: { a: 1 } }, 2),
  writes(
    `${MM}:27`,
    [{ _id: 3, a: date }],
    'a date two milliseconds later is another date',
    async () => undefined,
    async (_, c) => expect(await c.findOne({ _id: 3, a: later })).toBeNull(),
  ),
  fieldAfter(`${MM}:30`, { _id: 3, a: date }, { $min: { a: later } }, date),
  fieldAfter(`${MM}:40`, { _id: 4, a: later }, { $max: { a: latest } }, latest),
  fieldAfter(`${MM}:48`, { _id: 5, a: 1e-15 }, { $max: { a: biggerval } }, biggerval),
  fieldAfter(`${MM}:54`, { _id: 6, a: biggerval }, { $min: { a: 1e-15 } }, 1e-15),
  holds(
    `${MM}:62`,
    [{ _id: 7, y: [{ a: 2 }, { a: 6 }, { a: [9, 1, 1] }] }],
    '$max through y.$.a',
    (c) => c.updateOne({ _id: 7, 'y.a': 6 }, { $max: { 'y.$.a': 7 } }),
    [{ _id: 7, y: [{ a: 2 }, { a: 7 }, { a: [9, 1, 1] }] }],
  ),
  holds(
    `${MM}:73`,
    [{ _id: 8, y: [{ a: 2 }, { a: 6 }, { a: [9, 1, 1] }] }],
    '$min through y.$.a',
    (c) => c.updateOne({ _id: 8, 'y.a': 6 }, { $min: { 'y.$.a': 5 } }),
    [{ _id: 8, y: [{ a: 2 }, { a: 5 }, { a: [9, 1, 1] }] }],
  ),
];

const mul: Case[] = [
  fieldAfter(`${MUL}:13`, { _id: 1, a: 2 }, { $mul: { a: 10 } }, 20),
  fieldAfter(`${MUL}:20`, { _id: 1, a: 2 }, { $mul: { a: -10 } }, -20),
  fieldAfter(`${MUL}:27`, { _id: 1, a: 2 }, { $mul: { a: 0 } }, 0),
  fieldAfter(`${MUL}:34`, { _id: 1, a: 2 }, { $mul: { a: 1.1 } }, 2.2),
  fieldAfter(`${MUL}:41`, { _id: 1, a: 2 }, { $mul: { a: -0.1 } }, -0.2),
];

const popFails = (line: number, doc: Document, pop: Document, code?: number) =>
  fails(
    `${POP}:${line}`,
    [doc],
    `$pop ${JSON.stringify(pop)} on ${JSON.stringify(doc)}`,
    (c) => c.updateOne({ _id: 0 }, { $pop: pop }),
    code,
  );
const popped = (
  line: number,
  doc: Document,
  update: (c: CollectionLike) => Promise<unknown>,
  expected: Document,
) => holds(`${POP}:${line}`, [doc], `$pop on ${JSON.stringify(doc)}`, update, [expected]);

const pop: Case[] = [
  popFails(9, { _id: 0 }, { 'a.b': 0 }, 9),
  popFails(12, { _id: 0 }, { 'a.b': -2 }, 9),
  popFails(15, { _id: 0 }, { 'a.b': 2.5 }, 9),
  popFails(18, { _id: 0 }, { 'a.b': 1.1 }, 9),
  popFails(21, { _id: 0 }, { a: { b: 1 } }, 9),
  counts(`${POP}:25`, { _id: 0 }, { _id: 0 }, { $pop: { 'a.b': 1 } }, 1, 0),
  counts(`${POP}:26`, { _id: 0 }, { _id: 0 }, { $pop: { 'a.b': 1 } }, 1, 0),
  counts(`${POP}:32`, { _id: 0, a: { c: 1 } }, { _id: 0 }, { $pop: { 'a.b': 1 } }, 1, 0),
  counts(`${POP}:33`, { _id: 0, a: { c: 1 } }, { _id: 0 }, { $pop: { 'a.b': 1 } }, 1, 0),
  popFails(38, { _id: 0, a: { b: 1 } }, { 'a.b.c': 1 }),
  popFails(43, { _id: 0, a: { b: [1, 2] } }, { 'a.b.c': 1 }),
  popFails(48, { _id: 0, a: { b: { c: 1 } } }, { 'a.b': 1 }),
  counts(`${POP}:54`, { _id: 0, a: { b: [] } }, { _id: 0 }, { $pop: { 'a.b': 1 } }, 1, 0),
  counts(`${POP}:55`, { _id: 0, a: { b: [] } }, { _id: 0 }, { $pop: { 'a.b': 1 } }, 1, 0),
  counts(`${POP}:61`, { _id: 0, a: { b: [1, 2, 3] } }, { _id: 0 }, { $pop: { 'a.b': 1 } }, 1, 1),
  counts(`${POP}:62`, { _id: 0, a: { b: [1, 2, 3] } }, { _id: 0 }, { $pop: { 'a.b': 1 } }, 1, 1),
  popped(63, { _id: 0, a: { b: [1, 2, 3] } }, (c) => c.updateOne({ _id: 0 }, { $pop: { 'a.b': 1 } }), {
    _id: 0,
    a: { b: [1, 2] },
  }),
  counts(`${POP}:68`, { _id: 0, a: { b: [1, 2] } }, { _id: 0 }, { $pop: { 'a.b': -1 } }, 1, 1),
  popped(69, { _id: 0, a: { b: [1, 2] } }, (c) => c.updateOne({ _id: 0 }, { $pop: { 'a.b': -1 } }), {
    _id: 0,
    a: { b: [2] },
  }),
  popped(
    75,
    { _id: 0, a: [{ b: [1, 2, 3] }, { b: [4, 5, 6] }] },
    (c) => c.updateOne({ _id: 0, 'a.b': 5 }, { $pop: { 'a.$.b': 1 } }),
    { _id: 0, a: [{ b: [1, 2, 3] }, { b: [4, 5] }] },
  ),
  popped(87, { _id: 0, a: [1, [2, 3, 4]] }, (c) => c.updateOne({ _id: 0 }, { $pop: { 'a.1': 1 } }), {
    _id: 0,
    a: [1, [2, 3]],
  }),
  counts(`${POP}:93`, { _id: 0, a: [{ b: 0 }, { b: 1 }] }, { _id: 0 }, { $pop: { 'a.2.b': 1 } }, 1, 0),
  counts(`${POP}:94`, { _id: 0, a: [{ b: 0 }, { b: 1 }] }, { _id: 0 }, { $pop: { 'a.2.b': 1 } }, 1, 0),
];

// SetNode::updateExistingElement (src/mongo/db/update/set_node.cpp) is a no-op only when the stored
// value and the new one are `binaryEqualValues`: the same BSON type and bytes. A double 1 set over
// an int 1 is a modification, and the field is a double afterwards.
const SET = 'src/mongo/db/update/set_node.cpp:50';
const typed: Case[] = [
  counts(SET, { _id: 1, a: 1 }, { _id: 1 }, { $set: { a: new Double(1) } }, 1, 1),
  writes(
    SET,
    [{ _id: 1, a: 1 }],
    '$set of the double 1 over the int 1 stores a double',
    (c) => c.updateOne({ _id: 1 }, { $set: { a: new Double(1) } }),
    async (_, c) => {
      expect(await c.countDocuments({ a: { $type: 'double' } })).toBe(1);
      expect(await c.countDocuments({ a: { $type: 'int' } })).toBe(0);
    },
  ),
  counts(SET, { _id: 1, a: 1 }, { _id: 1 }, { $set: { a: 1 } }, 1, 0),
];

/** From 5.0 on only top-level `$`-prefixed fields of the update itself are validated. */
const dollarFields: Case[] = [
  refused(
    "the top-level $-prefixed field name '$inc'",
    writes(
      `${INVALID1}:13`,
      [],
      'an upsert of {_id: 5} with {$set: {$inc: {x: 5}}} stores one document',
      (c) => c.updateOne({ _id: 5 }, { $set: { $inc: { x: 5 } } }, { upsert: true }),
      async (_, c) => expect(await c.countDocuments()).toBe(1),
    ),
  ),
];

await conformance('update operators', [...minMax, ...mul, ...pop, ...typed, ...dollarFields]);
