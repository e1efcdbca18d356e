import { Decimal128, ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { enginesFor, fresh, ids } from './helpers.js';

const engines = await enginesFor('sort');

// MongoDB's own example (DOCS-2760): arrays sort by their smallest element ascending, by their
// largest descending; an empty array sorts before a missing field; ties keep their order.
const arrays = [{ _id: 1 }, { _id: 2, a: 1 }, { _id: 3, a: [] }, { _id: 4, a: [1] }, { _id: 5, a: [0, 1] }];

describe.each(engines)('sorting on $name', ({ db }) => {
  it.each([
    ['ascending by the smallest element', { a: 1, _id: 1 }, [3, 1, 5, 2, 4]],
    ['descending by the largest element', { a: -1, _id: 1 }, [2, 4, 5, 1, 3]],
  ])('sorts array fields %s in find', async (_d, sort, expected) => {
    const collection = await fresh(db, arrays);
    expect(ids(await collection.find({}).sort(sort).toArray())).toEqual(expected);
    expect(ids(await collection.find({}, { sort }).toArray())).toEqual(expected);
  });

  it.each([
    ['ascending', { a: 1, _id: 1 }, [3, 1, 5, 2, 4]],
    ['descending', { a: -1, _id: 1 }, [2, 4, 5, 1, 3]],
  ])('sorts array fields %s in the $sort stage', async (_d, sort, expected) => {
    const collection = await fresh(db, arrays);
    expect(ids(await collection.aggregate([{ $sort: sort }]).toArray())).toEqual(expected);
  });

  it('sorts on a dotted path through an array of documents', async () => {
    const collection = await fresh(db, [
      { _id: 1, y: [{ n: 5 }, { n: 1 }] },
      { _id: 2, y: [{ n: 3 }] },
      { _id: 3, y: [{ n: 4 }, { n: 2 }] },
    ]);
    expect(ids(await collection.find({}).sort({ 'y.n': 1 }).toArray())).toEqual([1, 3, 2]);
    expect(ids(await collection.find({}).sort({ 'y.n': -1 }).toArray())).toEqual([1, 3, 2]);
  });

  it('orders values of different types in BSON order', async () => {
    const oid = new ObjectId('64b7f0000000000000000001');
    const values = [
      true,
      'b',
      2,
      { x: 1 },
      new Date(0),
      null,
      oid,
      [5],
      1.5,
      'a',
      Decimal128.fromString('1.75'),
    ];
    const collection = await fresh(
      db,
      values.map((v, i) => ({ _id: i, v })),
    );
    const sorted = await collection.find({}, { sort: { v: 1 } }).toArray();
    // null < numbers (1.5 < 1.75 < 2 < [5], which sorts as its element 5) < strings < objects < ObjectId < bool < Date
    expect(ids(sorted)).toEqual([5, 8, 10, 2, 7, 9, 1, 3, 6, 0, 4]);
  });

  it('compares strings by code point, without collation', async () => {
    const collection = await fresh(db, [
      { _id: 1, s: 'b' },
      { _id: 2, s: 'B' },
      { _id: 3, s: 'a' },
      { _id: 4, s: 'é' },
    ]);
    expect(ids(await collection.find({}).sort({ s: 1 }).toArray())).toEqual([2, 3, 1, 4]);
  });

  it('keeps ties in their order and honours the key order of the sort', async () => {
    const collection = await fresh(db, [
      { _id: 1, a: 1, b: 2 },
      { _id: 2, a: 2, b: 1 },
      { _id: 3, a: 1, b: 1 },
    ]);
    expect(ids(await collection.find({}).sort({ a: 1, b: 1 }).toArray())).toEqual([3, 1, 2]);
    expect(ids(await collection.find({}).sort({ b: 1, a: 1 }).toArray())).toEqual([3, 2, 1]);
  });

  it('sorts before skipping and limiting, in find and in the pipeline', async () => {
    const collection = await fresh(
      db,
      [5, 3, 9, 1, 7].map((n) => ({ _id: n, tags: [n, 100 - n] })),
    );
    const found = await collection.find({}).sort({ tags: 1 }).skip(1).limit(2).toArray();
    expect(ids(found)).toEqual([3, 5]);
    const piped = await collection
      .aggregate([{ $sort: { tags: -1 } }, { $skip: 1 }, { $limit: 2 }])
      .toArray();
    expect(ids(piped)).toEqual([3, 5]);
  });
});
