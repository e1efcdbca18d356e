/**
 * The errors an application catches are the driver's own classes on every engine: a duplicate key
 * is a `MongoServerError` with code 11000, `codeName`, `keyPattern` and `keyValue`, so
 * `error instanceof MongoServerError && error.code === 11000` answers alike on MongoDB and here.
 */
import { MongoServerError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { MemoryEngineUnsupportedError, MemoryMongoClient, UNSUPPORTED_CODE } from '../src/index.js';
import { enginesFor, fresh } from './helpers.js';

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

  it('raises insertMany failures as a MongoServerError with the write errors', async () => {
    const c = await fresh(db, [{ _id: 1 }]);
    const error = await c.insertMany([{ _id: 2 }, { _id: 1 }, { _id: 3 }]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MongoServerError);
    expect(error).toMatchObject({
      name: 'MongoBulkWriteError',
      code: 11000,
      writeErrors: [{ index: 1, code: 11000 }],
    });
    expect(await c.countDocuments()).toBe(2);
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
