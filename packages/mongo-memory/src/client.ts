/** `MemoryMongoClient`: stands where a `MongoClient` would; databases live as long as the client. */
import { MemoryDb } from './db.js';

export class MemoryMongoClient {
  readonly #databases = new Map<string, MemoryDb>();
  readonly #defaultDb: string;

  /** @param defaultDbName the database `db()` returns without a name. @default 'test' (as the driver) */
  constructor(defaultDbName = 'test') {
    this.#defaultDb = defaultDbName;
  }

  async connect(): Promise<this> {
    return this;
  }

  db(name: string = this.#defaultDb): MemoryDb {
    let db = this.#databases.get(name);
    if (db === undefined) {
      db = new MemoryDb(name);
      this.#databases.set(name, db);
    }
    return db;
  }

  /** Closing keeps nothing: the data lived in this process only. */
  async close(): Promise<void> {
    this.#databases.clear();
  }
}
