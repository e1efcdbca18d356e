import { Decimal128, ObjectId } from 'bson';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalKey, compareValues } from '../../src/bson/order.js';
import { enginesFor, fresh, ids } from '../support/helpers.js';

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

  it('refuses to sort on two keys that reach different arrays of one document, as MongoDB does', async () => {
    // jstests/core/query/sort/sort_dotted_paths_parallel_arrays.js: even empty arrays count.
    const parallel = [
      [
        { _id: 1, a: [], b: [] },
        { a: 1, b: 1 },
      ],
      [
        { _id: 1, a: { b: [1, 2], c: [3, 4] } },
        { 'a.b': 1, 'a.c': 1 },
      ],
      [
        { _id: 1, a: { b: [1, 2] }, c: { d: [3, 4] } },
        { 'a.b': 1, 'c.d': 1 },
      ],
      [
        { _id: 1, y: [{ n: 1 }], z: [{ m: 2 }] },
        { 'y.n': 1, _id: 1, 'z.m': -1 },
      ],
    ] as const;
    for (const [doc, sort] of parallel) {
      const collection = await fresh(db, [{ _id: 0 }, doc]);
      const error = {
        name: 'MongoServerError',
        code: 2,
        message: 'cannot sort with keys that are parallel arrays',
      };
      await expect(collection.find({}).sort(sort).toArray()).rejects.toMatchObject(error);
      await expect(collection.aggregate([{ $sort: sort }]).toArray()).rejects.toMatchObject(error);
    }
  });

  it('sorts on keys inside the same array, and on arrays that no one document holds together', async () => {
    // jstests/core/query/sort/sort_dotted_paths.js: {"a.c": 1, "a.b": 1} and {"a.c": 1, a: 1}.
    // One element per array: the order does not depend on how the keys of one element pair up.
    const collection = await fresh(db, [
      { _id: 1, a: [{ b: 4, c: 1 }] },
      { _id: 2, a: [{ b: 2, c: 1 }] },
      { _id: 3, a: [{ b: 6, c: 0 }] },
      { _id: 4, a: 1, d: [5] },
    ]);
    expect(ids(await collection.find({}).sort({ 'a.c': 1, 'a.b': 1, _id: 1 }).toArray())).toEqual([
      4, 3, 2, 1,
    ]);
    expect(ids(await collection.find({}).sort({ 'a.c': 1, a: 1, _id: 1 }).toArray())).toEqual([4, 3, 2, 1]);
    expect(ids(await collection.find({}).sort({ a: 1, d: 1, _id: 1 }).toArray())).toEqual([4, 2, 1, 3]);
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

  it('orders ObjectIds by their bytes, as their hex strings order, and matches equal ones by value', async () => {
    const hex = [
      'ff0000000000000000000000',
      '000000000000000000000001',
      '7fffffffffffffffffffffff',
      '800000000000000000000000',
      '64b7f0000000000000000002',
      '64b7f0000000000000000010',
      '64b7f00000000000000000ff',
      '64b7f0000000010000000000',
    ];
    const collection = await fresh(
      db,
      hex.map((h, i) => ({ _id: i, ref: new ObjectId(h) })),
    );
    const byHex = [...hex.keys()].sort((x, y) => (hex[x]! < hex[y]! ? -1 : 1));
    expect(ids(await collection.find({}).sort({ ref: 1 }).toArray())).toEqual(byHex);
    expect(ids(await collection.find({}).sort({ ref: -1 }).toArray())).toEqual([...byHex].reverse());
    expect(
      ids(await collection.find({ ref: { $gt: new ObjectId('7fffffffffffffffffffffff') } }).toArray()),
    ).toEqual([0, 3]);
    expect(ids(await collection.find({ ref: new ObjectId('64b7f00000000000000000ff') }).toArray())).toEqual([
      6,
    ]);
    expect(ids(await collection.find({ ref: { $in: [new ObjectId(hex[1]!), 'x'] } }).toArray())).toEqual([1]);
  });
});

/** An ObjectId as another bson build might hold it: tagged, with its bytes in `id`, no packed fields. */
function foreignObjectId(bytes: Uint8Array): unknown {
  const hex = Buffer.from(bytes).toString('hex');
  return { _bsontype: 'ObjectId', id: Buffer.from(bytes), toHexString: () => hex };
}

describe('ObjectId order in the in-process engine', () => {
  it('is the order of the hex strings, for ids of this bson build and of another one', () => {
    const bytes = fc.uint8Array({ minLength: 12, maxLength: 12 });
    fc.assert(
      fc.property(bytes, bytes, fc.boolean(), fc.boolean(), (x, y, xForeign, yForeign) => {
        const a = xForeign ? foreignObjectId(x) : new ObjectId(x);
        const b = yForeign ? foreignObjectId(y) : new ObjectId(y);
        const hexA = Buffer.from(x).toString('hex');
        const hexB = Buffer.from(y).toString('hex');
        expect(compareValues(a, b)).toBe(hexA < hexB ? -1 : hexA > hexB ? 1 : 0);
        expect(compareValues(a, b) === 0).toBe(canonicalKey(a) === canonicalKey(b));
      }),
      { numRuns: 500 },
    );
    const same = new Uint8Array(12).fill(0xab);
    expect(compareValues(new ObjectId(same), foreignObjectId(same))).toBe(0);
  });
});
