/**
 * `replaceOne` with `sort` (MongoDB 8.0): the first match in that order is the one replaced, as
 * `updateOne` with `sort` updates it; `updateMany` has no `sort` (refused by name).
 */
import { describe, expect, it } from 'vitest';
import {
  type Document,
  type MemoryCollection,
  MemoryEngineUnsupportedError,
  MemoryMongoClient,
} from '../../src/index.js';

type Ranked = { _id: number; rank?: number; [field: string]: unknown };

async function setup(): Promise<MemoryCollection<Ranked>> {
  const c = new MemoryMongoClient().db('replace_sort').collection<Ranked>('c');
  await c.insertMany([
    { _id: 1, rank: 2 },
    { _id: 2, rank: 3 },
    { _id: 3, rank: 1 },
  ]);
  return c;
}

describe('replaceOne with sort', () => {
  it('replaces the first match in sort order, not in natural order', async () => {
    const c = await setup();
    const result = await c.replaceOne({}, { rank: 0, replaced: true }, { sort: { rank: -1 } });
    expect(result).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
    expect(await c.find().toArray()).toEqual([
      { _id: 1, rank: 2 },
      { _id: 2, rank: 0, replaced: true },
      { _id: 3, rank: 1 },
    ]);
  });

  it('replaces the same document updateOne with the same sort updates', async () => {
    const replaced = await setup();
    const updated = await setup();
    await replaced.replaceOne({ rank: { $gte: 1 } }, { picked: true }, { sort: { rank: 1 } });
    await updated.updateOne({ rank: { $gte: 1 } }, { $set: { picked: true } }, { sort: { rank: 1 } });
    expect((await replaced.findOne({ picked: true }))?._id).toBe(3);
    expect((await updated.findOne({ picked: true }))?._id).toBe(3);
  });

  it('upserts when nothing matches, whatever the sort', async () => {
    const c = await setup();
    const result = await c.replaceOne({ _id: 9 }, { rank: 9 }, { sort: { rank: 1 }, upsert: true });
    expect(result).toMatchObject({ upsertedCount: 1, upsertedId: 9 });
  });

  it('is refused by name on updateMany, which has no sort', async () => {
    const c = await setup();
    const withSort: Document = { sort: { rank: 1 } };
    await expect(c.updateMany({}, { $set: { x: 1 } }, withSort)).rejects.toThrow(
      new MemoryEngineUnsupportedError("The updateMany option 'sort'"),
    );
  });
});
