import { MongoServerError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { MemoryMongoClient } from '../../src/index.js';

/**
 * `maxTimeMS` as MongoDB enforces it, on a clock the test moves: every reading of it moves time on
 * by `step` milliseconds, so a scan of many documents outlasts a short limit and a scan on a
 * stopped clock never does, whatever the machine's load.
 */
async function setUp(step: number) {
  let time = 1_000;
  const now = () => {
    time += step;
    return time;
  };
  const db = new MemoryMongoClient('t', { now }).db('t');
  const docs = Array.from({ length: 50 }, (_, n) => ({ n, tags: [n % 3, n % 5] }));
  await db.collection('c').insertMany(docs);
  return db.collection('c');
}

const expired = {
  code: 50,
  codeName: 'MaxTimeMSExpired',
  message: 'operation exceeded time limit',
};

async function failure(operation: Promise<unknown>): Promise<unknown> {
  const error = await operation.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MongoServerError);
  return error;
}

describe('maxTimeMS', () => {
  it('stops a find, a count and an aggregate that scan for longer than the limit, with MongoDB’s error', async () => {
    const c = await setUp(1);
    const filter = { tags: { $nin: [7, 8, 9] } };
    expect(await failure(c.find(filter, { maxTimeMS: 20 }).toArray())).toMatchObject(expired);
    expect(await failure(c.find(filter).maxTimeMS(20).toArray())).toMatchObject(expired);
    expect(await failure(c.countDocuments(filter, { maxTimeMS: 20 }))).toMatchObject(expired);
    expect(await failure(c.countDocuments(filter, { maxTimeMS: 20, limit: 40 }))).toMatchObject(expired);
    expect(
      await failure(c.aggregate([{ $match: filter }, { $count: 'n' }], { maxTimeMS: 20 }).toArray()),
    ).toMatchObject(expired);
  });

  it('answers the same operations within a limit the scan does not reach', async () => {
    const c = await setUp(1);
    const filter = { tags: { $nin: [7, 8, 9] } };
    expect(await c.find(filter, { maxTimeMS: 500 }).toArray()).toHaveLength(50);
    expect(await c.countDocuments(filter, { maxTimeMS: 500 })).toBe(50);
    expect(await c.aggregate([{ $match: filter }, { $count: 'n' }], { maxTimeMS: 500 }).toArray()).toEqual([
      { n: 50 },
    ]);
  });

  it('never expires while the clock stands still, and 0 or no maxTimeMS means no limit', async () => {
    const stopped = await setUp(0);
    expect(await stopped.find({}, { maxTimeMS: 1 }).toArray()).toHaveLength(50);
    expect(await stopped.countDocuments({}, { maxTimeMS: 1 })).toBe(50);
    const moving = await setUp(1);
    expect(await moving.find({}, { maxTimeMS: 0 }).toArray()).toHaveLength(50);
    expect(await moving.countDocuments({})).toBe(50);
    expect(await moving.aggregate([{ $match: {} }]).toArray()).toHaveLength(50);
  });

  it('checks the deadline once the stages of a pipeline without a leading $match are done', async () => {
    const c = await setUp(1);
    expect(
      await failure(c.aggregate([{ $group: { _id: null, n: { $sum: 1 } } }], { maxTimeMS: 1 }).toArray()),
    ).toMatchObject(expired);
  });

  it('refuses a negative or fractional limit as MongoDB does (BadValue)', async () => {
    const c = await setUp(0);
    expect(await failure(c.find({}, { maxTimeMS: -1 }).toArray())).toMatchObject({ code: 2 });
    expect(await failure(c.countDocuments({}, { maxTimeMS: 1.5 }))).toMatchObject({ code: 2 });
  });
});
