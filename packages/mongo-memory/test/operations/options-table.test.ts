/**
 * The one table of the options each method knows (src/operations/option-table.ts): every method
 * refuses an option it does not know by name, before it reads or writes anything, and accepts the
 * options the table marks as changing no answer. (docs/options.md shows the table as
 * `pnpm docs:tables` writes it; the repository's test/reference-tables.test.ts holds it current.)
 */
import { describe, expect, it } from 'vitest';
import {
  type Document,
  type MemoryCollection,
  type MemoryDb,
  MemoryEngineUnsupportedError,
  MemoryMongoClient,
} from '../../src/index.js';
import { OPTION_TABLE, type OptionsOf } from '../../src/operations/option-table.js';

type Doc = { _id?: number; [field: string]: unknown };
type Call = (db: MemoryDb, c: MemoryCollection<Doc>, options: Document) => Promise<unknown>;

/** One call of each method of the table, with the options given. */
const CALLS: Record<OptionsOf, Call> = {
  find: async (_db, c, o) => c.find({}, o).toArray(),
  findOne: async (_db, c, o) => c.findOne({}, o),
  aggregate: async (_db, c, o) => c.aggregate([], o).toArray(),
  countDocuments: async (_db, c, o) => c.countDocuments({}, o),
  count: async (_db, c, o) => c.count({}, o),
  estimatedDocumentCount: async (_db, c, o) => c.estimatedDocumentCount(o),
  distinct: async (_db, c, o) => c.distinct('a', {}, o),
  insertOne: async (_db, c, o) => c.insertOne({ _id: 9, a: 9 }, o),
  insertMany: async (_db, c, o) => c.insertMany([{ _id: 9, a: 9 }], o),
  updateOne: async (_db, c, o) => c.updateOne({}, { $set: { b: 1 } }, o),
  updateMany: async (_db, c, o) => c.updateMany({}, { $set: { b: 1 } }, o),
  replaceOne: async (_db, c, o) => c.replaceOne({}, { b: 1 }, o),
  deleteOne: async (_db, c, o) => c.deleteOne({}, o),
  deleteMany: async (_db, c, o) => c.deleteMany({}, o),
  findOneAndUpdate: async (_db, c, o) => c.findOneAndUpdate({}, { $set: { b: 1 } }, o),
  findOneAndReplace: async (_db, c, o) => c.findOneAndReplace({}, { b: 1 }, o),
  findOneAndDelete: async (_db, c, o) => c.findOneAndDelete({}, o),
  bulkWrite: async (_db, c, o) => c.bulkWrite([{ insertOne: { document: { _id: 9, a: 9 } } }], o),
  'bulkWrite.updateOne': async (_db, c, o) =>
    c.bulkWrite([{ updateOne: { filter: {}, update: { $set: { b: 1 } }, ...o } }]),
  'bulkWrite.updateMany': async (_db, c, o) =>
    c.bulkWrite([{ updateMany: { filter: {}, update: { $set: { b: 1 } }, ...o } }]),
  'bulkWrite.replaceOne': async (_db, c, o) =>
    c.bulkWrite([{ replaceOne: { filter: {}, replacement: { b: 1 }, ...o } }]),
  'bulkWrite.deleteOne': async (_db, c, o) => c.bulkWrite([{ deleteOne: { filter: {}, ...o } }]),
  'bulkWrite.deleteMany': async (_db, c, o) => c.bulkWrite([{ deleteMany: { filter: {}, ...o } }]),
  createIndex: async (_db, c, o) => c.createIndex({ b: 1 }, o),
  createIndexes: async (_db, c, o) => c.createIndexes([{ key: { b: 1 } }], o),
  indexes: async (_db, c, o) => c.indexes(o),
  dropIndex: async (_db, c, o) => c.dropIndex('a_1', o),
  drop: async (_db, c, o) => c.drop(o),
  'Db.collection': async (db, _c, o) => db.collection('other', o),
  'Db.createCollection': async (db, _c, o) => db.createCollection('created', o),
  'Db.listCollections': async (db, _c, o) => db.listCollections({}, o).toArray(),
  'Db.dropCollection': async (db, c, o) => db.dropCollection(c.collectionName, o),
  'Db.dropDatabase': async (db, _c, o) => db.dropDatabase(o),
};

const METHODS = Object.keys(CALLS) as OptionsOf[];

/** A database holding `c` with two documents and an index `a_1`. */
async function setup(): Promise<{ db: MemoryDb; c: MemoryCollection<Doc> }> {
  const db = new MemoryMongoClient().db('options');
  const c = db.collection<Doc>('c');
  await c.insertMany([
    { _id: 1, a: 1 },
    { _id: 2, a: 2 },
  ]);
  await c.createIndex({ a: 1 });
  return { db, c };
}

