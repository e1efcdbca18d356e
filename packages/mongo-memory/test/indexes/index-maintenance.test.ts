import { describe, expect, it } from 'vitest';
import { type Document, MemoryMongoClient } from '../../src/index.js';

// Every write keeps every index exact: a query the planner answers through an index finds what
// is stored now — the new version of a changed document, not the old one, and nothing removed.

interface Student {
  _id: number | string;
  school?: string;
  card?: string | null;
  tags?: string[];
}

let counter = 0;

async function students(docs: Student[] = []) {
  counter++;
  const collection = new MemoryMongoClient().db('maintenance').collection<Student>(`s${counter}`);
  await collection.createIndex({ school: 1, card: 1 });
  await collection.createIndex({ tags: 1 });
  await collection.createIndex(
    { card: 1 },
    { unique: true, partialFilterExpression: { card: { $type: 'string' } } },
  );
  if (docs.length > 0) await collection.insertMany(docs);
  return collection;
}

type Students = Awaited<ReturnType<typeof students>>;

/** The `_id`s a filter finds, and the index it was found through (the planner must use one). */
async function found(collection: Students, filter: Document): Promise<{ ids: unknown[]; index: unknown }> {
  const plan = await collection.find(filter).explain();
  const docs = await collection.find(filter).toArray();
  return { ids: docs.map((d) => d._id), index: plan.queryPlanner.winningPlan.inputStage?.indexName };
}

const seed: Student[] = [
  { _id: 1, school: 'A', card: 'c1', tags: ['ana', 'math'] },
  { _id: 2, school: 'A', card: 'c2', tags: ['ben'] },
  { _id: 3, school: 'B', card: 'c3', tags: ['cleo', 'math'] },
];

