/**
 * The errors an application catches are the driver's own classes on every engine: a duplicate key
 * is a `MongoServerError` with code 11000, `codeName`, `keyPattern` and `keyValue`, so
 * `error instanceof MongoServerError && error.code === 11000` answers alike on MongoDB and here.
 */
import { MongoBulkWriteError, MongoServerError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { MemoryEngineUnsupportedError, MemoryMongoClient, UNSUPPORTED_CODE } from '../../src/index.js';
import { enginesFor, fresh } from '../support/helpers.js';

const engines = await enginesFor('driver_errors');

/** What a typical application does with a write error. */
const statusOf = (error: unknown): number =>
  error instanceof MongoServerError && error.code === 11000 ? 409 : 500;

describe.each(engines)('errors of the driver’s own classes, on $name', ({ db }) => {
  it('raises a duplicate key as a MongoServerError carrying the key', async () => {
    const c = await fresh(db, [{ _id: 1, email: 'ana@example.org', school: 's1' }]);
    await c.createIndex({ school: 1, email: 1 }, { unique: true });
    const error = await c
      .insertOne({ _id: 2, email: 'ana@example.org', school: 's1' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MongoServerError);
    expect(error).toMatchObject({
      code: 11000,
      codeName: 'DuplicateKey',
      keyPattern: { school: 1, email: 1 },
      keyValue: { school: 's1', email: 'ana@example.org' },
    });
    expect(statusOf(error)).toBe(409);
  });

  it('raises a duplicate _id and a duplicate in an update alike', async () => {
    const c = await fresh(db, [
      { _id: 1, n: 1 },
      { _id: 2, n: 2 },
    ]);
    await c.createIndex({ n: 1 }, { unique: true });
    const sameId = await c.insertOne({ _id: 1 }).catch((e: unknown) => e);
    expect(sameId).toBeInstanceOf(MongoServerError);
    expect(sameId).toMatchObject({ code: 11000, keyValue: { _id: 1 } });
    const update = await c.updateOne({ _id: 2 }, { $set: { n: 1 } }).catch((e: unknown) => e);
    expect(statusOf(update)).toBe(409);
    expect(await c.findOne({ _id: 2 })).toEqual({ _id: 2, n: 2 });
  });

  it('raises an ordered insertMany failure as the driver’s MongoBulkWriteError', async () => {
    const c = await fresh(db, [{ _id: 1 }]);
    const docs: Array<{ _id?: unknown; n: number }> = [{ _id: 2, n: 0 }, { _id: 1, n: 1 }, { n: 2 }];
    const error = await c.insertMany(docs).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MongoBulkWriteError);
    expect(error).toBeInstanceOf(MongoServerError);
    if (!(error instanceof MongoBulkWriteError)) return;
    expect(error.name).toBe('MongoBulkWriteError');
    expect(error.code).toBe(11000);
    expect(error.message).toMatch(/E11000 duplicate key error/);
    expect(error.insertedIds).toEqual({ 0: 2 });
    expect(error.insertedCount).toBe(1);
    expect(error.result.insertedIds).toEqual({ 0: 2 });
    expect(error.result.hasWriteErrors()).toBe(true);
    const writeErrors = error.result.getWriteErrors();
    expect(writeErrors.map((w) => [w.index, w.code])).toEqual([[1, 11000]]);
    expect(writeErrors[0]?.getOperation()).toEqual({ _id: 1, n: 1 });
    expect(error.writeErrors).toMatchObject([{ index: 1, code: 11000 }]);
    // The driver gives every document its _id before sending, the one after the failure too.
    expect(docs[2]?._id).toBeDefined();
    expect(await c.find({}, { sort: { _id: 1 } }).toArray()).toEqual([{ _id: 1 }, { _id: 2, n: 0 }]);
  });

  it('raises an unordered insertMany failure after storing every other document', async () => {
    const c = await fresh(db, [{ _id: 1 }]);
    const error = await c
      .insertMany([{ _id: 1 }, { _id: 2 }, { _id: 1 }, { _id: 3 }], { ordered: false })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MongoBulkWriteError);
    if (!(error instanceof MongoBulkWriteError)) return;
    expect(error.code).toBe(11000);
    expect(error.insertedIds).toEqual({ 1: 2, 3: 3 });
    expect(error.insertedCount).toBe(2);
    expect(error.result.getWriteErrors().map((w) => w.index)).toEqual([0, 2]);
    expect(await c.countDocuments()).toBe(3);
  });

  it('raises a server-side refusal with its code and codeName', async () => {
    const c = await fresh(db, [{ a: 1 }]);
    const error = await c
      .find({ a: { $regex: /a/i, $options: 'm' } })
      .toArray()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MongoServerError);
    expect(error).toMatchObject({ code: 51075, codeName: 'Location51075' });
  });
});

describe('what the in-process engine does not support', () => {
  it('is refused with its own class and code, never as a MongoServerError', async () => {
    const c = new MemoryMongoClient().db('errors').collection('c');
    const error = await c
      .aggregate([{ $sample: { size: 1 } }])
      .toArray()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MemoryEngineUnsupportedError);
    expect(error).not.toBeInstanceOf(MongoServerError);
    expect(error).toMatchObject({ name: 'MemoryEngineUnsupportedError', code: UNSUPPORTED_CODE });
    expect(statusOf(error)).toBe(500);
  });
});
