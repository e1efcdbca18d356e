/**
 * Index keys through array positions: jstests/core/index/indexu.js. A path component that is a
 * position in an array and also a field of one of its elements (`a.0` over `a: [{'0': 1}]`) names
 * two values; MongoDB's key generator refuses it with 16746, on createIndex and on a write. Its
 * `hint` lines are translated without the hint: the engine always scans, as `{$natural: 1}` asks.
 */
import type { Document } from 'bson';
import { expect } from 'vitest';
import type { CollectionLike } from '../support/engines.js';
import { type Case, conformance, count, fails, writes } from './harness.js';

const U = 'jstests/core/index/indexu.js';

const dupDoc = { _id: 0, a: [{ '0': 1 }] };
const dupDoc2 = { a: [{ '1': 1 }, 'c'] };
const noDupDoc = { a: [{ '1': 1 }] };

const ambiguous = (cite: string, docs: Document[], keys: Document): Case =>
  fails(cite, docs, `createIndex ${JSON.stringify(keys)}`, (c) => c.createIndex(keys), 16746);

const indexes = (cite: string, docs: Document[], keys: Document): Case =>
  writes(
    cite,
    docs,
    `createIndex ${JSON.stringify(keys)} works`,
    (c) => c.createIndex(keys),
    async (name) => expect(typeof name).toBe('string'),
  );

/** After `prepare`, inserting `doc` works (`fails`: is a write error). */
const save = (
  cite: string,
  prepare: (c: CollectionLike) => Promise<unknown>,
  doc: Document,
  outcome: 'works' | 'fails',
): Case =>
  outcome === 'works'
    ? writes(
        cite,
        [],
        `after the indexes, saving ${JSON.stringify(doc)} works`,
        async (c) => {
          await prepare(c);
          return c.insertOne({ ...doc });
        },
        async (_, c) => expect(await c.countDocuments()).toBe(1),
      )
    : fails(cite, [], `after the indexes, saving ${JSON.stringify(doc)}`, async (c) => {
        await prepare(c);
        return c.insertOne({ ...doc });
      });

const cases: Case[] = [
  ambiguous(`${U}:27`, [dupDoc], { 'a.0': 1 }),
  fails(
    `${U}:32`,
    [dupDoc],
    'createIndex {"a.0":1} after $set of a.1500001',
    async (c) => {
      await c.updateOne({ _id: 0 }, { $set: { 'a.1500001': 1 } });
      return c.createIndex({ 'a.0': 1 });
    },
    16746,
  ),
  save(`${U}:36`, (c) => c.createIndex({ 'a.0': 1 }), dupDoc, 'fails'),
  ambiguous(`${U}:42`, [dupDoc2], { 'a.1': 1 }),
  save(`${U}:46`, (c) => c.createIndex({ 'a.1': 1 }), dupDoc2, 'fails'),
  save(`${U}:52`, (c) => c.createIndex({ 'a.b': 1 }), dupDoc, 'works'),
  save(`${U}:58`, (c) => c.createIndex({ 'a.-1': 1 }), { a: [{ '-1': 1 }] }, 'works'),
  save(`${U}:64`, (c) => c.createIndex({ 'a.00': 1 }), { a: [{ '00': 1 }] }, 'works'),
  save(`${U}:70`, (c) => c.createIndex({ 'a.0': 1, 'a.1': 1 }), { a: [{ '1': 1 }] }, 'works'),
  save(`${U}:71`, (c) => c.createIndex({ 'a.0': 1, 'a.1': 1 }), { a: [{ '1': 1 }, 4] }, 'fails'),
  indexes(`${U}:77`, [noDupDoc], { 'a.0': 1 }),
  indexes(`${U}:78`, [noDupDoc], { 'a.1': 1 }),
  save(
    `${U}:84`,
    async (c) => {
      await c.createIndex({ 'a.0': 1 });
      await c.createIndex({ 'a.1': 1 });
    },
    noDupDoc,
    'works',
  ),
  count(`${U}:88`, [noDupDoc], { 'a.1': 1 }, 1),
  count(`${U}:96`, [noDupDoc], { 'a.0': { '1': 1 } }, 1),
  indexes(`${U}:108`, [{ a: [[1]] }], { 'a.0.0': 1 }),
  count(`${U}:109`, [{ a: [[1]] }], { 'a.0.0': 1 }, 1),
  fails(`${U}:117`, [{ a: [[1], { '0': 1 }] }], 'createIndex {"a.0.0":1}', (c) =>
    c.createIndex({ 'a.0.0': 1 }),
  ),
  ambiguous(`${U}:123`, [{ a: [[1], { '0': [1] }] }], { 'a.0.0': 1 }),
  ambiguous(`${U}:129`, [{ a: [{ '0': 1 }] }], { 'a.0.0': 1 }),
  ...['a.0.0.0.0.0.0', 'a.0.0.0.0.0', 'a.0.0.0.0', 'a.0.0.0', 'a.0.0', 'a.0'].map((path, i) =>
    ambiguous(`${U}:${135 + i}`, [{ a: [{ '0': [{ '0': 1 }] }] }], { [path]: 1 }),
  ),
  indexes(`${U}:141`, [{ a: [{ '0': [{ '0': 1 }] }] }], { a: 1 }),
  ambiguous(`${U}:147`, [{ a: [{ '0': { c: [] } }] }], { 'a.0.c': 1 }),
];

await conformance('index positions', cases);
