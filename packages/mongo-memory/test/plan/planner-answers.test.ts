import { ObjectId } from 'bson';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { type Document, type MemoryCollection, MemoryMongoClient } from '../../src/index.js';

// The planner only chooses which documents the filter is tried on: with indexes or without
// (`useIndexes: false`, every query a collection scan), every answer is the same, in the same
// order — over random documents, random indexes (compound, multikey, sparse, partial) and random
// filters, before and after random writes.

const withIndexes = new MemoryMongoClient('planner');
const scanning = new MemoryMongoClient('planner', { useIndexes: false });
afterAll(async () => {
  await withIndexes.close();
  await scanning.close();
});

const oid = (n: number): ObjectId => new ObjectId(`64b7f00000000000000000${n.toString(16).padStart(2, '0')}`);
const scalar = fc.oneof(
  fc.constantFrom(0, 1, 2, 2.5, -1, 10),
  fc.constantFrom('a', 'ab', 'abc', 'b', 'B', 'ba', ''),
  fc.constantFrom(null, true, false),
  fc.constantFrom(oid(1), oid(2), new Date(0), new Date(1000)),
);
const value = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 2, arbitrary: fc.array(scalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.record({ x: scalar }) },
  { weight: 1, arbitrary: fc.array(fc.record({ x: scalar }, { requiredKeys: [] }), { maxLength: 2 }) },
);
const docs = fc
  .array(fc.record({ a: value, b: value, c: scalar, d: value }, { requiredKeys: [] }), { maxLength: 30 })
  .map((list) => list.map((doc, i) => ({ _id: i % 7 === 3 ? `s${i}` : i, ...doc })));

const PATHS = ['a', 'b', 'c', 'd.x', 'a.x'] as const;
const path = fc.constantFrom(...PATHS);
const direction = fc.constantFrom(1, -1);
const indexSpec = fc.record({
  key: fc.oneof(
    fc.tuple(path, direction).map(([p, d]) => ({ [p]: d })),
    fc
      .tuple(path, direction, path, direction)
      .map(([p, d, q, e]) => (p === q ? { [p]: d } : { [p]: d, [q]: e })),
  ),
  options: fc.constantFrom(
    {},
    {},
    { sparse: true },
    { partialFilterExpression: { a: { $type: 'string' } } },
    { partialFilterExpression: { c: { $gt: 0 } } },
    { partialFilterExpression: { b: { $exists: true } } },
  ),
});

const range = fc.tuple(fc.constantFrom('$gt', '$gte'), scalar, fc.constantFrom('$lt', '$lte'), scalar);
const clause: fc.Arbitrary<Document> = fc.oneof(
  fc.tuple(path, scalar).map(([p, v]) => ({ [p]: v })),
  fc.tuple(path, scalar).map(([p, v]) => ({ [p]: { $eq: v } })),
  fc.tuple(path, fc.array(scalar, { minLength: 1, maxLength: 3 })).map(([p, v]) => ({ [p]: { $in: v } })),
  fc
    .tuple(path, fc.constantFrom('$gt', '$gte', '$lt', '$lte'), scalar)
    .map(([p, op, v]) => ({ [p]: { [op]: v } })),
  fc.tuple(path, range).map(([p, [lo, a, hi, b]]) => ({ [p]: { [lo]: a, [hi]: b } })),
  fc.tuple(path, range).map(([p, [lo, a, hi, b]]) => ({ [p]: { $elemMatch: { [lo]: a, [hi]: b } } })),
  fc.tuple(path, fc.constantFrom(/^a/, /^ab/, /^b/, /^a.c/, /^ab?/, /a/)).map(([p, r]) => ({ [p]: r })),
  fc.tuple(path, scalar).map(([p, v]) => ({ [p]: { $ne: v } })),
  fc.tuple(fc.integer({ min: 0, max: 30 }), scalar).map(([id, v]) => ({ _id: id, c: { $ne: v } })),
  fc.tuple(path, scalar, path, scalar).map(([p, v, q, w]) => ({ $or: [{ [p]: v }, { [q]: w }] })),
);
const filter = fc.oneof(
  fc.array(clause, { minLength: 1, maxLength: 3 }).map((clauses) => Object.assign({}, ...clauses)),
  fc.array(clause, { minLength: 1, maxLength: 3 }).map((clauses) => ({ $and: clauses })),
);
const sort = fc.constantFrom(
  { a: 1 },
  { a: -1 },
  { b: 1, a: 1 },
  { _id: 1 },
  { 'd.x': 1 },
  { c: -1, _id: 1 },
);
const query = fc.record({
  filter,
  sort: fc.option(sort, { nil: undefined }),
  skip: fc.nat({ max: 3 }),
  limit: fc.nat({ max: 8 }),
});
const write = fc.oneof(
  fc
    .tuple(filter, path, value)
    .map(([f, p, v]) => ({ kind: 'updateMany' as const, filter: f, update: { $set: { [p]: v } } })),
  fc
    .tuple(filter, path)
    .map(([f, p]) => ({ kind: 'updateOne' as const, filter: f, update: { $unset: { [p]: '' as const } } })),
  filter.map((f) => ({ kind: 'deleteMany' as const, filter: f })),
  fc
    .tuple(filter, value)
    .map(([f, v]) => ({ kind: 'findOneAndReplace' as const, filter: f, update: { a: v } })),
  fc.tuple(filter, scalar).map(([f, v]) => ({
    kind: 'upsert' as const,
    filter: f,
    update: { $set: { c: v }, $setOnInsert: { _id: 'upserted' } },
  })),
);

