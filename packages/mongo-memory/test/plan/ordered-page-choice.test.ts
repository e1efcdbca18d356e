import { describe, expect, it } from 'vitest';
import { MemoryMongoClient } from '../../src/index.js';

// A page sorted by `_id` whose filter bounds one other index: the `_id` index gives the order, the
// other index the few matches. The planner reads the `_id` order for a while (most pages fill
// quickly), then compares with the other index's count, so a rare match costs what its index
// holds, not a walk through the whole collection in `_id` order.

const SIZE = 20_000;

async function collection() {
  const people = new MemoryMongoClient().db('choice').collection<{ _id: number; tags: string[] }>('people');
  await people.createIndex({ tags: 1 });
  const docs = Array.from({ length: SIZE }, (_, n) => ({
    _id: n,
    tags: n % 5000 === 4999 ? ['rare', `t${n}`] : [`t${n}`],
  }));
  await people.insertMany(docs);
  return people;
}

describe('a page sorted by _id, filtered on the only other index', () => {
  it('reads the bounded index when its matches are rare, not the collection in _id order', async () => {
    const people = await collection();
    const filter = { tags: { $elemMatch: { $gte: 'rare', $lt: 'rarf' } } };
    const explained = await people.find(filter, { sort: { _id: 1 }, limit: 20 }).explain();
    expect(explained.queryPlanner.winningPlan.inputStage).toMatchObject({ indexName: 'tags_1' });
    expect(explained.executionStats).toMatchObject({ nReturned: 4, totalKeysExamined: 4 });
    expect((await people.find(filter, { sort: { _id: 1 }, limit: 20 }).toArray()).map((d) => d._id)).toEqual([
      4999, 9999, 14999, 19999,
    ]);
  });

  it('keeps reading in _id order when the page fills there first', async () => {
    const people = await collection();
    const filter = { tags: { $gte: 't' } };
    const explained = await people.find(filter, { sort: { _id: 1 }, limit: 20 }).explain();
    expect(explained.queryPlanner.winningPlan.inputStage).toMatchObject({ indexName: '_id_' });
    expect(explained.executionStats).toMatchObject({ nReturned: 20, totalKeysExamined: 20 });
  });
});
