import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { MemoryMongoClient } from '../../src/index.js';

type Row = { _id: ObjectId | string | number; n: number; even?: boolean };

/** Filters on `_id` go through the id map; the answers must be exactly those of a scan. */
describe('filters naming _id', () => {
  const setUp = async () => {
    const db = new MemoryMongoClient().db('ids');
    const ids = Array.from({ length: 6 }, () => new ObjectId());
    await db.collection<Row>('c').insertMany(ids.map((_id, n) => ({ _id, n, even: n % 2 === 0 })));
    await db.collection<Row>('c').insertOne({ _id: 'text-id', n: 100 });
    await db.collection<Row>('c').insertOne({ _id: 7, n: 7 });
    return { c: db.collection<Row>('c'), ids };
  };

  it('find the one record, and only when the rest of the filter holds too', async () => {
    const { c, ids } = await setUp();
    expect(await c.findOne({ _id: ids[2]! })).toMatchObject({ n: 2 });
    expect(await c.findOne({ _id: ids[2]!, even: true })).toMatchObject({ n: 2 });
    expect(await c.findOne({ _id: ids[3]!, even: true })).toBeNull();
    expect(await c.findOne({ _id: new ObjectId() })).toBeNull();
    expect(await c.findOne({ _id: 'text-id' })).toMatchObject({ n: 100 });
    expect(await c.findOne({ _id: 7 })).toMatchObject({ n: 7 });
    expect(await c.countDocuments({ _id: ids[0]! })).toBe(1);
  });

  it('update, replace and delete the right record', async () => {
    const { c, ids } = await setUp();
    expect(await c.updateOne({ _id: ids[4]!, even: true }, { $set: { n: 40 } })).toMatchObject({
      matchedCount: 1,
    });
    expect(await c.updateOne({ _id: ids[4]!, even: false }, { $set: { n: 41 } })).toMatchObject({
      matchedCount: 0,
    });
    expect(
      await c.findOneAndUpdate({ _id: ids[1]! }, { $inc: { n: 10 } }, { returnDocument: 'after' }),
    ).toMatchObject({ n: 11 });
    await c.deleteOne({ _id: ids[5]! });
    expect((await c.find({}).toArray()).map((doc) => doc.n)).toEqual([0, 11, 2, 3, 40, 100, 7]);
  });

  it('$in of ids returns the records in natural order, once each', async () => {
    const { c, ids } = await setUp();
    const found = await c.find({ _id: { $in: [ids[3]!, ids[0]!, 7, ids[3]!, new ObjectId()] } }).toArray();
    expect(found.map((doc) => doc.n)).toEqual([0, 3, 7]);
    expect(await c.countDocuments({ _id: { $in: [] } })).toBe(0);
  });
});
