/**
 * The driver's deprecated `Collection.count()`: the `count` command's answer — the matches past
 * `skip`, at most `limit` (0: no limit; a negative limit counts as its absolute value), the same
 * number for an empty filter as `countDocuments` gives.
 */
import { MongoServerError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { type MemoryCollection, MemoryMongoClient } from '../../src/index.js';

type Doc = { _id?: number; [field: string]: unknown };

async function setup(): Promise<MemoryCollection<Doc>> {
  const c = new MemoryMongoClient().db('count').collection<Doc>('c');
  await c.insertMany([1, 2, 3, 4, 5].map((n) => ({ _id: n, even: n % 2 === 0 })));
  return c;
}

describe('Collection.count()', () => {
  it('counts every document without a filter, and the matches with one', async () => {
    const c = await setup();
    expect(await c.count()).toBe(5);
    expect(await c.count({ even: true })).toBe(2);
    expect(await new MemoryMongoClient().db('count').collection('missing').count()).toBe(0);
  });

  it('counts the matches past skip, at most limit', async () => {
    const c = await setup();
    expect(await c.count({}, { skip: 2 })).toBe(3);
    expect(await c.count({}, { skip: 9 })).toBe(0);
    expect(await c.count({}, { limit: 2 })).toBe(2);
    expect(await c.count({}, { skip: 4, limit: 2 })).toBe(1);
    expect(await c.count({}, { limit: 0 })).toBe(5);
    expect(await c.count({}, { limit: -2 })).toBe(2);
  });

  it('refuses a negative skip (51024) and honours maxTimeMS and hint', async () => {
    const c = await setup();
    const error = await c.count({}, { skip: -1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MongoServerError);
    expect(error).toMatchObject({ code: 51024 });
    await expect(c.count({}, { maxTimeMS: -1 })).rejects.toMatchObject({ code: 2 });
    await expect(c.count({}, { hint: 'no_such_index' })).rejects.toMatchObject({ code: 2 });
    expect(await c.count({ even: false }, { hint: '_id_' })).toBe(3);
  });
});
