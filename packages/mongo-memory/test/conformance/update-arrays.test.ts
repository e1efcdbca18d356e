/**
 * `$addToSet` and updates through array positions: jstests/core/write/update/update_addToSet.js
 * (its DBRef cases are not translated), updatea.js (up to its 8.x-only field path limit).
 */
import type { Document } from 'bson';
import { expect } from 'vitest';
import type { CollectionLike } from '../support/engines.js';
import { type Case, conformance, holds, writes } from './harness.js';

const AS = 'jstests/core/write/update/update_addToSet.js';
const UA = 'jstests/core/write/update/updatea.js';

const after = (
  cite: string,
  docs: Document[],
  title: string,
  act: (c: CollectionLike) => Promise<unknown>,
  expected: Document,
) => holds(cite, docs, title, act, [expected]);
const addToSet = (c: CollectionLike, value: unknown, filter: Document = {}, upsert = false) =>
  c.updateOne(filter, { $addToSet: { a: value } }, { upsert });
const works = (line: number, value: unknown) =>
  writes(
    `${AS}:${line}`,
    [{ _id: 1, a: [1, 2] }],
    `$addToSet a: ${JSON.stringify(value)} works`,
    (c) => addToSet(c, value),
    async (result) => expect(result).toMatchObject({ matchedCount: 1, modifiedCount: 1 }),
  );

const start = [{ _id: 1, a: [2, 1] }];
const addToSets: Case[] = [
  after(`${AS}:13`, start, 'adds 3', (c) => addToSet(c, 3), { _id: 1, a: [2, 1, 3] }),
  after(
    `${AS}:16`,
    start,
    'adds 3 once',
    async (c) => {
      await addToSet(c, 3);
      await addToSet(c, 3);
    },
    { _id: 1, a: [2, 1, 3] },
  ),
  after(
    `${AS}:22`,
    start,
    '$each adds what is missing',
    async (c) => {
      await addToSet(c, 3);
      await addToSet(c, { $each: [3, 5, 6] });
    },
    { _id: 1, a: [2, 1, 3, 5, 6] },
  ),
  after(
    `${AS}:32`,
    [{ _id: 1, a: [3, 5, 6] }],
    '$each of present values',
    (c) => addToSet(c, { $each: [3, 5, 6] }),
    {
      _id: 1,
      a: [3, 5, 6],
    },
  ),
  after(`${AS}:37`, [], 'an upsert with $each', (c) => addToSet(c, { $each: [3, 5, 6] }, { _id: 1 }, true), {
    _id: 1,
    a: [3, 5, 6],
  }),
  after(
    `${AS}:39`,
    [],
    'the same upsert twice',
    async (c) => {
      await addToSet(c, { $each: [3, 5, 6] }, { _id: 1 }, true);
      await addToSet(c, { $each: [3, 5, 6] }, { _id: 1 }, true);
    },
    { _id: 1, a: [3, 5, 6] },
  ),
  after(`${AS}:46`, [], 'an upsert of one value', (c) => addToSet(c, 3, { _id: 2 }, true), {
    _id: 2,
    a: [3],
  }),
  after(
    `${AS}:56`,
    [],
    'an upsert with $each [1, 2]',
    (c) => addToSet(c, { $each: [1, 2] }, { _id: 1 }, true),
    { _id: 1, a: [1, 2] },
  ),
  after(
    `${AS}:61`,
    [],
    '$each with repeated values',
    (c) => addToSet(c, { $each: [1, 2, 1, 2] }, { _id: 1 }, true),
    {
      _id: 1,
      a: [1, 2],
    },
  ),
  after(
    `${AS}:67`,
    [{ _id: 1 }],
    '$each onto a missing field',
    (c) => addToSet(c, { $each: [1, 2, 2, 1] }, { _id: 1 }),
    {
      _id: 1,
      a: [1, 2],
    },
  ),
  after(
    `${AS}:71`,
    [{ _id: 1 }],
    '$each with values present and repeated',
    async (c) => {
      await addToSet(c, { $each: [1, 2, 2, 1] }, { _id: 1 });
      await addToSet(c, { $each: [3, 2, 2, 3, 3] }, { _id: 1 });
    },
    { _id: 1, a: [1, 2, 3] },
  ),
  // Dotted and $-prefixed field names nested in an added value are accepted.
  works(82, { 'x.$.y': 'bad' }),
  works(83, { b: { 'x.$.y': 'bad' } }),
  works(85, { $bad: 'bad' }),
  works(86, { b: { $bad: 'bad' } }),
  works(88, { _id: { 'x.y': 2 } }),
  works(90, { $each: [{ 'x.$.y': 'bad' }] }),
  works(91, { $each: [{ b: { 'x.$.y': 'bad' } }] }),
  works(93, { $each: [{ $bad: 'bad' }] }),
  works(94, { $each: [{ b: { $bad: 'bad' } }] }),
];

const orig = {
  _id: 1,
  a: [
    { x: 1, y: 2 },
    { x: 10, y: 11 },
  ],
};
const twelve = Array.from({ length: 12 }, (_, i) => i);
const positions: Case[] = [
  after(`${UA}:22`, [orig], '$set a.0.x', (c) => c.updateOne({}, { $set: { 'a.0.x': 3 } }), {
    _id: 1,
    a: [
      { x: 3, y: 2 },
      { x: 10, y: 11 },
    ],
  }),
  after(`${UA}:27`, [orig], '$set a.1.z', (c) => c.updateOne({}, { $set: { 'a.1.z': 17 } }), {
    _id: 1,
    a: [
      { x: 1, y: 2 },
      { x: 10, y: 11, z: 17 },
    ],
  }),
  after(`${UA}:33`, [orig], '$unset a.1.y', (c) => c.updateOne({}, { $unset: { 'a.1.y': 1 } }), {
    _id: 1,
    a: [{ x: 1, y: 2 }, { x: 10 }],
  }),
  after(
    `${UA}:48`,
    [{ _id: 1, comments: [{ name: 'blah', rate_up: 0, rate_ups: [] }] }],
    '$inc and $push through comments.0',
    (c) => c.updateOne({}, { $inc: { 'comments.0.rate_up': 1 }, $push: { 'comments.0.rate_ups': 99 } }),
    { _id: 1, comments: [{ name: 'blah', rate_up: 1, rate_ups: [99] }] },
  ),
  after(`${UA}:65`, [{ _id: 1, a: twelve }], '$inc a.0', (c) => c.updateOne({}, { $inc: { 'a.0': 1 } }), {
    _id: 1,
    a: [1, ...twelve.slice(1)],
  }),
  writes(
    `${UA}:77`,
    [{ a: { c00: 1 }, c: 2 }],
    '$inc a.c000 beside a.c00',
    (c) => c.updateOne({ c: 2 }, { $inc: { 'a.c000': 1 } }),
    async (_, c) => expect((await c.findOne({}))?.a).toEqual({ c00: 1, c000: 1 }),
  ),
];

await conformance('array updates', [...addToSets, ...positions]);
