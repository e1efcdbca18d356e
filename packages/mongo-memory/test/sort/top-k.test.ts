import type { Document } from 'bson';
import { ObjectId } from 'bson';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { enginesFor, fresh, ids } from '../support/helpers.js';

const engines = await enginesFor('top-k');

// A sort followed by a limit (find's sort + skip + limit, `$sort` + `$limit`, `$sort` + `$skip` +
// `$limit`) keeps only the first skip + limit documents while sorting. The answer must be exactly
// the full sort's, ties included.

/** Values with many ties: few distinct numbers and strings, null, missing, arrays (empty too), ObjectIds. */
const value = fc.oneof(
  fc.constantFrom(0, 1, 2, 2.5, -1),
  fc.constantFrom('a', 'b', 'B', 'é'),
  fc.constant(null),
  fc.constantFrom(
    new ObjectId('64b7f0000000000000000001'),
    new ObjectId('80b7f0000000000000000001'),
    new ObjectId('ffb7f0000000000000000000'),
  ),
  fc.array(fc.constantFrom(0, 1, 3, 'a'), { maxLength: 3 }),
);
const docs = fc
  .array(fc.record({ a: value, b: value }, { requiredKeys: [] }), { maxLength: 40 })
  // A document with arrays in both a and b cannot be sorted on both (parallel arrays, see sort.test.ts).
  .map((list) =>
    list.map((d, i) => ({ _id: i, ...d, ...(Array.isArray(d.a) && Array.isArray(d.b) ? { b: 2 } : {}) })),
  );
const sortSpec = fc.oneof(
  fc.record({ a: fc.constantFrom(1, -1) }),
  fc.record({ b: fc.constantFrom(1, -1) }),
  fc.tuple(fc.constantFrom(1, -1), fc.constantFrom(1, -1)).map(([a, b]) => ({ a, b })),
  fc.tuple(fc.constantFrom(1, -1), fc.constantFrom(1, -1)).map(([b, a]) => ({ b, a })),
);

describe.each(engines.filter((engine) => engine.inProcess))('top-k sorting on $name', ({ db }) => {
  it('gives exactly the full sort’s documents for every skip and limit, ties in input order', async () => {
    await fc.assert(
      fc.asyncProperty(
        docs,
        sortSpec,
        fc.nat({ max: 45 }),
        fc.integer({ min: 1, max: 45 }),
        async (list, sort, skip, limit) => {
          const collection = await fresh(db, list);
          const full = ids(await collection.find({}).sort(sort).toArray());
          const expected = full.slice(skip, skip + limit);
          expect(ids(await collection.find({}).sort(sort).skip(skip).limit(limit).toArray())).toEqual(
            expected,
          );
          expect(ids(await collection.find({}, { sort, skip, limit }).toArray())).toEqual(expected);
          expect(ids(await collection.find({}).sort(sort).limit(limit).toArray())).toEqual(
            full.slice(0, limit),
          );
          const aggregated = await collection
            .aggregate([{ $sort: sort }, { $skip: skip }, { $limit: limit }])
            .toArray();
          expect(ids(aggregated)).toEqual(expected);
          const limited = await collection.aggregate([{ $sort: sort }, { $limit: limit }]).toArray();
          expect(ids(limited)).toEqual(full.slice(0, limit));
          await collection.drop();
        },
      ),
      { numRuns: 150 },
    );
  });

  it('keeps the earliest of tied documents at the page boundary', async () => {
    const collection = await fresh(
      db,
      [3, 1, 2, 1, 1, 2, 1, 3].map((k, i) => ({ _id: i, k })),
    );
    // Full order: k=1 → 1, 3, 4, 6; k=2 → 2, 5; k=3 → 0, 7.
    expect(ids(await collection.find({}).sort({ k: 1 }).skip(2).limit(3).toArray())).toEqual([4, 6, 2]);
    expect(
      ids(await collection.aggregate([{ $sort: { k: 1 } }, { $skip: 3 }, { $limit: 2 }]).toArray()),
    ).toEqual([6, 2]);
    expect(ids(await collection.aggregate([{ $sort: { k: -1 } }, { $limit: 3 }]).toArray())).toEqual([
      0, 7, 2,
    ]);
    expect((await collection.findOne({}, { sort: { k: 1 } }))?._id).toBe(1);
    expect((await collection.findOneAndDelete({ k: 2 }, { sort: { k: -1 } }))?._id).toBe(2);
  });
});

describe.each(engines)('a $sort followed by $skip and $limit on $name', ({ db }) => {
  it('returns the page after a $match, and the stages after the limit see only the page', async () => {
    const collection = await fresh(
      db,
      Array.from({ length: 50 }, (_, i) => ({ _id: i, n: (i * 37) % 50, even: i % 2 === 0 })),
    );
    const page = await collection
      .aggregate([
        { $match: { even: true } },
        { $sort: { n: -1 } },
        { $skip: 2 },
        { $limit: 3 },
        { $project: { _id: 0, n: 1 } },
      ])
      .toArray();
    expect(page).toEqual([{ n: 44 }, { n: 42 }, { n: 40 }]);
    const counted = await collection
      .aggregate([{ $sort: { n: 1 } }, { $limit: 5 }, { $count: 'c' }])
      .toArray();
    expect(counted).toEqual([{ c: 5 }]);
  });

  it.each([
    ['$limit 0', [{ $limit: 0 }], 15958],
    ['a $limit that is not a number', [{ $limit: '1' }], 15957],
    ['a negative $skip', [{ $skip: -1 }, { $limit: 1 }], 15956],
    ['a $skip that is not a number', [{ $skip: 'x' }, { $limit: 1 }], 15972],
  ])('still rejects %s after a $sort', async (_name, stages, code) => {
    const collection = await fresh(db, [{ _id: 1 }, { _id: 2 }]);
    await expect(
      collection.aggregate([{ $sort: { _id: 1 } }, ...(stages as Document[])]).toArray(),
    ).rejects.toMatchObject({ code });
  });
});
