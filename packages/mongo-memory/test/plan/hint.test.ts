/**
 * `hint` on every read and write: an index named by its name or key pattern is the one read
 * (explain() shows it), `{$natural: 1}` scans, and a hint naming no index is MongoDB's error 2
 * BadValue, "hint provided does not correspond to an existing index", before anything is written.
 */
import { MongoServerError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import {
  type Document,
  type MemoryCollection,
  MemoryEngineUnsupportedError,
  MemoryMongoClient,
} from '../../src/index.js';

type Doc = { _id?: number; [field: string]: unknown };

async function setup(): Promise<MemoryCollection<Doc>> {
  const c = new MemoryMongoClient().db('hint').collection<Doc>('c');
  await c.insertMany([
    { _id: 1, a: 1, b: 'x' },
    { _id: 2, a: 2, b: 'y' },
    { _id: 3, b: 'x' },
  ]);
  await c.createIndex({ a: 1 });
  await c.createIndex({ b: 1 }, { name: 'by_b' });
  return c;
}

const NO_INDEX = 'hint provided does not correspond to an existing index';

/** Every read and write of the collection, with a hint. */
const OPERATIONS: Record<string, (c: MemoryCollection<Doc>, hint: unknown) => Promise<unknown>> = {
  find: (c, hint) => c.find({ b: 'x' }, { hint: hint as Document }).toArray(),
  'find().hint()': (c, hint) =>
    c
      .find({ b: 'x' })
      .hint(hint as Document)
      .toArray(),
  findOne: (c, hint) => c.findOne({ b: 'x' }, { hint: hint as Document }),
  aggregate: (c, hint) => c.aggregate([{ $match: { b: 'x' } }], { hint: hint as Document }).toArray(),
  'aggregate without $match': (c, hint) =>
    c.aggregate([{ $count: 'n' }], { hint: hint as Document }).toArray(),
  countDocuments: (c, hint) => c.countDocuments({ b: 'x' }, { hint: hint as Document }),
  count: (c, hint) => c.count({ b: 'x' }, { hint: hint as Document }),
  distinct: (c, hint) => c.distinct('a', { b: 'x' }, { hint: hint as Document }),
  updateOne: (c, hint) => c.updateOne({ b: 'x' }, { $set: { c: 1 } }, { hint: hint as Document }),
  updateMany: (c, hint) => c.updateMany({ b: 'x' }, { $set: { c: 1 } }, { hint: hint as Document }),
  replaceOne: (c, hint) => c.replaceOne({ b: 'x' }, { b: 'x', c: 1 }, { hint: hint as Document }),
  deleteOne: (c, hint) => c.deleteOne({ b: 'x' }, { hint: hint as Document }),
  deleteMany: (c, hint) => c.deleteMany({ b: 'x' }, { hint: hint as Document }),
  findOneAndUpdate: (c, hint) =>
    c.findOneAndUpdate({ b: 'x' }, { $set: { c: 1 } }, { hint: hint as Document }),
  findOneAndReplace: (c, hint) =>
    c.findOneAndReplace({ b: 'x' }, { b: 'x', c: 1 }, { hint: hint as Document }),
  findOneAndDelete: (c, hint) => c.findOneAndDelete({ b: 'x' }, { hint: hint as Document }),
};

const failure = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe.each(Object.keys(OPERATIONS))('hint on %s', (name) => {
  const run = OPERATIONS[name]!;

  it('is error 2 BadValue when it names no index, and nothing changes', async () => {
    for (const hint of ['no_such_index', { nope: 1 }, { a: -1 }]) {
      const c = await setup();
      const before = await c.find().toArray();
      const error = await failure(run(c, hint));
      expect(error).toBeInstanceOf(MongoServerError);
      expect(error).toMatchObject({ code: 2, codeName: 'BadValue', message: NO_INDEX });
      expect(await c.find().toArray()).toEqual(before);
    }
  });

  it('answers as without it when it names an index, by name or by key pattern, or the natural order', async () => {
    const plain = await run(await setup(), undefined);
    for (const hint of ['by_b', { b: 1 }, 'a_1', { a: 1 }, '_id_', { $natural: 1 }]) {
      const c = await setup();
      expect(await run(c, hint)).toEqual(plain);
    }
  });

  it('is error 9 FailedToParse when it is neither a string nor an object', async () => {
    const error = await failure(run(await setup(), 5));
    expect(error).toMatchObject({ code: 9, message: 'Hint must be a string or an object' });
  });
});

describe('the plan a hint chooses', () => {
  const winningPlan = (plan: Document): Document => (plan.queryPlanner as Document).winningPlan as Document;
  const indexName = (plan: Document): unknown => (winningPlan(plan).inputStage as Document).indexName;

  it('reads the index it names, though another one bounds the filter', async () => {
    const c = await setup();
    expect(indexName(await c.find({ a: 1, b: 'x' }).hint('by_b').explain())).toBe('by_b');
    expect(indexName(await c.find({ a: 1, b: 'x' }).hint({ a: 1 }).explain())).toBe('a_1');
    expect(indexName(await c.find({ b: 'x' }).hint({ a: 1 }).explain())).toBe('a_1');
  });

  it('scans the collection for {$natural: 1}', async () => {
    const c = await setup();
    const plan = await c.find({ a: 1 }, { hint: { $natural: 1 } }).explain();
    expect(winningPlan(plan)).toEqual({ stage: 'COLLSCAN', direction: 'forward' });
  });

  it('reads the index it names even when the planner is off (useIndexes: false)', async () => {
    const c = new MemoryMongoClient('hint', { useIndexes: false }).db('hint').collection('c');
    await c.insertMany([{ a: 1 }, { a: 2 }]);
    await c.createIndex({ a: 1 });
    expect(indexName(await c.find({ a: 1 }).hint('a_1').explain())).toBe('a_1');
  });

  it('answers a hinted sparse index with the documents it holds, as MongoDB does', async () => {
    const c = await setup();
    await c.createIndex({ a: 1 }, { name: 'sparse_a', sparse: true });
    expect(await c.find({}, { hint: 'sparse_a', sort: { _id: 1 } }).toArray()).toEqual([
      { _id: 1, a: 1, b: 'x' },
      { _id: 2, a: 2, b: 'y' },
    ]);
    expect(await c.countDocuments({}, { hint: 'sparse_a' })).toBe(2);
    expect(await c.countDocuments({})).toBe(3);
  });

  it('ignores an empty hint and does not look up a hint on a collection that does not exist', async () => {
    const c = await setup();
    expect(await c.countDocuments({}, { hint: {} })).toBe(3);
    const missing = new MemoryMongoClient().db('hint').collection('missing');
    expect(await missing.find({}, { hint: 'no_such_index' }).toArray()).toEqual([]);
    expect(await missing.deleteOne({}, { hint: 'no_such_index' })).toEqual({
      acknowledged: true,
      deletedCount: 0,
    });
  });

  it('refuses by name a reverse natural order and a partial index the filter does not imply', async () => {
    const c = await setup();
    await expect(c.find({}, { hint: { $natural: -1 } }).toArray()).rejects.toThrow(
      MemoryEngineUnsupportedError,
    );
    await c.createIndex({ b: 1, a: 1 }, { partialFilterExpression: { a: { $gt: 1 } } });
    await expect(c.deleteMany({}, { hint: 'b_1_a_1' })).rejects.toThrow(MemoryEngineUnsupportedError);
    expect(await c.countDocuments()).toBe(3);
    expect(await c.countDocuments({ a: { $gt: 1 } }, { hint: 'b_1_a_1' })).toBe(1);
  });
});
