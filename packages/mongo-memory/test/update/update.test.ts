import { describe, expect, it } from 'vitest';
import { enginesFor, fresh } from '../support/helpers.js';

const engines = await enginesFor('update');

type Doc = Record<string, unknown>;

/** [description, document, update, MongoDB's result]. */
const cases: Array<[string, Doc, Doc | Doc[], Doc]> = [
  [
    '$set and $unset, dotted',
    { _id: 1, a: 1, b: { c: 1, d: 1 } },
    { $set: { 'b.c': 2, 'x.y': 1 }, $unset: { a: '', 'b.d': 1 } },
    { _id: 1, b: { c: 2 }, x: { y: 1 } },
  ],
  [
    '$set of an array index pads with null',
    { _id: 1, a: [1] },
    { $set: { 'a.3': 9 } },
    { _id: 1, a: [1, null, null, 9] },
  ],
  ['$inc a missing field sets it', { _id: 1 }, { $inc: { n: 2 } }, { _id: 1, n: 2 }],
  ['$inc and $mul', { _id: 1, n: 2, m: 3 }, { $inc: { n: -1 }, $mul: { m: 2 } }, { _id: 1, n: 1, m: 6 }],
  ['$min and $max', { _id: 1, lo: 5, hi: 5 }, { $min: { lo: 3 }, $max: { hi: 4 } }, { _id: 1, lo: 3, hi: 5 }],
  [
    '$push with $each, $sort and $slice',
    { _id: 1, a: [3] },
    { $push: { a: { $each: [1, 2], $sort: 1, $slice: 2 } } },
    { _id: 1, a: [1, 2] },
  ],
  ['$push to a missing field creates the array', { _id: 1 }, { $push: { a: 1 } }, { _id: 1, a: [1] }],
  [
    '$addToSet with $each skips present values',
    { _id: 1, a: [1, { x: 1 }] },
    { $addToSet: { a: { $each: [1, 2, 2, { x: 1 }] } } },
    { _id: 1, a: [1, { x: 1 }, 2] },
  ],
  ['$pull by condition', { _id: 1, a: [1, 5, 7] }, { $pull: { a: { $gt: 4 } } }, { _id: 1, a: [1] }],
  [
    '$pull documents by a query',
    { _id: 1, a: [{ x: 1, y: 1 }, { x: 2 }] },
    { $pull: { a: { x: 1 } } },
    { _id: 1, a: [{ x: 2 }] },
  ],
  ['$pullAll', { _id: 1, a: [1, 2, 1, 3] }, { $pullAll: { a: [1, 3] } }, { _id: 1, a: [2] }],
  ['$pop', { _id: 1, a: [1, 2, 3] }, { $pop: { a: -1 } }, { _id: 1, a: [2, 3] }],
  ['$rename', { _id: 1, a: 1 }, { $rename: { a: 'b.c' } }, { _id: 1, b: { c: 1 } }],
  [
    '$set on every element with $[]',
    { _id: 1, a: [{ n: 1 }, { n: 2 }] },
    { $set: { 'a.$[].n': 0 } },
    { _id: 1, a: [{ n: 0 }, { n: 0 }] },
  ],
  [
    '$setOnInsert does nothing on an update',
    { _id: 1, a: 1 },
    { $setOnInsert: { a: 2 }, $set: { b: 1 } },
    { _id: 1, a: 1, b: 1 },
  ],
  ['an empty $set changes nothing', { _id: 1, a: 1 }, { $set: {} }, { _id: 1, a: 1 }],
  [
    'a pipeline update',
    { _id: 1, a: 1, b: 2 },
    [{ $set: { a: { $add: ['$a', '$b'] } } }, { $unset: 'b' }],
    { _id: 1, a: 3 },
  ],
  [
    'a pipeline update with $replaceWith keeps _id',
    { _id: 1, a: { x: 1 } },
    [{ $replaceWith: '$a' }],
    { _id: 1, x: 1 },
  ],
];

/** [description, document, update, error code]. */
const rejected: Array<[string, Doc, Doc | Doc[], number]> = [
  ['$inc of a string', { _id: 1, a: 'x' }, { $inc: { a: 1 } }, 14],
  ['$inc by a string', { _id: 1, a: 1 }, { $inc: { a: 'x' } }, 14],
  ['$push onto a non-array', { _id: 1, a: 1 }, { $push: { a: 1 } }, 2],
  ['$addToSet onto a non-array', { _id: 1, a: 1 }, { $addToSet: { a: 1 } }, 2],
  ['$set through a scalar', { _id: 1, a: 1 }, { $set: { 'a.b': 1 } }, 28],
  ['$set of a named field in an array', { _id: 1, a: [{ b: 1 }] }, { $set: { 'a.b': 2 } }, 28],
  ['two operators on one path', { _id: 1, a: 1 }, { $set: { a: 1 }, $inc: { a: 1 } }, 40],
  ['a path and its parent', { _id: 1, a: { b: 1 } }, { $set: { a: 1, 'a.b': 2 } }, 40],
  ['changing _id', { _id: 1 }, { $set: { _id: 2 } }, 66],
  ['changing _id in a pipeline', { _id: 1 }, [{ $set: { _id: 2 } }], 66],
  ['an unknown update operator', { _id: 1 }, { $foo: { a: 1 } }, 9],
  ['an operator with a non-document argument', { _id: 1 }, { $set: 1 }, 9],
];