describe('index maintenance', () => {
  it('finds inserted documents through every index', async () => {
    const collection = await students();
    await collection.insertOne(seed[0]!);
    await collection.insertMany(seed.slice(1));
    expect(await found(collection, { school: 'A', card: 'c2' })).toEqual({
      ids: [2],
      index: 'school_1_card_1',
    });
    expect(await found(collection, { tags: 'math' })).toEqual({ ids: [1, 3], index: 'tags_1' });
  });

  it('finds an updated document under its new keys only (updateOne, updateMany)', async () => {
    const collection = await students(seed);
    await collection.updateOne({ _id: 1 }, { $set: { school: 'B' }, $pull: { tags: 'math' } });
    await collection.updateMany({ school: 'B' }, { $push: { tags: 'new' } });
    expect(await found(collection, { school: 'A', card: 'c1' })).toEqual({
      ids: [],
      index: 'school_1_card_1',
    });
    expect(await found(collection, { school: 'B', card: 'c1' })).toEqual({
      ids: [1],
      index: 'school_1_card_1',
    });
    expect(await found(collection, { tags: 'math' })).toEqual({ ids: [3], index: 'tags_1' });
    expect(await found(collection, { tags: 'new' })).toEqual({ ids: [1, 3], index: 'tags_1' });
  });

  it('finds a replaced document under its new keys only (replaceOne, findOneAndReplace)', async () => {
    const collection = await students(seed);
    await collection.replaceOne({ _id: 2 }, { school: 'C', tags: ['dan'] });
    await collection.findOneAndReplace({ _id: 3 }, { school: 'C', card: 'c9' });
    expect(await found(collection, { tags: 'ben' })).toEqual({ ids: [], index: 'tags_1' });
    expect(await found(collection, { tags: 'dan' })).toEqual({ ids: [2], index: 'tags_1' });
    expect(await found(collection, { school: 'C', card: 'c9' })).toEqual({
      ids: [3],
      index: 'school_1_card_1',
    });
    expect(await found(collection, { card: 'c3' })).toMatchObject({ ids: [] });
    // The card the replacement dropped is free again in the unique index.
    await collection.insertOne({ _id: 4, card: 'c3' });
    expect(await found(collection, { card: 'c3' })).toMatchObject({ ids: [4] });
  });

  it('finds an upserted document (updateOne, findOneAndUpdate with upsert)', async () => {
    const collection = await students(seed);
    await collection.updateOne({ school: 'D', card: 'c7' }, { $set: { tags: ['eve'] } }, { upsert: true });
    await collection.findOneAndUpdate({ _id: 8 }, { $set: { school: 'D', tags: ['eve'] } }, { upsert: true });
    expect((await found(collection, { school: 'D', card: 'c7' })).ids).toHaveLength(1);
    expect((await found(collection, { tags: 'eve' })).ids).toHaveLength(2);
  });

  it('finds a document changed by findOneAndUpdate under its new keys only', async () => {
    const collection = await students(seed);
    await collection.findOneAndUpdate(
      { tags: 'math' },
      { $set: { tags: ['physics'] } },
      { sort: { _id: -1 } },
    );
    expect(await found(collection, { tags: 'math' })).toEqual({ ids: [1], index: 'tags_1' });
    expect(await found(collection, { tags: 'physics' })).toEqual({ ids: [3], index: 'tags_1' });
  });

  it('finds no deleted document (deleteOne, deleteMany, findOneAndDelete)', async () => {
    const collection = await students([...seed, { _id: 4, school: 'A', tags: ['math'] }]);
    await collection.deleteOne({ school: 'A', card: 'c1' });
    await collection.findOneAndDelete({ tags: 'cleo' });
    expect(await found(collection, { tags: 'math' })).toEqual({ ids: [4], index: 'tags_1' });
    await collection.deleteMany({ school: 'A' });
    expect(await found(collection, { school: 'A' })).toEqual({ ids: [], index: 'school_1_card_1' });
    expect(await found(collection, { tags: 'math' })).toEqual({ ids: [], index: 'tags_1' });
    // Documents stored after the deletions are found at their own positions.
    await collection.insertOne({ _id: 5, school: 'A', tags: ['math'] });
    await collection.updateOne({ tags: 'math' }, { $set: { card: 'c5' } });
    expect(await collection.findOne({ _id: 5 })).toEqual({ _id: 5, school: 'A', tags: ['math'], card: 'c5' });
  });

  it('keeps the indexes as they were when a write fails (duplicate key, ordered and unordered insertMany)', async () => {
    const collection = await students(seed);
    await expect(
      collection.updateOne({ _id: 2 }, { $set: { card: 'c1', tags: ['x'] } }),
    ).rejects.toMatchObject({
      code: 11000,
    });
    await expect(
      collection.insertMany(
        [
          { _id: 5, card: 'c5', tags: ['y'] },
          { _id: 6, card: 'c1', tags: ['y'] },
          { _id: 7, tags: ['y'] },
        ],
        {
          ordered: true,
        },
      ),
    ).rejects.toMatchObject({ code: 11000 });
    await expect(
      collection.insertMany(
        [
          { _id: 8, card: 'c2', tags: ['z'] },
          { _id: 9, tags: ['z'] },
        ],
        { ordered: false },
      ),
    ).rejects.toMatchObject({ code: 11000 });
    expect(await found(collection, { tags: 'x' })).toEqual({ ids: [], index: 'tags_1' });
    expect(await found(collection, { tags: 'ben' })).toEqual({ ids: [2], index: 'tags_1' });
    expect(await found(collection, { tags: 'y' })).toEqual({ ids: [5], index: 'tags_1' });
    expect(await found(collection, { tags: 'z' })).toEqual({ ids: [9], index: 'tags_1' });
  });

  it('reads an index created over stored documents, and forgets a dropped one', async () => {
    counter++;
    const collection = new MemoryMongoClient().db('maintenance').collection<Student>(`late${counter}`);
    await collection.insertMany(seed);
    await collection.createIndex({ tags: 1 });
    expect(await found(collection, { tags: 'math' })).toEqual({ ids: [1, 3], index: 'tags_1' });
    await collection.dropIndex('tags_1');
    expect(await found(collection, { tags: 'math' })).toEqual({ ids: [1, 3], index: undefined });
  });
});
