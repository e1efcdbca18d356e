/**
 * An index path through an array position that is also a field of an element names two values:
 * MongoDB's error 16746, on createIndex over stored documents and on a write under the index. A
 * position past the array's end reads that field of each element instead.
 */
import { MongoServerError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { enginesFor, fresh } from '../support/helpers.js';

const engines = await enginesFor('index_positions');

describe.each(engines)('index keys through array positions on $name', ({ db }) => {
  it('refuses a non-unique index whose position is also a field of an element', async () => {
    const c = await fresh(db, [{ _id: 0, a: [2, { '0': 3 }] }]);
    const error = await c.createIndex({ 'a.0': 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MongoServerError);
    expect(error).toMatchObject({ code: 16746 });
    expect(String((error as Error).message)).toMatch(/^Ambiguous field name found in array/);
    expect(await c.indexes()).toHaveLength(1);
  });

  it('refuses a write under such an index, and keeps the collection as it was', async () => {
    const c = await fresh(db, [{ _id: 1, a: [{ x: 1 }] }]);
    await c.createIndex({ 'a.0': 1 }, { unique: true });
    await expect(c.insertOne({ _id: 2, a: [{ '0': 1 }] })).rejects.toMatchObject({ code: 16746 });
    await expect(c.updateOne({ _id: 1 }, { $set: { 'a.0': { '0': 5 } } })).rejects.toMatchObject({
      code: 16746,
    });
    expect(await c.find().toArray()).toEqual([{ _id: 1, a: [{ x: 1 }] }]);
  });

  it('keys a position past the end by that field of each element', async () => {
    const c = await fresh(db, [{ _id: 1, a: [{ '1': 'x' }] }]);
    await c.createIndex({ 'a.1': 1 }, { unique: true });
    await expect(c.insertOne({ _id: 2, a: [{ '1': 'x' }] })).rejects.toMatchObject({ code: 11000 });
    await c.insertOne({ _id: 3, a: [{ '1': 'y' }] });
    expect(await c.countDocuments()).toBe(2);
  });
});
