/** `MemoryMongoClient`: stands where a `MongoClient` would; databases live as long as the client. */
import { MemoryDb } from './db.js';
import type { Clock } from './operations/deadline.js';

/** How the engine answers; none of it changes an answer. */
export interface MemoryClientOptions {
  /** The clock `maxTimeMS` deadlines read, in milliseconds. @default a monotonic clock */
  readonly now?: Clock | undefined;
  /**
   * Read through the indexes where a query's filter bounds one (the default), or scan every
   * collection for every query: for checking that the planner changes no answer.
   * @default true
   */
  useIndexes?: boolean;
}

export class MemoryMongoClient {
  readonly #databases = new Map<string, MemoryDb>();
  readonly #defaultDb: string;
  readonly #options: MemoryClientOptions;

  /**
   * @param defaultDbName the database `db()` returns without a name. @default 'test' (as the driver)
   * @param options.now the clock `maxTimeMS` reads, in milliseconds (a test's own, to expire an
   * operation without waiting). @default a monotonic clock
   */
  constructor(defaultDbName = 'test', options: MemoryClientOptions = {}) {
    this.#defaultDb = defaultDbName;
    this.#options = options;
  }

  async connect(): Promise<this> {
    return this;
  }

  db(name: string = this.#defaultDb): MemoryDb {
    let db = this.#databases.get(name);
    if (db === undefined) {
      db = new MemoryDb(name, this.#options);
      this.#databases.set(name, db);
    }
    return db;
  }

  /** Closing keeps nothing: the data lived in this process only. */
  async close(): Promise<void> {
    this.#databases.clear();
  }
}
