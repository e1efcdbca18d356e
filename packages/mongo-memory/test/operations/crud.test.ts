import { Binary, Decimal128, Long, ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { enginesFor, fresh, ids } from '../support/helpers.js';

const engines = await enginesFor('crud');

describe.each(engines)('reads and writes on $name', ({ db, inProcess }) => {
  it('inserts one document, giving it an ObjectId _id first, and on the caller object', async () => {
    const collection = await fresh(db);
    const doc: Record<string, unknown> = { name: 'Ann' };
    const result = await collection.insertOne(doc);
    expect(result.acknowledged).toBe(true);
    expect(result.insertedId).toBeInstanceOf(ObjectId);
    expect(doc._id).toEqual(result.insertedId);
    const stored = await collection.findOne({});
    expect(Object.keys(stored ?? {})).toEqual(['_id', 'name']);
  });

  it('a null _id: insertOne and insertMany store an ObjectId instead, as the driver gives one before sending', async () => {
    const collection = await fresh(db);
    const one: Record<string, unknown> = { _id: null, name: 'Ann' };
    const { insertedId } = await collection.insertOne(one);
    expect(insertedId).toBeInstanceOf(ObjectId);
    expect(one._id).toEqual(insertedId);
    const many = await collection.insertMany([{ _id: null }, { _id: undefined }]);
    expect(Object.values(many.insertedIds).every((id) => id instanceof ObjectId)).toBe(true);
    expect(await collection.countDocuments({ _id: null })).toBe(0);
    expect(await collection.countDocuments({ _id: { $type: 'objectId' } })).toBe(3);
  });

  it('inserts many documents and reports their ids by position', async () => {
    const collection = await fresh(db);
    const result = await collection.insertMany([{ _id: 'a' }, { _id: 'b' }]);
    expect(result).toMatchObject({ acknowledged: true, insertedCount: 2, insertedIds: { 0: 'a', 1: 'b' } });
  });

  it('copies documents on the way in: later changes by the caller do not leak in', async () => {
    const collection = await fresh(db);
    const doc = { _id: 1, tags: ['a'], nested: { n: 1 }, when: new Date(1000) };
    await collection.insertOne(doc);
    doc.tags.push('b');
    doc.nested.n = 2;
    doc.when.setTime(5000);
    expect(await collection.findOne({ _id: 1 })).toEqual({
      _id: 1,
      tags: ['a'],
      nested: { n: 1 },
      when: new Date(1000),
    });
  });

  it('copies documents on the way out: changing a result does not change the store', async () => {
    const collection = await fresh(db, [{ _id: 1, tags: ['a'], nested: { n: 1 } }]);
    const found = await collection.findOne({ _id: 1 });
    (found!.tags as string[]).push('x');
    (found!.nested as { n: number }).n = 9;
    const [listed] = await collection.find({}).toArray();
    (listed!.tags as string[]).push('y');
    expect(await collection.findOne({ _id: 1 })).toEqual({ _id: 1, tags: ['a'], nested: { n: 1 } });
  });

  it('keeps bson types: ObjectId, Date, RegExp, Decimal128, Long, Binary', async () => {
    const oid = new ObjectId();
    const collection = await fresh(db);
    await collection.insertOne({
      _id: 1,
      oid,
      date: new Date(42),
      re: /ab+c/i,
      dec: Decimal128.fromString('1.10'),
      long: Long.fromString('9007199254740993'),
      bin: new Binary(Buffer.from('hi')),
    });
    const doc = await collection.findOne({ _id: 1 }, { projection: { _id: 0 } });
    expect(doc?.oid).toBeInstanceOf(ObjectId);
    expect((doc!.oid as ObjectId).equals(oid)).toBe(true);
    expect(doc?.date).toEqual(new Date(42));
    expect(doc?.re).toBeInstanceOf(RegExp);
    expect(String(doc?.re)).toBe('/ab+c/i');
    expect(String(doc?.dec)).toBe('1.10');
    expect(String(doc?.long)).toBe('9007199254740993');
    expect(Buffer.from((doc!.bin as Binary).buffer).toString()).toBe('hi');
  });

  it('finds with projection, sort, skip and limit as options or chained', async () => {
    const collection = await fresh(
      db,
      [3, 1, 2, 5, 4].map((n) => ({ _id: n, n, other: 'x' })),
    );
    const options = await collection
      .find({ n: { $gte: 2 } }, { projection: { other: 0 }, sort: { n: -1 }, skip: 1, limit: 2 })
      .toArray();
    expect(options).toEqual([
      { _id: 4, n: 4 },
      { _id: 3, n: 3 },
    ]);
    const chained = await collection
      .find({ n: { $gte: 2 } })
      .project({ other: 0 })
      .sort({ n: -1 })
      .skip(1)
      .limit(2)
      .toArray();
    expect(chained).toEqual(options);
  });

  it('iterates a find cursor asynchronously', async () => {
    const collection = await fresh(db, [{ _id: 1 }, { _id: 2 }]);
    const seen: unknown[] = [];
    for await (const doc of collection.find({})) seen.push(doc._id);
    expect(seen).toEqual([1, 2]);
  });

  it('projects $elemMatch in find as the first matching element only', async () => {
    const collection = await fresh(db, [
      {
        _id: 1,
        name: 'x',
        grades: [
          { g: 1, ok: false },
          { g: 2, ok: true },
          { g: 3, ok: true },
        ],
      },
    ]);
    const doc = await collection.findOne({}, { projection: { grades: { $elemMatch: { ok: true } } } });
    expect(doc).toEqual({ _id: 1, grades: [{ g: 2, ok: true }] });
  });

  it('descends into arrays nested in arrays in a find projection', async () => {
    const collection = await fresh(db, [{ _id: 1, a: [[{ b: 1, c: 2 }], { b: 2, c: 3 }] }]);
    expect(await collection.findOne({}, { projection: { _id: 0, 'a.b': 1 } })).toEqual({
      a: [[{ b: 1 }], { b: 2 }],
    });
    expect(await collection.findOne({}, { projection: { _id: 0, 'a.b': 0 } })).toEqual({
      a: [[{ c: 2 }], { c: 3 }],
    });
  });

  it('projects $slice in find', async () => {
    const collection = await fresh(db, [{ _id: 1, a: [1, 2, 3, 4], b: 1 }]);
    expect(await collection.findOne({}, { projection: { a: { $slice: 2 } } })).toEqual({
      _id: 1,
      a: [1, 2],
      b: 1,
    });
    expect(await collection.findOne({}, { projection: { a: { $slice: -1 } } })).toEqual({
      _id: 1,
      a: [4],
      b: 1,
    });
    expect(await collection.findOne({}, { projection: { a: { $slice: [1, 2] } } })).toEqual({
      _id: 1,
      a: [2, 3],
      b: 1,
    });
  });

  it.each([
    ['mixing exclusion into inclusion', { a: 1, b: 0 }, 31254],
    ['mixing inclusion into exclusion', { b: 0, a: 1 }, 31253],
    ['a path and its parent', { a: 1, 'a.b': 1 }, 31250],
  ])('rejects a find projection %s', async (_d, projection, code) => {
    const collection = await fresh(db, [{ _id: 1, a: { b: 1 }, b: 2 }]);
    await expect(collection.find({}, { projection }).toArray()).rejects.toMatchObject({
      name: 'MongoServerError',
      code,
    });
  });

  it('accepts a find projection excluding _id from an inclusion', async () => {
    const collection = await fresh(db, [{ _id: 1, a: 1, b: 2 }]);
    expect(await collection.findOne({}, { projection: { _id: 0, a: 1 } })).toEqual({ a: 1 });
  });

  it('counts documents, estimates the count and lists distinct values (array elements each)', async () => {
    const collection = await fresh(db, [
      { _id: 1, t: ['a', 'b'] },
      { _id: 2, t: 'b' },
      { _id: 3, t: null },
      { _id: 4 },
    ]);
    expect(await collection.countDocuments()).toBe(4);
    expect(await collection.countDocuments({ t: 'b' })).toBe(2);
    expect(await collection.estimatedDocumentCount()).toBe(4);
    expect(((await collection.distinct('t', {})) as unknown[]).map(String).sort()).toEqual([
      'a',
      'b',
      'null',
    ]);
    expect(await collection.distinct('t', { _id: 2 })).toEqual(['b']);
  });

  it('replaces one document, keeping its _id', async () => {
    const collection = await fresh(db, [{ _id: 1, a: 1, b: 1 }]);
    const result = await collection.replaceOne({ _id: 1 }, { a: 2 });
    expect(result).toMatchObject({ matchedCount: 1, modifiedCount: 1, upsertedCount: 0, upsertedId: null });
    expect(await collection.findOne({ _id: 1 })).toEqual({ _id: 1, a: 2 });
  });

  it('upserts with replaceOne, taking _id from the filter', async () => {
    const collection = await fresh(db);
    const result = await collection.replaceOne({ _id: 'k' }, { a: 1 }, { upsert: true });
    expect(result).toMatchObject({ matchedCount: 0, modifiedCount: 0, upsertedCount: 1, upsertedId: 'k' });
    expect(await collection.findOne({ _id: 'k' })).toEqual({ _id: 'k', a: 1 });
  });

  it('deletes one and many', async () => {
    const collection = await fresh(db, [
      { _id: 1, k: 1 },
      { _id: 2, k: 1 },
      { _id: 3, k: 2 },
    ]);
    expect(await collection.deleteOne({ k: 1 })).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(ids(await collection.find({}).toArray())).toEqual([2, 3]);
    expect(await collection.deleteMany({})).toEqual({ acknowledged: true, deletedCount: 2 });
  });

  it('finds one and deletes it, in sort order', async () => {
    const collection = await fresh(db, [
      { _id: 1, n: 2 },
      { _id: 2, n: 1 },
    ]);
    expect(await collection.findOneAndDelete({}, { sort: { n: 1 } })).toEqual({ _id: 2, n: 1 });
    expect(await collection.findOneAndDelete({ n: 9 })).toBeNull();
    expect(await collection.countDocuments()).toBe(1);
  });

  it('lists collections once written, drops a collection and the database', async () => {
    const collection = await fresh(db, [{ _id: 1 }]);
    const names = (await db.listCollections().toArray()).map((c) => c.name);
    expect(names).toContain(collection.collectionName);
    expect(await collection.drop()).toBe(true);
    expect((await db.listCollections().toArray()).map((c) => c.name)).not.toContain(
      collection.collectionName,
    );
    expect(await collection.countDocuments()).toBe(0);
  });

  it.runIf(inProcess)('rejects what it does not support by name', async () => {
    const collection = await fresh(db, [{ _id: 1 }]);
    expect(() => collection.find({}, { collation: { locale: 'fr' } })).toThrow(/collation/);
    await expect(collection.find({ $text: { $search: 'x' } }).toArray()).rejects.toThrow(/\$text/);
  });
});
