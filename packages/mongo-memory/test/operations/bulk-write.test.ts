/**
 * `bulkWrite`: the driver's operation models, ordered and unordered, the result's counts and ids,
 * write errors at their operation's index (unique indexes violated part way, upserts), and the
 * indexes kept exact by a write that failed part way.
 */
import { ObjectId } from 'bson';
import { MongoBulkWriteError, MongoInvalidArgumentError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { MemoryMongoClient } from '../../src/index.js';
import { enginesFor, freshDriver as fresh } from '../support/helpers.js';

const engines = await enginesFor('bulk-write');

const three = () => [
  { _id: 1, x: 1 },
  { _id: 2, x: 2 },
  { _id: 3, x: 3 },
];

/** The error a promise rejects with. */
const failure = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe.each(engines)('bulkWrite on $name', ({ db }) => {
  it('runs every kind of operation in order and counts what each did', async () => {
    const c = await fresh(db, three());
    const result = await c.bulkWrite([
      { insertOne: { document: { _id: 4, x: 4 } } },
      { updateOne: { filter: { _id: 1 }, update: { $set: { x: 10 } } } },
      { updateMany: { filter: { x: { $lt: 5 } }, update: { $inc: { x: 1 } } } },
      { replaceOne: { filter: { _id: 3 }, replacement: { x: 30 } } },
      { deleteOne: { filter: { _id: 2 } } },
      { updateOne: { filter: { _id: 9 }, update: { $set: { x: 9 } }, upsert: true } },
      { deleteMany: { filter: { x: { $gt: 100 } } } },
    ]);
    expect(result).toMatchObject({
      ok: 1,
      insertedCount: 1,
      matchedCount: 5,
      modifiedCount: 5,
      deletedCount: 1,
      upsertedCount: 1,
      insertedIds: { 0: 4 },
      upsertedIds: { 5: 9 },
    });
    expect(result.hasWriteErrors()).toBe(false);
    expect(result.getWriteErrorCount()).toBe(0);
    expect(result.getWriteErrors()).toEqual([]);
    expect(result.getUpsertedIdAt(0)).toEqual({ index: 5, _id: 9 });
    expect(result.isOk()).toBe(true);
    expect(await c.find({}).toArray()).toEqual([
      { _id: 1, x: 10 },
      { _id: 3, x: 30 },
      { _id: 4, x: 5 },
      { _id: 9, x: 9 },
    ]);
  });

  it("gives an inserted document without _id an ObjectId, in the caller's document too", async () => {
    const c = await fresh(db);
    const document: { _id?: unknown; x: number } = { x: 1 };
    const result = await c.bulkWrite([{ insertOne: { document } }]);
    expect(document._id).toBeInstanceOf(ObjectId);
    expect(result.insertedIds).toEqual({ 0: document._id });
    expect(await c.findOne({ x: 1 })).toEqual({ _id: document._id, x: 1 });
  });

  it('gives an inserted document with a null _id an ObjectId, as the driver does before sending', async () => {
    const c = await fresh(db);
    const document: { _id: unknown; x: number } = { _id: null, x: 2 };
    await c.bulkWrite([{ insertOne: { document } }]);
    expect(document._id).toBeInstanceOf(ObjectId);
    expect(await c.findOne({ x: 2 })).toEqual({ _id: document._id, x: 2 });
  });

  it('reports upserts of updateOne, updateMany and replaceOne at their operation index', async () => {
    const c = await fresh(db, three());
    const result = await c.bulkWrite([
      { updateOne: { filter: { _id: 1 }, update: { $set: { y: 1 } }, upsert: true } },
      { updateMany: { filter: { x: 7 }, update: { $set: { y: 7 } }, upsert: true } },
      { replaceOne: { filter: { _id: 8 }, replacement: { y: 8 }, upsert: true } },
    ]);
    expect(result).toMatchObject({ matchedCount: 1, modifiedCount: 1, upsertedCount: 2 });
    expect(Object.keys(result.upsertedIds)).toEqual(['1', '2']);
    expect(result.upsertedIds[2]).toBe(8);
    const seven = await c.findOne({ x: 7 });
    expect(seven).toEqual({ _id: result.upsertedIds[1], x: 7, y: 7 });
    expect(await c.findOne({ _id: 8 })).toEqual({ _id: 8, y: 8 });
  });

  it('applies positional updates and array filters in its update models', async () => {
    const c = await fresh(db, [{ _id: 1, a: [1, 2, 3] }]);
    await c.bulkWrite([
      { updateOne: { filter: { _id: 1, a: 2 }, update: { $set: { 'a.$': 20 } } } },
      {
        updateMany: {
          filter: {},
          update: { $inc: { 'a.$[odd]': 100 } },
          arrayFilters: [{ odd: { $in: [1, 3] } }],
        },
      },
    ]);
    expect(await c.findOne({ _id: 1 })).toEqual({ _id: 1, a: [101, 20, 103] });
  });

  it('stops an ordered write at the first failure: a unique index violated part way', async () => {
    const c = await fresh(db);
    await c.createIndex({ email: 1 }, { unique: true });
    const error = await failure(
      c.bulkWrite([
        { insertOne: { document: { _id: 1, email: 'a@x' } } },
        { insertOne: { document: { _id: 2, email: 'b@x' } } },
        { updateOne: { filter: { _id: 2 }, update: { $set: { email: 'a@x' } } } },
        { insertOne: { document: { _id: 3, email: 'c@x' } } },
      ]),
    );
    expect(error).toBeInstanceOf(MongoBulkWriteError);
    if (!(error instanceof MongoBulkWriteError)) return;
    expect(error).toMatchObject({
      code: 11000,
      insertedCount: 2,
      matchedCount: 0,
      insertedIds: { 0: 1, 1: 2 },
    });
    expect(error.message).toMatch(
      /^E11000 duplicate key error collection: .* index: email_1 dup key: \{ email: "a@x" \}/,
    );
    expect(error.writeErrors).toMatchObject([{ index: 2, code: 11000 }]);
    expect(error.result.getWriteErrorCount()).toBe(1);
    expect(error.result.getWriteErrorAt(0)?.getOperation()).toEqual({
      q: { _id: 2 },
      u: { $set: { email: 'a@x' } },
    });
    expect(await c.find({}).toArray()).toEqual([
      { _id: 1, email: 'a@x' },
      { _id: 2, email: 'b@x' },
    ]);
  });

  it('goes on after failures when unordered, reporting each at its index', async () => {
    const c = await fresh(db, [{ _id: 1, email: 'a@x', n: 'text' }]);
    await c.createIndex({ email: 1 }, { unique: true });
    const error = await failure(
      c.bulkWrite(
        [
          { insertOne: { document: { _id: 2, email: 'a@x' } } },
          { updateOne: { filter: { _id: 1 }, update: { $inc: { n: 1 } } } },
          { insertOne: { document: { _id: 3, email: 'c@x' } } },
          { deleteOne: { filter: { _id: 3 } } },
          { updateOne: { filter: { _id: 1 }, update: { $foo: { n: 1 } } } },
          { updateOne: { filter: { _id: 1 }, update: { $set: { seen: true } } } },
        ],
        { ordered: false },
      ),
    );
    expect(error).toBeInstanceOf(MongoBulkWriteError);
    if (!(error instanceof MongoBulkWriteError)) return;
    expect(error.writeErrors).toMatchObject([
      { index: 0, code: 11000 },
      { index: 1, code: 14 },
      { index: 4, code: 9 },
    ]);
    expect(error).toMatchObject({
      code: 11000,
      insertedCount: 1,
      matchedCount: 1,
      modifiedCount: 1,
      deletedCount: 1,
    });
    expect(error.insertedIds).toEqual({ 2: 3 });
    expect(await c.find({}).toArray()).toEqual([{ _id: 1, email: 'a@x', n: 'text', seen: true }]);
  });

  it('runs an unordered write as the driver sends it: inserts, then updates, then deletes', async () => {
    const ordered = await fresh(db);
    await ordered.bulkWrite([{ deleteMany: { filter: {} } }, { insertOne: { document: { _id: 1 } } }]);
    expect(await ordered.countDocuments()).toBe(1);
    const unordered = await fresh(db);
    const result = await unordered.bulkWrite(
      [{ deleteMany: { filter: {} } }, { insertOne: { document: { _id: 1 } } }],
      { ordered: false },
    );
    expect(result).toMatchObject({ insertedCount: 1, deletedCount: 1 });
    expect(await unordered.countDocuments()).toBe(0);
  });

  it('refuses what the driver refuses before anything runs', async () => {
    const c = await fresh(db);
    await expect(c.bulkWrite([])).rejects.toThrow('Invalid BulkOperation, Batch cannot be empty');
    const noOperators = c.bulkWrite([
      { insertOne: { document: { _id: 1 } } },
      { updateOne: { filter: {}, update: { x: 1 } } },
    ]);
    await expect(noOperators).rejects.toBeInstanceOf(MongoInvalidArgumentError);
    await expect(noOperators).rejects.toThrow('Update document requires atomic operators');
    await expect(
      c.bulkWrite([{ replaceOne: { filter: {}, replacement: { $set: { x: 1 } } } }]),
    ).rejects.toThrow('Replacement document must not use atomic operators');
    expect(await c.countDocuments()).toBe(0);
  });
});

interface Row {
  _id: number;
  email: string;
  tags?: string[];
  school?: string;
  n?: number;
}

describe('a bulkWrite that fails part way', () => {
  it('leaves every index exact: queries through the planner find what a scan finds', async () => {
    const withIndexes = new MemoryMongoClient('bulk').db().collection<Row>('c');
    const scanning = new MemoryMongoClient('bulk', { useIndexes: false }).db().collection<Row>('c');
    for (const c of [withIndexes, scanning]) {
      await c.createIndex({ email: 1 }, { unique: true });
      await c.createIndex({ tags: 1 });
      await c.createIndex({ school: 1, n: -1 });
      await c.insertMany([
        { _id: 1, email: 'a', tags: ['x', 'y'], school: 's1', n: 1 },
        { _id: 2, email: 'b', tags: ['y'], school: 's1', n: 2 },
        { _id: 3, email: 'c', tags: [], school: 's2', n: 3 },
      ]);
      const error = await failure(
        c.bulkWrite(
          [
            { insertOne: { document: { _id: 4, email: 'a', tags: ['z'] } } },
            { insertOne: { document: { _id: 5, email: 'e', tags: ['z', 'x'], school: 's2', n: 5 } } },
            { updateMany: { filter: { school: 's1' }, update: { $set: { email: 'same' } } } },
            { updateOne: { filter: { _id: 3 }, update: { $push: { tags: 'w' }, $set: { school: 's1' } } } },
            {
              updateOne: {
                filter: { _id: 2 },
                update: { $set: { 'tags.$[t]': 'x' } },
                arrayFilters: [{ t: 'y' }],
              },
            },
            { replaceOne: { filter: { _id: 1 }, replacement: { email: 'e' } } },
            { deleteOne: { filter: { tags: 'z' } } },
            { updateOne: { filter: { _id: 6 }, update: { $set: { email: 'c' } }, upsert: true } },
          ],
          { ordered: false },
        ),
      );
      expect(error).toBeInstanceOf(MongoBulkWriteError);
    }
    const queries = [
      {},
      { email: 'a' },
      { email: 'same' },
      { email: { $gte: 'b' } },
      { tags: 'x' },
      { tags: 'y' },
      { tags: 'z' },
      { tags: 'w' },
      { school: 's1' },
      { school: 's1', n: { $gt: 1 } },
      { _id: { $in: [1, 2, 3, 4, 5, 6] } },
    ];
    for (const query of queries) {
      expect(await withIndexes.find(query).toArray()).toEqual(await scanning.find(query).toArray());
    }
    expect(await withIndexes.find({}).toArray()).toEqual([
      // updateMany changed _id 1 before it failed on _id 2: without a transaction, the change stays.
      { _id: 1, email: 'same', tags: ['x', 'y'], school: 's1', n: 1 },
      { _id: 2, email: 'b', tags: ['x'], school: 's1', n: 2 },
      { _id: 3, email: 'c', tags: ['w'], school: 's1', n: 3 },
    ]);
  });
});
