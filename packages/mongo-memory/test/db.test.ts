import {
  AbstractCursor,
  AggregationCursor,
  Collection,
  Db,
  FindCursor,
  ListCollectionsCursor,
} from 'mongodb';
import { describe, expect, it } from 'vitest';
import {
  MemoryAggregationCursor,
  MemoryCollection,
  MemoryDb,
  MemoryEngineUnsupportedError,
  MemoryFindCursor,
  MemoryListCollectionsCursor,
  MemoryMongoClient,
} from '../src/index.js';

/** The public members a class's prototype defines (methods and accessors), without the constructor. */
function members(prototype: object): string[] {
  return Object.getOwnPropertyNames(prototype).filter((name) => name !== 'constructor');
}

/**
 * Cursor members of the driver that only read or set options and never reach a server: the engine
 * leaves them to the driver (they change nothing it reads), or they are the driver's internals,
 * only ever called by members the engine overrides.
 */
const DRIVER_ONLY = new Set([
  // options and state the driver keeps
  'id',
  'isDead',
  'client',
  'server',
  'namespace',
  'readPreference',
  'readConcern',
  'session',
  'loadBalanced',
  'withReadPreference',
  'withReadConcern',
  'maxTimeMS',
  'batchSize',
  'comment',
  'maxAwaitTimeMS',
  'allowDiskUse',
  // internals
  'trackCursor',
  'getMore',
  'cursorInit',
  'fetchBatch',
  'cleanup',
  'emitClose',
  'transformDocument',
  'throwIfInitialized',
  '_initialize',
  'resolveExplainTimeoutOptions',
]);

/** The members of a driver cursor class and its bases up to AbstractCursor that reach a server. */
function serverMembers(driverClass: { prototype: object }): string[] {
  const names = new Set<string>();
  for (let proto = driverClass.prototype; proto !== Object.getPrototypeOf(AbstractCursor.prototype); ) {
    for (const name of members(proto)) if (!DRIVER_ONLY.has(name)) names.add(name);
    proto = Object.getPrototypeOf(proto);
  }
  return [...names].sort();
}

/** The members a class defines itself, along its own chain (not the driver's). */
function ownMembers(engineClass: { prototype: object }, driverClass: { prototype: object }): Set<string> {
  const names = new Set<string>();
  for (
    let proto = engineClass.prototype;
    proto !== driverClass.prototype;
    proto = Object.getPrototypeOf(proto)
  ) {
    for (const name of members(proto)) names.add(name);
  }
  return names;
}

describe("the engine's Db, Collection and cursors are the driver's types", () => {
  it('hands out a Db and Collections the driver types accept', async () => {
    const db: Db = new MemoryMongoClient().db('typed');
    const students = db.collection<{ name: string }>('students');
    await students.insertOne({ name: 'Ada' });
    const cursor: FindCursor<{ name: string }> = students.find({}, { projection: { _id: 0 } });
    expect(cursor).toBeInstanceOf(FindCursor);
    expect(await cursor.toArray()).toEqual([{ name: 'Ada' }]);
    expect(db.collection('students').aggregate([])).toBeInstanceOf(AggregationCursor);
    expect(db.listCollections()).toBeInstanceOf(ListCollectionsCursor);
    expect(students.find().namespace.toString()).toBe('typed.students');
  });

  it.each([
    ['Db', Db.prototype, MemoryDb.prototype],
    ['Collection', Collection.prototype, MemoryCollection.prototype],
  ] as const)(
    'defines every member of the driver %s, implemented or refused by name',
    (_, driverPrototype, engine) => {
      // `fullNamespace` is the driver's internal (not in its types).
      const missing = members(driverPrototype).filter(
        (name) => name !== 'fullNamespace' && !(name in engine),
      );
      expect(missing).toEqual([]);
    },
  );

  it.each([
    ['FindCursor', FindCursor, MemoryFindCursor],
    ['AggregationCursor', AggregationCursor, MemoryAggregationCursor],
    ['ListCollectionsCursor', ListCollectionsCursor, MemoryListCollectionsCursor],
  ] as const)(
    'overrides every member of the driver %s that would reach a server',
    (_, driverClass, engineClass) => {
      const overridden = ownMembers(engineClass, driverClass);
      const left = serverMembers(driverClass).filter((name) => !overridden.has(name));
      // AggregationCursor's stage helpers (group, match, …) call addStage, which the engine overrides.
      const stageHelpers = [
        'geoNear',
        'group',
        'limit',
        'lookup',
        'match',
        'out',
        'project',
        'redact',
        'skip',
        'sort',
        'unwind',
      ];
      expect(
        left.filter((name) => !(driverClass === AggregationCursor && stageHelpers.includes(name))),
      ).toEqual([]);
    },
  );
});

describe('a driver member the engine does not implement', () => {
  const db: Db = new MemoryMongoClient().db('refused');
  const collection = db.collection('c');

  it('throws MemoryEngineUnsupportedError naming it, not a TypeError', async () => {
    expect(() => db.watch()).toThrow(MemoryEngineUnsupportedError);
    expect(() => db.watch()).toThrow('Db.watch() is not supported by the in-process engine');
    expect(() => collection.initializeOrderedBulkOp()).toThrow('Collection.initializeOrderedBulkOp()');
    expect(() => collection.find().min({ a: 1 })).toThrow('FindCursor.min() is not supported');
    expect(() => collection.aggregate([]).stream()).toThrow('AggregationCursor.stream() is not supported');
  });

  it('rejects the promise of an asynchronous member, as the driver would', async () => {
    await expect(db.command({ ping: 1 })).rejects.toThrow('Db.command() is not supported');
    await expect(collection.options()).rejects.toMatchObject({
      name: 'MemoryEngineUnsupportedError',
      message: 'Collection.options() is not supported by the in-process engine',
    });
    await expect(collection.find().count()).rejects.toThrow('FindCursor.count() is not supported');
  });
});