const snapshot = async (db: MemoryDb, c: MemoryCollection<Doc>) => ({
  docs: await c.find().toArray(),
  indexes: await c.indexes(),
  collections: (await db.listCollections({}, { nameOnly: true }).toArray()).map((info) => info.name),
});

async function refusal(call: () => Promise<unknown>): Promise<unknown> {
  return call().then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('the table of options', () => {
  it('lists a call for every method it knows, and a method for every call', () => {
    expect(METHODS.sort()).toEqual(Object.keys(OPTION_TABLE).sort());
  });

  it.each(METHODS)('%s refuses an option it does not know by name, changing nothing', async (method) => {
    const { db, c } = await setup();
    const before = await snapshot(db, c);
    const error = await refusal(() => CALLS[method](db, c, { noSuchOption: 1 }));
    expect(error).toBeInstanceOf(MemoryEngineUnsupportedError);
    expect(error).toMatchObject({
      message: `The ${method} option 'noSuchOption' is not supported by the in-process engine`,
    });
    expect(await snapshot(db, c)).toEqual(before);
  });

  it.each(METHODS)('%s refuses collation, session and raw by name', async (method) => {
    const { db, c } = await setup();
    for (const name of ['collation', 'session', 'raw']) {
      const error = await refusal(() => CALLS[method](db, c, { [name]: { locale: 'fr' } }));
      expect(error).toBeInstanceOf(MemoryEngineUnsupportedError);
      expect(String(error)).toContain(`option '${name}'`);
    }
  });

  it.each(METHODS)('%s takes every option the table accepts as changing no answer', async (method) => {
    const accepted = Object.entries(OPTION_TABLE[method]).filter(([, how]) => how === 'accepted');
    for (const [name] of accepted) {
      const { db, c } = await setup();
      const plainAnswer = await CALLS[method](db, c, {});
      const again = await setup();
      expect(await CALLS[method](again.db, again.c, { [name]: name === 'comment' ? 'why' : {} })).toEqual(
        plainAnswer,
      );
    }
  });

  it('treats an option given as undefined as not given', async () => {
    const { c } = await setup();
    const options: Document = { collation: undefined, session: undefined };
    expect(await c.find({}, options).toArray()).toHaveLength(2);
  });
});

describe('options that changed an answer silently before the table', () => {
  it('refuses collation on deleteOne and deleteMany instead of deleting nothing', async () => {
    const { c } = await setup();
    const collation = { locale: 'en', strength: 2 };
    await expect(c.deleteOne({ a: 1 }, { collation })).rejects.toThrow(
      new MemoryEngineUnsupportedError("The deleteOne option 'collation'"),
    );
    await expect(c.deleteMany({}, { collation })).rejects.toThrow(
      new MemoryEngineUnsupportedError("The deleteMany option 'collation'"),
    );
    expect(await c.countDocuments()).toBe(2);
  });

  it('refuses collation on distinct instead of ignoring it', async () => {
    const { c } = await setup();
    await expect(c.distinct('a', {}, { collation: { locale: 'en' } })).rejects.toThrow(
      new MemoryEngineUnsupportedError("The distinct option 'collation'"),
    );
  });

  it('refuses a view (viewOn, pipeline) on createCollection instead of making an empty collection', async () => {
    const { db } = await setup();
    await expect(db.createCollection('v', { viewOn: 'c', pipeline: [] })).rejects.toThrow(
      new MemoryEngineUnsupportedError("The Db.createCollection option 'viewOn'"),
    );
    const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((info) => info.name);
    expect(names).toEqual(['c']);
  });

  it('refuses the index options it would ignore (a TTL, a collation, a hidden index)', async () => {
    const { c } = await setup();
    await expect(c.createIndex({ at: 1 }, { expireAfterSeconds: 60 })).rejects.toThrow(
      new MemoryEngineUnsupportedError("The createIndex option 'expireAfterSeconds'"),
    );
    await expect(c.createIndexes([{ key: { b: 1 }, hidden: true }])).rejects.toThrow(
      new MemoryEngineUnsupportedError("The createIndex option 'hidden'"),
    );
    expect((await c.indexes()).map((index) => index.name)).toEqual(['_id_', 'a_1']);
  });

  it('refuses arrayFilters by name where no positional update reads them (replaceOne, findOneAndReplace)', async () => {
    const { c } = await setup();
    const options: Document = { arrayFilters: [{ 'x.y': 1 }] };
    await expect(c.replaceOne({}, { b: 1 }, options)).rejects.toThrow("The replaceOne option 'arrayFilters'");
    await expect(c.findOneAndReplace({}, { b: 1 }, options)).rejects.toThrow(
      "The findOneAndReplace option 'arrayFilters'",
    );
    expect(await c.find({}, { sort: { _id: 1 } }).toArray()).toEqual([
      { _id: 1, a: 1 },
      { _id: 2, a: 2 },
    ]);
  });
});
