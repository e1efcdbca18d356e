import { describe, expect, it } from 'vitest';
import { enginesFor, fresh, ids } from '../support/helpers.js';

const engines = await enginesFor('indexes');

const duplicate = (index: string) => ({
  name: expect.stringMatching(/^Mongo(Server|BulkWrite)Error$/),
  code: 11000,
  message: expect.stringMatching(
    new RegExp(`^E11000 duplicate key error collection: \\S+ index: ${index} dup key: `),
  ),
});

describe.each(engines)('indexes on $name', ({ db }) => {
  it('keeps _id unique', async () => {
    const collection = await fresh(db, [{ _id: 1 }]);
    await expect(collection.insertOne({ _id: 1 })).rejects.toMatchObject(duplicate('_id_'));
  });

  it('creates an index by its default name, idempotently, and lists it', async () => {
    const collection = await fresh(db, [{ _id: 1 }]);
    expect(await collection.createIndex({ email: 1 }, { unique: true })).toBe('email_1');
    expect(await collection.createIndex({ email: 1 }, { unique: true })).toBe('email_1');
    expect(await collection.createIndex({ a: 1, b: -1 }, { name: 'ab' })).toBe('ab');
    const indexes = await collection.indexes();
    expect(indexes.map((i) => i.name)).toEqual(['_id_', 'email_1', 'ab']);
    expect(indexes[1]).toMatchObject({ key: { email: 1 }, unique: true });
    await collection.dropIndex('ab');
    expect((await collection.indexes()).map((i) => i.name)).toEqual(['_id_', 'email_1']);
  });

  it('rejects a duplicate on insert with the index name and key, and stores nothing', async () => {
    const collection = await fresh(db, [{ _id: 1, email: 'a@x' }]);
    await collection.createIndex({ email: 1 }, { unique: true });
    const error = await collection.insertOne({ _id: 2, email: 'a@x' }).catch((e: unknown) => e);
    expect(error).toMatchObject(duplicate('email_1'));
    expect((error as Error).message).toContain('dup key: { email: "a@x" }');
    expect(await collection.countDocuments()).toBe(1);
  });

  it('treats missing fields as null: a second document without the field is a duplicate', async () => {
    const collection = await fresh(db, [{ _id: 1 }]);
    await collection.createIndex({ email: 1 }, { unique: true });
    await expect(collection.insertOne({ _id: 2 })).rejects.toMatchObject(duplicate('email_1'));
    await expect(collection.insertOne({ _id: 3, email: null })).rejects.toMatchObject(duplicate('email_1'));
  });

  it('lets a sparse unique index skip documents without the field', async () => {
    const collection = await fresh(db, [{ _id: 1 }]);
    await collection.createIndex({ email: 1 }, { unique: true, sparse: true });
    await collection.insertOne({ _id: 2 });
    await collection.insertOne({ _id: 3, email: 'a' });
    await expect(collection.insertOne({ _id: 4, email: 'a' })).rejects.toMatchObject(duplicate('email_1'));
  });

  it('lets a partial unique index skip documents outside its filter', async () => {
    const collection = await fresh(db);
    await collection.createIndex({ code: 1 }, { unique: true, partialFilterExpression: { active: true } });
    await collection.insertMany([
      { _id: 1, code: 'c', active: false },
      { _id: 2, code: 'c', active: true },
    ]);
    await expect(collection.insertOne({ _id: 3, code: 'c', active: true })).rejects.toMatchObject(
      duplicate('code_1'),
    );
  });

  it('enforces a compound unique index on the combination', async () => {
    const collection = await fresh(db);
    await collection.createIndex({ school: 1, number: 1 }, { unique: true });
    await collection.insertMany([
      { _id: 1, school: 's1', number: 1 },
      { _id: 2, school: 's2', number: 1 },
    ]);
    await expect(collection.insertOne({ _id: 3, school: 's1', number: 1 })).rejects.toMatchObject(
      duplicate('school_1_number_1'),
    );
  });

  it('counts each array element as a key (multikey), on dotted paths too', async () => {
    const collection = await fresh(db);
    await collection.createIndex({ 'contacts.email': 1 }, { unique: true });
    await collection.insertOne({ _id: 1, contacts: [{ email: 'a' }, { email: 'b' }] });
    await collection.insertOne({ _id: 2, contacts: [{ email: 'c' }] });
    await expect(
      collection.insertOne({ _id: 3, contacts: [{ email: 'x' }, { email: 'b' }] }),
    ).rejects.toMatchObject(duplicate('contacts.email_1'));
    // The same value twice inside one document is not a duplicate.
    await collection.insertOne({ _id: 4, contacts: [{ email: 'd' }, { email: 'd' }] });
  });

  it('checks updates and upserts, and leaves the documents unchanged', async () => {
    const collection = await fresh(db, [
      { _id: 1, email: 'a' },
      { _id: 2, email: 'b' },
    ]);
    await collection.createIndex({ email: 1 }, { unique: true });
    await expect(collection.updateOne({ _id: 2 }, { $set: { email: 'a' } })).rejects.toMatchObject(
      duplicate('email_1'),
    );
    await expect(
      collection.updateOne({ _id: 9 }, { $set: { email: 'a' } }, { upsert: true }),
    ).rejects.toMatchObject(duplicate('email_1'));
    await expect(collection.replaceOne({ _id: 2 }, { email: 'a' })).rejects.toMatchObject(
      duplicate('email_1'),
    );
    await expect(collection.findOneAndUpdate({ _id: 2 }, { $set: { email: 'a' } })).rejects.toMatchObject(
      duplicate('email_1'),
    );
    expect(await collection.find({}).toArray()).toEqual([
      { _id: 1, email: 'a' },
      { _id: 2, email: 'b' },
    ]);
    // Setting a document's own value again is fine.
    await collection.updateOne({ _id: 1 }, { $set: { email: 'a', n: 1 } });
  });

  it('frees the key a document held before an update, and holds its new one, on every write path', async () => {
    const collection = await fresh(db, [
      { _id: 1, email: 'a', tags: ['x', 'y'] },
      { _id: 2, email: 'b' },
    ]);
    await collection.createIndex({ email: 1 }, { unique: true });
    await collection.createIndex({ tags: 1 }, { unique: true, sparse: true });
    await collection.updateOne({ _id: 1 }, { $set: { email: 'c', tags: ['z'] } });
    // The old keys are free: another document can take them…
    await collection.updateOne({ _id: 2 }, { $set: { email: 'a', tags: ['x'] } });
    // …and the new ones are held.
    await expect(collection.insertOne({ _id: 3, email: 'c' })).rejects.toMatchObject(duplicate('email_1'));
    await expect(collection.insertOne({ _id: 3, tags: ['y', 'z'] })).rejects.toMatchObject(
      duplicate('tags_1'),
    );
    await collection.findOneAndUpdate({ _id: 1 }, { $set: { email: 'd' } });
    await collection.replaceOne({ _id: 2 }, { email: 'e' });
    await collection.insertOne({ _id: 3, email: 'a', tags: ['x', 'y'] });
    await collection.insertOne({ _id: 4, email: 'c' });
    await collection.deleteOne({ _id: 1 });
    await collection.insertOne({ _id: 5, email: 'd', tags: ['z'] });
    expect(await collection.find({}).sort({ _id: 1 }).toArray()).toEqual([
      { _id: 2, email: 'e' },
      { _id: 3, email: 'a', tags: ['x', 'y'] },
      { _id: 4, email: 'c' },
      { _id: 5, email: 'd', tags: ['z'] },
    ]);
  });

  it('refuses arrays in two fields of a compound index, on insert and update, and stores nothing', async () => {
    const collection = await fresh(db, [{ _id: 1, a: [1, 2], b: 1 }]);
    await collection.createIndex({ a: 1, b: 1 });
    const parallel = { code: 171, message: expect.stringMatching(/^cannot index parallel arrays \[/) };
    await expect(collection.insertOne({ _id: 2, a: [1], b: [2] })).rejects.toMatchObject(parallel);
    await expect(collection.updateOne({ _id: 1 }, { $set: { b: [3, 4] } })).rejects.toMatchObject(parallel);
    await expect(collection.findOneAndUpdate({ _id: 1 }, { $set: { b: [] } })).rejects.toMatchObject(
      parallel,
    );
    expect(await collection.find({}).toArray()).toEqual([{ _id: 1, a: [1, 2], b: 1 }]);
    // One array per document is a multikey index, whichever field holds it.
    await collection.insertOne({ _id: 3, a: 1, b: [1, 2] });
  });

  it('pairs the paths inside one array element by element in a compound unique index', async () => {
    // MongoDB's keys for {'a.b': 1, 'a.c': 1} over a: [{b: 1, c: 2}, {b: 3, c: 4}] are (1, 2) and
    // (3, 4); (1, 4) is no key of that document, so another document may hold it.
    const collection = await fresh(db, [
      {
        _id: 1,
        a: [
          { b: 1, c: 2 },
          { b: 3, c: 4 },
        ],
      },
    ]);
    await collection.createIndex({ 'a.b': 1, 'a.c': 1 }, { unique: true });
    await collection.insertOne({ _id: 2, a: [{ b: 1, c: 4 }] });
    await expect(collection.insertOne({ _id: 3, a: { b: 3, c: 4 } })).rejects.toMatchObject(
      duplicate('a.b_1_a.c_1'),
    );
    expect(ids(await collection.find({}).sort({ _id: 1 }).toArray())).toEqual([1, 2]);
  });

  it('refuses two paths that meet different arrays, also along a dotted path', async () => {
    const collection = await fresh(db, [{ _id: 1, a: [{ b: 1, c: 1 }], d: 1 }]);
    await collection.createIndex({ 'a.b': 1, d: 1 });
    await collection.createIndex({ 'a.b': 1, 'a.c': 1 });
    // `a` is an array on the way to `a.b`, and `d` is another array.
    await expect(collection.insertOne({ _id: 2, a: [{ b: 1 }], d: [2] })).rejects.toMatchObject({
      code: 171,
    });
    // `b` and `c` are two arrays inside one element of `a`.
    await expect(collection.insertOne({ _id: 3, a: [{ b: [1], c: [2] }] })).rejects.toMatchObject({
      code: 171,
    });
    await expect(collection.updateOne({ _id: 1 }, { $set: { d: [1, 2] } })).rejects.toMatchObject({
      code: 171,
    });
    // Both paths inside the one array `a` are fine, as is one array per document.
    await collection.insertOne({ _id: 4, a: [{ b: 1, c: 2 }, { b: 3 }], d: 5 });
    await collection.insertOne({ _id: 5, a: { b: 1, c: 2 }, d: [1, 2] });
    expect(ids(await collection.find({}).sort({ _id: 1 }).toArray())).toEqual([1, 4, 5]);
  });

  it('refuses to create a compound index over a document with parallel arrays', async () => {
    const collection = await fresh(db, [{ _id: 1, a: [1], b: [2] }]);
    await expect(collection.createIndex({ a: 1, b: 1 })).rejects.toMatchObject({ code: 171 });
    expect((await collection.indexes()).map((i) => i.name)).toEqual(['_id_']);
  });

  it('lets a partial compound index skip a document with parallel arrays outside its filter', async () => {
    const collection = await fresh(db, []);
    await collection.createIndex({ a: 1, b: 1 }, { partialFilterExpression: { kept: true } });
    await collection.insertOne({ _id: 1, a: [1], b: [2], kept: false });
    await expect(collection.insertOne({ _id: 2, a: [1], b: [2], kept: true })).rejects.toMatchObject({
      code: 171,
    });
    await expect(collection.updateOne({ _id: 1 }, { $set: { kept: true } })).rejects.toMatchObject({
      code: 171,
    });
    expect(ids(await collection.find({}).toArray())).toEqual([1]);
  });

  it('stops an ordered insertMany at the first duplicate, keeping the earlier documents', async () => {
    const collection = await fresh(db, [{ _id: 2 }]);
    await expect(collection.insertMany([{ _id: 1 }, { _id: 2 }, { _id: 3 }])).rejects.toMatchObject(
      duplicate('_id_'),
    );
    expect(ids(await collection.find({}).sort({ _id: 1 }).toArray())).toEqual([1, 2]);
  });

  it('goes on after a duplicate in an unordered insertMany', async () => {
    const collection = await fresh(db, [{ _id: 2 }]);
    await expect(
      collection.insertMany([{ _id: 1 }, { _id: 2 }, { _id: 3 }], { ordered: false }),
    ).rejects.toMatchObject({ code: 11000 });
    expect(ids(await collection.find({}).sort({ _id: 1 }).toArray())).toEqual([1, 2, 3]);
  });

  it('refuses to create a unique index over existing duplicates', async () => {
    const collection = await fresh(db, [
      { _id: 1, e: 'a' },
      { _id: 2, e: 'a' },
    ]);
    await expect(collection.createIndex({ e: 1 }, { unique: true })).rejects.toMatchObject({ code: 11000 });
    expect((await collection.indexes()).map((i) => i.name)).toEqual(['_id_']);
  });

  it('refuses the same name for a different key, and dropping _id_', async () => {
    const collection = await fresh(db, [{ _id: 1 }]);
    await collection.createIndex({ a: 1 }, { name: 'x' });
    await expect(collection.createIndex({ b: 1 }, { name: 'x' })).rejects.toMatchObject({
      name: 'MongoServerError',
    });
    await expect(collection.dropIndex('_id_')).rejects.toMatchObject({ name: 'MongoServerError', code: 72 });
    await expect(collection.dropIndex('nope')).rejects.toMatchObject({ name: 'MongoServerError', code: 27 });
  });
});
