/**
 * Top-level `$`-prefixed field names: MongoDB 5.0+ stores them on an insert or an upsert's insert,
 * which the engine refuses by name (its filters and paths read a `$` key as an operator), and
 * refuses them (52) on an update of a stored document, as the engine does. Nested ones are stored,
 * except inside `_id`, where MongoDB refuses them (52) at any depth.
 */
import { MongoServerError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { type Document, MemoryEngineUnsupportedError, MemoryMongoClient } from '../../src/index.js';
import { enginesFor, fresh } from '../support/helpers.js';

const engines = await enginesFor('dollar_fields');

describe('top-level $-prefixed field names on the in-process engine', () => {
  const collection = () =>
    new MemoryMongoClient().db('dollar').collection<{ _id?: number; [field: string]: unknown }>('c');
  const idDocuments = () => new MemoryMongoClient().db('dollar').collection<{ _id?: Document }>('c');

  it('refuses an insert holding one by name and stores nothing', async () => {
    const c = collection();
    await expect(c.insertOne({ $price: 50, quantity: 30 })).rejects.toThrow(
      new MemoryEngineUnsupportedError("The top-level $-prefixed field name '$price'"),
    );
    expect(await c.countDocuments()).toBe(0);
  });

  it('refuses by name a pipeline update that makes one (MongoDB stores it; operators get 52)', async () => {
    const c = collection();
    await c.insertOne({ _id: 1, a: 1 });
    const error = await c
      .updateOne({ _id: 1 }, [
        { $replaceWith: { $setField: { field: { $literal: '$price' }, input: '$$ROOT', value: 50 } } },
      ])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MemoryEngineUnsupportedError);
    expect(String(error)).toContain('$price');
    expect(await c.findOne({ _id: 1 })).toEqual({ _id: 1, a: 1 });
  });

  it("names the field of _id in MongoDB's words", async () => {
    await expect(idDocuments().insertOne({ _id: { a: 1, $b: 2 } })).rejects.toThrow(
      "_id fields may not contain '$'-prefixed fields: $b is not valid for storage.",
    );
  });

  it('stores a DBRef-shaped _id ($ref, $id, $db), as MongoDB does', async () => {
    const c = idDocuments();
    await c.insertOne({ _id: { $ref: 'users', $id: 1, $db: 'school' } });
    expect(await c.countDocuments()).toBe(1);
  });

  it('refuses an upsert that would insert one by name', async () => {
    const c = collection();
    const error = await c
      .updateOne({ _id: 5 }, { $set: { $inc: { x: 5 } } }, { upsert: true })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MemoryEngineUnsupportedError);
    expect(await c.countDocuments()).toBe(0);
  });
});

describe.each(engines)('$-prefixed field names on $name', ({ db }) => {
  it('refuses setting one at the top level of a stored document with code 52', async () => {
    const c = await fresh(db, [{ _id: 1, a: 1 }]);
    const error = await c.updateOne({ _id: 1 }, { $set: { $hotel: 320 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MongoServerError);
    expect(error).toMatchObject({ code: 52 });
    expect(await c.findOne({ _id: 1 })).toEqual({ _id: 1, a: 1 });
  });

  it('refuses one anywhere inside _id with code 52, storing nothing', async () => {
    const c = await fresh(db);
    for (const _id of [{ $a: 1 }, { a: { $b: 1 } }, { a: [{ $c: 1 }] }]) {
      const error = await c.insertOne({ _id }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MongoServerError);
      expect(error).toMatchObject({ code: 52 });
      const upsert = await c
        .updateOne({ x: 1 }, { $set: { _id } }, { upsert: true })
        .catch((e: unknown) => e);
      expect(upsert).toMatchObject({ code: 52 });
    }
    expect(await c.countDocuments()).toBe(0);
  });

  it('stores one below the top level', async () => {
    const c = await fresh(db, [{ _id: 1 }]);
    await c.updateOne({ _id: 1 }, { $set: { address: { $street: 'Elm Road' } } });
    await c.insertOne({ _id: 2, location: { $db: 'novels', $inc: true } });
    expect(await c.find({}, { sort: { _id: 1 } }).toArray()).toEqual([
      { _id: 1, address: { $street: 'Elm Road' } },
      { _id: 2, location: { $db: 'novels', $inc: true } },
    ]);
  });
});
