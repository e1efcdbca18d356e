/**
 * A command's `let`: its variables are `$$name` in `$expr` of the filter of every read and write,
 * in an aggregation's stages, in a pipeline update (and the document it upserts), and in a find's
 * projection. Its expressions are evaluated once, before any document: a field path in one is
 * MongoDB's error 4890500.
 */
import { MongoServerError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { type Document, type MemoryCollection, MemoryMongoClient } from '../../src/index.js';

type Doc = { _id?: number; grade?: string; score?: number; [field: string]: unknown };

async function setup(): Promise<MemoryCollection<Doc>> {
  const c = new MemoryMongoClient().db('let').collection<Doc>('c');
  await c.insertMany([
    { _id: 1, grade: 'A', score: 10 },
    { _id: 2, grade: 'B', score: 20 },
    { _id: 3, grade: 'B', score: 30 },
  ]);
  return c;
}

const byGrade = { $expr: { $eq: ['$grade', '$$wanted'] } };
const wanted = { wanted: 'B' };

describe('let variables in the filter', () => {
  it('selects with them on find, findOne, aggregate and countDocuments', async () => {
    const c = await setup();
    expect(await c.find(byGrade, { let: wanted }).toArray()).toHaveLength(2);
    expect(await c.findOne(byGrade, { let: wanted })).toEqual({ _id: 2, grade: 'B', score: 20 });
    expect(await c.aggregate([{ $match: byGrade }], { let: wanted }).toArray()).toHaveLength(2);
    expect(await c.countDocuments(byGrade, { let: wanted })).toBe(2);
    expect(await c.countDocuments(byGrade, { let: wanted, limit: 1 })).toBe(1);
  });

  it('deletes with them on deleteOne and deleteMany', async () => {
    const c = await setup();
    expect(await c.deleteOne(byGrade, { let: wanted })).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(await c.find().toArray()).toEqual([
      { _id: 1, grade: 'A', score: 10 },
      { _id: 3, grade: 'B', score: 30 },
    ]);
    expect(await c.deleteMany(byGrade, { let: { wanted: 'A' } })).toEqual({
      acknowledged: true,
      deletedCount: 1,
    });
    expect(await c.find().toArray()).toEqual([{ _id: 3, grade: 'B', score: 30 }]);
  });

  it('updates with them on updateOne, updateMany, replaceOne and the findOneAnd* methods', async () => {
    const c = await setup();
    expect((await c.updateMany(byGrade, { $set: { score: 0 } }, { let: wanted })).modifiedCount).toBe(2);
    expect((await c.updateOne(byGrade, { $set: { score: 1 } }, { let: wanted })).modifiedCount).toBe(1);
    expect((await c.replaceOne(byGrade, { grade: 'C' }, { let: { wanted: 'A' } })).modifiedCount).toBe(1);
    expect(await c.findOneAndUpdate(byGrade, { $set: { seen: true } }, { let: wanted })).toMatchObject({
      _id: 2,
    });
    expect(await c.findOneAndReplace(byGrade, { grade: 'D' }, { let: wanted })).toMatchObject({ _id: 2 });
    expect(await c.findOneAndDelete(byGrade, { let: wanted })).toMatchObject({ _id: 3 });
    expect(await c.find().toArray()).toEqual([
      { _id: 1, grade: 'C' },
      { _id: 2, grade: 'D' },
    ]);
  });

  it('is an undefined variable without let: the delete fails and deletes nothing', async () => {
    // MongoDB answers 17276 "Use of undefined variable"; the engine evaluates this `$expr` with
    // mingo, whose error is refused by name (see docs/differences.md).
    const c = await setup();
    await expect(c.deleteOne(byGrade)).rejects.toThrow(/wanted/);
    expect(await c.countDocuments()).toBe(3);
  });
});

describe('let variables in expressions', () => {
  it('are seen by every stage of an aggregation, $lookup sub-pipelines too', async () => {
    const c = await setup();
    const out = await c
      .aggregate(
        [
          { $match: { _id: 1 } },
          { $project: { _id: 0, bonus: { $add: ['$score', '$$extra'] } } },
          {
            $lookup: {
              from: 'c',
              pipeline: [{ $match: { $expr: { $gt: ['$score', '$$extra'] } } }],
              as: 'over',
            },
          },
          { $project: { bonus: 1, over: { $size: '$over' } } },
        ],
        { let: { extra: 15 } },
      )
      .toArray();
    expect(out).toEqual([{ bonus: 25, over: 2 }]);
  });

  it('are seen by a pipeline update, and by the document an upsert inserts', async () => {
    const c = await setup();
    await c.updateOne({ _id: 1 }, [{ $set: { score: { $multiply: ['$score', '$$factor'] } } }], {
      let: { factor: 3 },
    });
    await c.updateOne({ _id: 9 }, [{ $set: { note: '$$note' } }], { upsert: true, let: { note: 'new' } });
    expect(await c.find({ _id: { $in: [1, 9] } }).toArray()).toEqual([
      { _id: 1, grade: 'A', score: 30 },
      { _id: 9, note: 'new' },
    ]);
  });

  it('are seen by a find projection and a findOneAndUpdate projection', async () => {
    const c = await setup();
    expect(await c.findOne({ _id: 1 }, { projection: { _id: 0, tag: '$$tag' }, let: { tag: 't' } })).toEqual({
      tag: 't',
    });
    const found = await c.findOneAndUpdate(
      { _id: 1 },
      { $set: { x: 1 } },
      { projection: { _id: 0, tag: '$$tag' }, let: { tag: 'u' } },
    );
    expect(found).toEqual({ tag: 'u' });
  });

  it('are expressions evaluated once: {$add: [1, 2]} is 3, a $literal is kept as written', async () => {
    const c = await setup();
    const options = { let: { n: { $add: [1, 2] }, s: { $literal: '$grade' } } };
    expect(await c.findOne({ _id: 1 }, { ...options, projection: { _id: 0, n: '$$n', s: '$$s' } })).toEqual({
      n: 3,
      s: '$grade',
    });
  });
});

describe('let that MongoDB refuses', () => {
  const failure = (promise: Promise<unknown>): Promise<unknown> =>
    promise.then(
      () => undefined,
      (error: unknown) => error,
    );

  it('refuses a field path or $$ROOT in a let expression (4890500), writing nothing', async () => {
    for (const expr of ['$score', { $add: ['$score', 1] }, '$$ROOT']) {
      const c = await setup();
      const error = await failure(c.deleteMany({}, { let: { v: expr } }));
      expect(error).toBeInstanceOf(MongoServerError);
      expect(error).toMatchObject({ code: 4890500 });
      expect(await c.countDocuments()).toBe(3);
    }
  });

  it('refuses a variable name a user may not define (16867) and a let that is not a document (14)', async () => {
    const c = await setup();
    await expect(c.find({}, { let: { Upper: 1 } }).toArray()).rejects.toMatchObject({ code: 16867 });
    await expect(c.updateMany({}, { $set: { x: 1 } }, { let: { $x: 1 } })).rejects.toMatchObject({
      code: 16867,
    });
    const notDocumentLet: Document = { let: [1] };
    const notDocument = await failure(c.aggregate([], notDocumentLet).toArray());
    expect(notDocument).toMatchObject({ code: 14, codeName: 'TypeMismatch' });
    expect(await c.countDocuments({ x: 1 })).toBe(0);
  });
});
