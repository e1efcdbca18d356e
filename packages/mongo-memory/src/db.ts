/**
 * `MemoryDb`: a driver-typed `Db` whose collections live in this process; a collection exists once
 * written. Members of the driver's `Db` the engine does not implement throw
 * `MemoryEngineUnsupportedError` naming them.
 */
import {
  type BSONSerializeOptions,
  type Collection,
  type CollectionInfo,
  type CollectionOptions,
  type CreateCollectionOptions,
  type Db,
  type DbOptions,
  type DropCollectionOptions,
  type DropDatabaseOptions,
  type ListCollectionsOptions,
  type MongoClient,
  type ReadConcern,
  ReadPreference,
  type WriteConcern,
} from 'mongodb';
import type { Document } from './bson/document.js';
import type { MemoryClientOptions } from './client.js';
import { MemoryCollection } from './collection.js';
import { MemoryListCollectionsCursor } from './cursor/list-collections-cursor.js';
import { serverError, unsupportedMember } from './errors/engine-errors.js';
import { type Clock, systemClock } from './operations/deadline.js';
import { checkOptions } from './operations/options.js';
import type { CollectionHost } from './operations/target.js';
import { compileFilter } from './query/filter.js';
import { CollectionStore } from './store/collection-store.js';

type DriverDocument = Parameters<Db['command']>[0];

export class MemoryDb implements CollectionHost {
  readonly #name: string;
  readonly #collections = new Map<string, CollectionStore>();

  /** The clock `maxTimeMS` deadlines read. */
  readonly now: Clock;
  readonly useIndexes: boolean;

  /** @param options.now the clock `maxTimeMS` reads, in milliseconds. @default a monotonic clock */
  constructor(databaseName: string, options: MemoryClientOptions = {}) {
    this.now = options.now ?? systemClock;
    this.useIndexes = options.useIndexes !== false;
    if (databaseName === '' || /[/\\. "$]/.test(databaseName)) {
      throw serverError(73, `Invalid database name: '${databaseName}'`);
    }
    this.#name = databaseName;
  }

  get databaseName(): string {
    return this.#name;
  }

  get namespace(): string {
    return this.#name;
  }

  // The engine has no read or write concerns, preferences or serialization options.
  get options(): DbOptions | undefined {
    return undefined;
  }
  get secondaryOk(): boolean {
    return false;
  }
  get readConcern(): ReadConcern | undefined {
    return undefined;
  }
  get writeConcern(): WriteConcern | undefined {
    return undefined;
  }
  get bsonOptions(): BSONSerializeOptions {
    return {};
  }
  get readPreference(): ReadPreference {
    return ReadPreference.primary;
  }
  get timeoutMS(): number | undefined {
    return undefined;
  }

  /** @internal The records of collection `name` (made when `create`), for the engine's collections. */
  store(name: string, create: boolean): CollectionStore | undefined {
    let store = this.#collections.get(name);
    if (store === undefined && create) {
      store = new CollectionStore(`${this.#name}.${name}`);
      this.#collections.set(name, store);
    }
    return store;
  }

  resolve(name: string): CollectionStore | undefined {
    return this.#collections.get(name);
  }

  forget(name: string): boolean {
    return this.#collections.delete(name);
  }

  collection<TSchema extends DriverDocument = DriverDocument>(
    name: string,
    options?: CollectionOptions,
  ): MemoryCollection<TSchema> {
    checkOptions(options, 'Db.collection');
    return new MemoryCollection<TSchema>(this, name);
  }

  /**
   * An empty ordinary collection. Options that make another kind (a view: `viewOn`, `pipeline`; a
   * capped, time series or clustered collection) or that judge writes (`validator`, `collation`)
   * are refused by name (options.ts).
   */
  async createCollection<TSchema extends DriverDocument = DriverDocument>(
    name: string,
    options?: CreateCollectionOptions,
  ): Promise<MemoryCollection<TSchema>> {
    checkOptions(options, 'Db.createCollection');
    if (this.#collections.has(name))
      throw serverError(48, `Collection ${this.#name}.${name} already exists.`);
    this.store(name, true);
    return this.collection<TSchema>(name);
  }

  async collections(): Promise<Collection[]> {
    return [...this.#collections.keys()].map((name) => this.collection(name));
  }

  listCollections(
    filter: DriverDocument,
    options: ListCollectionsOptions & { nameOnly: true },
  ): MemoryListCollectionsCursor<Pick<CollectionInfo, 'name' | 'type'>>;
  listCollections(
    filter: DriverDocument,
    options: ListCollectionsOptions & { nameOnly: false },
  ): MemoryListCollectionsCursor<CollectionInfo>;
  listCollections<
    T extends Pick<CollectionInfo, 'name' | 'type'> | CollectionInfo =
      | Pick<CollectionInfo, 'name' | 'type'>
      | CollectionInfo,
  >(filter?: DriverDocument, options?: ListCollectionsOptions): MemoryListCollectionsCursor<T>;
  listCollections(
    filter: DriverDocument = {},
    options: ListCollectionsOptions = {},
  ): MemoryListCollectionsCursor<CollectionInfo> {
    checkOptions(options, 'Db.listCollections');
    return new MemoryListCollectionsCursor<CollectionInfo>(this.#name, () => {
      const test = compileFilter(filter as Document);
      return [...this.#collections.keys()]
        .map((name) =>
          options.nameOnly
            ? { name, type: 'collection' }
            : {
                name,
                type: 'collection',
                options: {},
                info: { readOnly: false },
                idIndex: { v: 2, key: { _id: 1 }, name: '_id_' },
              },
        )
        .filter((info) => test(info));
    });
  }

  async dropCollection(name: string, options?: DropCollectionOptions): Promise<boolean> {
    checkOptions(options, 'Db.dropCollection');
    return this.forget(name);
  }

  async dropDatabase(options?: DropDatabaseOptions): Promise<boolean> {
    checkOptions(options, 'Db.dropDatabase');
    this.#collections.clear();
    return true;
  }

  // Driver members the engine does not implement.
  get client(): MongoClient {
    return unsupportedMember('Db.client (the engine has no MongoClient; keep the MemoryMongoClient)');
  }
  async command(): Promise<never> {
    return unsupportedMember('Db.command()');
  }
  aggregate(): never {
    return unsupportedMember('Db.aggregate()');
  }
  admin(): never {
    return unsupportedMember('Db.admin()');
  }
  async stats(): Promise<never> {
    return unsupportedMember('Db.stats()');
  }
  async renameCollection(): Promise<never> {
    return unsupportedMember('Db.renameCollection()');
  }
  async createIndex(): Promise<never> {
    return unsupportedMember('Db.createIndex() (use Collection.createIndex())');
  }
  async removeUser(): Promise<never> {
    return unsupportedMember('Db.removeUser()');
  }
  async setProfilingLevel(): Promise<never> {
    return unsupportedMember('Db.setProfilingLevel()');
  }
  async profilingLevel(): Promise<never> {
    return unsupportedMember('Db.profilingLevel()');
  }
  async indexInformation(): Promise<never> {
    return unsupportedMember('Db.indexInformation()');
  }
  watch(): never {
    return unsupportedMember('Db.watch()');
  }
  runCursorCommand(): never {
    return unsupportedMember('Db.runCursorCommand()');
  }
}
