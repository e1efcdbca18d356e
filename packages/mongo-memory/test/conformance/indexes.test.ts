/**
 * Partial, sparse and unique indexes: jstests/core/index/index_partial_create_drop.js,
 * index_partial_write_ops.js, index_partial_read_ops.js (the results its explains report),
 * index_sparse1.js, and the partial filters jstests/core/query/null_query_semantics.js refuses.
 */
import type { Document } from 'bson';
import { expect } from 'vitest';
import { type Case, conformance, count, fails, find, writes } from './harness.js';

const CD = 'jstests/core/index/index_partial_create_drop.js';
const WO = 'jstests/core/index/index_partial_write_ops.js';
const RO = 'jstests/core/index/index_partial_read_ops.js';
const SP = 'jstests/core/index/index_sparse1.js';
const N = 'jstests/core/query/null_query_semantics.js';

const createFails = (
  cite: string,
  keys: Document,
  options: Document,
  code?: number | number[],
  docs: Document[] = [],
) =>
  fails(
    cite,
    docs,
    `createIndex ${JSON.stringify(keys)} with ${JSON.stringify(options)}`,
    (c) => c.createIndex(keys, options),
    code,
  );
const creates = (cite: string, keys: Document, options: Document, docs: Document[] = []) =>
  writes(
    cite,
    docs,
    `createIndex ${JSON.stringify(keys)} with ${JSON.stringify(options)} works`,
    (c) => c.createIndex(keys, options),
    async (name) => expect(typeof name).toBe('string'),
  );
const tenDocs = Array.from({ length: 10 }, (_, i) => ({ x: i, a: i }));
const indexCount = (
  cite: string,
  docs: Document[],
  title: string,
  act: Parameters<typeof writes>[3],
  n: number,
) => writes(cite, docs, title, act, async (_, c) => expect(await c.indexes()).toHaveLength(n));

const createDrop: Case[] = [
  createFails(`${CD}:36`, { x: 1 }, { partialFilterExpression: 5 }),
  createFails(`${CD}:37`, { x: 1 }, { partialFilterExpression: { x: { $asdasd: 3 } } }),
  createFails(`${CD}:38`, { x: 1 }, { partialFilterExpression: { $and: 5 } }),
  createFails(`${CD}:39`, { x: 1 }, { partialFilterExpression: { x: /abc/ } }),
  createFails(`${CD}:42`, { x: 1 }, { partialFilterExpression: { $expr: { $eq: ['$x', 5] } } }),
  createFails(
    `${CD}:44`,
    { x: 1 },
    { partialFilterExpression: { $expr: { $eq: [{ $trim: { input: '$x' } }, 'hi'] } } },
  ),
  // MongoDB 8.0 has featureFlagTimeseriesMetricIndexes: the depth limit applies (4 levels).
  createFails(
    `${CD}:56`,
    { x: 1 },
    { partialFilterExpression: { $and: [{ $and: [{ $and: [{ $and: [{ x: 3 }] }] }] }] } },
    67,
  ),
  creates(`${CD}:62`, { x: 1 }, { partialFilterExpression: { $and: [{ $and: [{ $and: [{ x: 3 }] }] }] } }),
  creates(`${CD}:72`, { x: 1 }, { partialFilterExpression: { a: { $lt: 5 } } }, tenDocs),
  indexCount(
    `${CD}:75`,
    tenDocs,
    'dropping the partial index leaves the _id index alone',
    async (c) => {
      await c.createIndex({ x: 1 }, { partialFilterExpression: { a: { $lt: 5 } } });
      await c.dropIndex({ x: 1 });
    },
    1,
  ),
  createFails(`${CD}:90`, { x: 1 }, { partialFilterExpression: { a: 1 }, sparse: true }, undefined, tenDocs),
  createFails(`${CD}:91`, { x: 1 }, { partialFilterExpression: { a: 1 }, sparse: 1 }, undefined, tenDocs),
  indexCount(
    `${CD}:93`,
    tenDocs,
    'a partial index with sparse: false',
    (c) => c.createIndex({ x: 1 }, { partialFilterExpression: { a: 1 }, sparse: false }),
    2,
  ),
  count(`${CD}:100`, tenDocs, { x: 0, a: 0 }, 1),
  indexCount(
    `${CD}:113`,
    tenDocs,
    'two partial indexes on one key pattern with different filters',
    async (c) => {
      await c.createIndex({ x: 1 }, { name: 'partialIndex1', partialFilterExpression: { a: { $lt: 5 } } });
      await c.createIndex({ x: 1 }, { name: 'partialIndex2', partialFilterExpression: { a: { $gte: 5 } } });
    },
    3,
  ),
  fails(
    `${CD}:117`,
    tenDocs,
    'dropIndex({x: 1}) with two indexes on {x: 1}',
    async (c) => {
      await c.createIndex({ x: 1 }, { name: 'partialIndex1', partialFilterExpression: { a: { $lt: 5 } } });
      await c.createIndex({ x: 1 }, { name: 'partialIndex2', partialFilterExpression: { a: { $gte: 5 } } });
      await c.dropIndex({ x: 1 });
    },
    181,
  ),
  // A $ne: null partial filter is refused.
  createFails(`${N}:842`, { a: 1 }, { partialFilterExpression: { a: { $ne: null } } }, 67),
  createFails(`${N}:848`, { a: 1 }, { partialFilterExpression: { a: { $elemMatch: { $ne: null } } } }, 67),
];