describe.each(engines)('updates on $name', ({ db }) => {
  it.each(cases)('%s', async (_d, doc, update, expected) => {
    const collection = await fresh(db, [doc]);
    await collection.updateOne({ _id: doc._id }, update);
    expect(await collection.findOne({ _id: doc._id })).toEqual(expected);
  });

  it.each(rejected)('rejects %s and leaves the document as it was', async (_d, doc, update, code) => {
    const collection = await fresh(db, [doc]);
    await expect(collection.updateOne({ _id: doc._id }, update)).rejects.toMatchObject({
      name: 'MongoServerError',
      code,
    });
    expect(await collection.findOne({ _id: doc._id })).toEqual(doc);
  });

  it('rejects an update document without operators before sending it', async () => {
    const collection = await fresh(db, [{ _id: 1 }]);
    await expect(collection.updateOne({ _id: 1 }, { a: 1 })).rejects.toThrow(/atomic operators/);
  });

  it('reports matched and modified counts', async () => {
    const collection = await fresh(db, [
      { _id: 1, a: 1 },
      { _id: 2, a: 2 },
      { _id: 3, a: 1 },
    ]);
    expect(await collection.updateMany({ a: { $gte: 1 } }, { $set: { a: 1 } })).toEqual({
      acknowledged: true,
      matchedCount: 3,
      modifiedCount: 1,
      upsertedCount: 0,
      upsertedId: null,
    });
    expect(await collection.updateOne({ a: 9 }, { $set: { a: 1 } })).toMatchObject({
      matchedCount: 0,
      modifiedCount: 0,
    });
  });

  it('upserts from the filter equalities, applying $setOnInsert and giving an ObjectId', async () => {
    const collection = await fresh(db);
    const result = await collection.updateOne(
      { code: 'x', 'meta.kind': 'k', n: { $gt: 1 } },
      { $set: { a: 1 }, $setOnInsert: { created: true } },
      { upsert: true },
    );
    expect(result).toMatchObject({ matchedCount: 0, modifiedCount: 0, upsertedCount: 1 });
    const doc = await collection.findOne({ _id: result.upsertedId });
    expect(doc).toEqual({ _id: result.upsertedId, code: 'x', meta: { kind: 'k' }, a: 1, created: true });
  });

  it('upserts with a pipeline update', async () => {
    const collection = await fresh(db);
    const result = await collection.updateOne({ _id: 'p' }, [{ $set: { n: { $ifNull: ['$n', 0] } } }], {
      upsert: true,
    });
    expect(result.upsertedId).toBe('p');
    expect(await collection.findOne({ _id: 'p' })).toEqual({ _id: 'p', n: 0 });
  });

  it('sets $currentDate to a date', async () => {
    const collection = await fresh(db, [{ _id: 1 }]);
    const before = Date.now();
    await collection.updateOne({ _id: 1 }, { $currentDate: { at: true } });
    const at = (await collection.findOne({ _id: 1 }))?.at as Date;
    expect(at).toBeInstanceOf(Date);
    expect(at.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('finds one and updates it, returning the document before or after', async () => {
    const collection = await fresh(db, [{ _id: 1, n: 1 }]);
    expect(await collection.findOneAndUpdate({ _id: 1 }, { $inc: { n: 1 } })).toEqual({ _id: 1, n: 1 });
    expect(
      await collection.findOneAndUpdate({ _id: 1 }, { $inc: { n: 1 } }, { returnDocument: 'after' }),
    ).toEqual({ _id: 1, n: 3 });
    expect(await collection.findOneAndUpdate({ _id: 2 }, { $inc: { n: 1 } })).toBeNull();
  });

  it('finds one and updates it by sort, with a projection, and upserts', async () => {
    const collection = await fresh(db, [
      { _id: 1, n: 2, x: 1 },
      { _id: 2, n: 1, x: 1 },
    ]);
    const updated = await collection.findOneAndUpdate(
      {},
      { $set: { picked: true } },
      { sort: { n: 1 }, returnDocument: 'after', projection: { x: 0 } },
    );
    expect(updated).toEqual({ _id: 2, n: 1, picked: true });
    const upserted = await collection.findOneAndUpdate(
      { _id: 3 },
      { $set: { n: 3 } },
      { upsert: true, returnDocument: 'after' },
    );
    expect(upserted).toEqual({ _id: 3, n: 3 });
    expect(await collection.findOneAndUpdate({ _id: 4 }, { $set: { n: 4 } }, { upsert: true })).toBeNull();
  });
});
