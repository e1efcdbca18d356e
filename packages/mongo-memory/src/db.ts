/** `MemoryDb`: the subset of the driver's `Db` this project uses; collections exist once written. */
import { type CollectionHost, MemoryCollection } from './collection.js';
import { MemoryAggregationCursor } from './cursor.js';
import { type Document, serverError } from './errors.js';
import { compileFilter } from './match.js';
import { CollectionStore } from './store.js';

export class MemoryDb implements CollectionHost {
  readonly databaseName: string;
  readonly #collections = new Map<string, CollectionStore>();

  constructor(databaseName: string) {
    if (databaseName === '' || /[/\\. "$]/.test(databaseName)) {
      throw serverError(73, `Invalid database name: '${databaseName}'`);
    }
    this.databaseName = databaseName;
  }

  store(name: string, create: boolean): CollectionStore | undefined {
    let store = this.#collections.get(name);
    if (store === undefined && create) {
      store = new CollectionStore(`${this.databaseName}.${name}`);
      this.#collections.set(name, store);
    }
    return store;
  }

  resolve(name: string): CollectionStore | undefined {
    return this.#collections.get(name);
  }

  dropCollection(name: string): boolean {
    return this.#collections.delete(name);
  }

  collection<TSchema extends Document = Document>(name: string): MemoryCollection<TSchema> {
    return new MemoryCollection<TSchema>(this, name);
  }

  async createCollection<TSchema extends Document = Document>(
    name: string,
  ): Promise<MemoryCollection<TSchema>> {
    if (this.#collections.has(name))
      throw serverError(48, `Collection ${this.databaseName}.${name} already exists.`);
    this.store(name, true);
    return this.collection<TSchema>(name);
  }

  listCollections(
    filter: Document = {},
    options: { nameOnly?: boolean } = {},
  ): MemoryAggregationCursor<Document> {
    return new MemoryAggregationCursor<Document>(() => {
      const test = compileFilter(filter);
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

  async dropDatabase(): Promise<boolean> {
    this.#collections.clear();
    return true;
  }
}