const writeOps: Case[] = [
  creates(`${WO}:26`, { x: 1 }, { unique: true, partialFilterExpression: { a: 1 } }),
  fails(
    `${WO}:70`,
    [],
    'a duplicate key inside the partial index, with one outside it',
    async (c) => {
      await c.createIndex({ x: 1 }, { unique: true, partialFilterExpression: { a: 1 } });
      await c.insertOne({ _id: 3, x: 1, a: 1 });
      await c.insertOne({ _id: 4, x: 1, a: 0 });
      await c.insertOne({ _id: 5, x: 1, a: 1 });
    },
    11000,
  ),
];

const partialDocs = [
  { x: 5, a: 2 },
  { x: 6, a: 1 },
];
const overlapping = [1, 2, 3, 11, 12, 13, 101, 102, 103].map((a) => ({ a }));
const readOps: Case[] = [
  count(`${RO}:46`, partialDocs, { x: 6, a: 1 }, 1),
  count(`${RO}:50`, partialDocs, { x: { $gt: 1 }, a: 1 }, 1),
  count(`${RO}:54`, partialDocs, { x: 6, a: { $lte: 1 } }, 1),
  count(`${RO}:60`, partialDocs, { x: 6, a: { $lt: 1.6 } }, 1),
  count(`${RO}:63`, partialDocs, { x: 6 }, 1),
  count(`${RO}:101`, partialDocs, { x: { $gt: 1 }, a: 1 }, 1),
  count(`${RO}:109`, partialDocs, { x: { $gt: 1 }, a: 2 }, 1),
  find(`${RO}:145`, overlapping, { a: { $gt: 0, $lt: 10 } }, [{ a: 1 }, { a: 2 }, { a: 3 }]),
  find(`${RO}:146`, overlapping, { a: { $gt: 10, $lt: 100 } }, [{ a: 11 }, { a: 12 }, { a: 13 }]),
  find(`${RO}:147`, overlapping, { a: { $gt: 100, $lt: 1000 } }, [{ a: 101 }, { a: 102 }, { a: 103 }]),
  find(`${RO}:148`, overlapping, { a: { $gt: 0 } }, overlapping),
];

/** Options as the shell writes them (`sparse: 1`), which MongoDB takes as true. */
const shell = (options: Document): Document => options;
const sparseDocs = [{ _id: 1, x: 1 }, { _id: 2, x: 2 }, { _id: 3, x: 2 }, { _id: 4 }, { _id: 5 }];
const withoutTwo = sparseDocs.filter((d) => d._id !== 2);
const sparse: Case[] = [
  count(`${SP}:19`, sparseDocs, {}, 5),
  writes(
    `${SP}:30`,
    sparseDocs,
    'a sparse index leaves sorting on x to all 5 documents',
    (c) => c.createIndex({ x: 1 }, shell({ sparse: 1 })),
    async (_, c) => expect(await c.find({}).sort({ x: 1 }).toArray()).toHaveLength(5),
  ),
  createFails(`${SP}:39`, { x: 1 }, { unique: 1 }, [11000, 67], withoutTwo),
  indexCount(
    `${SP}:50`,
    withoutTwo,
    'a unique sparse index over two documents without x',
    (c) => c.createIndex({ x: 1 }, shell({ unique: 1, sparse: 1 })),
    2,
  ),
  createFails(`${SP}:55`, { x: 1 }, { unique: 1, sparse: 1 }, [11000, 67], sparseDocs),
];

await conformance('indexes', [...createDrop, ...writeOps, ...readOps, ...sparse]);