/** What an operation gave: its answer, or the error's message. */
async function outcome(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return await run();
  } catch (error) {
    return { error: (error as Error).message };
  }
}

type Stored = { _id: string | number; [field: string]: unknown };
type Collection = MemoryCollection<Stored>;
type Query = fc.Arbitrary<typeof query extends fc.Arbitrary<infer Q> ? Q : never>;

async function answers(
  collection: Collection,
  q: Query extends fc.Arbitrary<infer Q> ? Q : never,
): Promise<unknown[]> {
  const options = { ...(q.sort ? { sort: q.sort } : {}), skip: q.skip, limit: q.limit };
  const plan = await outcome(() => collection.find(q.filter, options).explain());
  const stage = (plan as { queryPlanner?: { winningPlan?: { stage?: string } } }).queryPlanner?.winningPlan
    ?.stage;
  if (stage !== undefined) stages.set(stage, (stages.get(stage) ?? 0) + 1);
  return [
    await outcome(async () => (await collection.find(q.filter, options).toArray()).map((d) => d._id)),
    await outcome(async () => (await collection.find(q.filter).toArray()).map((d) => d._id)),
    await outcome(() => collection.countDocuments(q.filter)),
    await outcome(async () =>
      (await collection.aggregate([{ $match: q.filter }]).toArray()).map((d) => d._id),
    ),
    // A page at the head of a pipeline (query-dsl's populate) is read as the same find.
    await outcome(async () => {
      const page = [{ $match: q.filter }, ...(q.sort ? [{ $sort: q.sort }] : []), { $skip: q.skip }];
      const pipeline = [...page, { $limit: q.limit }, { $project: { c: 1 } }];
      return (await collection.aggregate(pipeline).toArray()).map((d) => d._id);
    }),
    await outcome(() => collection.distinct('c', q.filter)),
  ];
}

let counter = 0;
/** How often each plan was chosen (with indexes): the property must exercise the index plans. */
const stages = new Map<string, number>();

describe('the query planner', () => {
  it('gives every answer a collection scan gives, in the same order', async () => {
    await fc.assert(
      fc.asyncProperty(
        docs,
        fc.array(indexSpec, { maxLength: 3 }),
        fc.array(query, { minLength: 1, maxLength: 4 }),
        fc.array(write, { maxLength: 2 }),
        async (list, indexes, queries, writes) => {
          counter++;
          const pair = [withIndexes, scanning].map((client) =>
            client.db('planner').collection<Stored>(`c${counter}`),
          );
          for (const collection of pair) {
            for (const { key, options } of indexes) await outcome(() => collection.createIndex(key, options));
            await outcome(() =>
              collection.insertMany(
                list.map((d) => ({ ...d })),
                { ordered: false },
              ),
            );
          }
          const [indexed, scanned] = pair as [Collection, Collection];
          for (const q of queries) expect(await answers(indexed, q)).toEqual(await answers(scanned, q));
          for (const w of writes) {
            const [one, two] = await Promise.all(pair.map((c) => outcome(() => applyWrite(c, w))));
            expect(one).toEqual(two);
            for (const q of queries) expect(await answers(indexed, q)).toEqual(await answers(scanned, q));
          }
          expect(await indexed.find({}).toArray()).toEqual(await scanned.find({}).toArray());
          for (const collection of pair) await collection.drop();
        },
      ),
      { numRuns: 250 },
    );
    expect(stages.get('FETCH')).toBeGreaterThan(100);
  }, 120_000);
});

type Write = typeof write extends fc.Arbitrary<infer W> ? W : never;

async function applyWrite(collection: Collection, w: Write): Promise<unknown> {
  switch (w.kind) {
    case 'updateMany':
      return collection.updateMany(w.filter, w.update);
    case 'updateOne':
      return collection.updateOne(w.filter, w.update);
    case 'deleteMany':
      return collection.deleteMany(w.filter);
    case 'findOneAndReplace':
      return collection.findOneAndReplace(w.filter, w.update, { sort: { _id: -1 } });
    case 'upsert':
      return collection.updateOne(w.filter, w.update, { upsert: true });
  }
}
