/**
 * The stored state of one collection: documents in natural (insertion) order and its indexes.
 * Every write goes through here so that unique indexes are checked before anything changes, the
 * `_id` map stays current and whatever was derived from the documents (`derived`) is forgotten.
 */
import { ObjectId } from 'bson';
import type { Document } from '../bson/document.js';
import { bsonType, canonicalKey, isDocument } from '../bson/order.js';
import { MemoryEngineUnsupportedError, serverError } from '../errors/engine-errors.js';
import {
  assertIndexable,
  duplicateKeyError,
  type IndexDefinition,
  indexKeys,
  makeIndex,
} from '../indexes/unique-index.js';

/** A stored document found by its `_id`, with its rank in natural order. */
export interface IdEntry {
  readonly doc: Document;
  /** Orders entries as their documents stand in `docs` (not their position: removals shift those). */
  readonly rank: number;
}

export class CollectionStore {
  readonly docs: Document[] = [];
  readonly indexes: IndexDefinition[] = [makeIndex({ _id: 1 }, { name: '_id_', unique: true })];
  /** canonical `_id` key -> stored document: the `_id` index, pointing at the documents. */
  readonly #ids = new Map<string, IdEntry>();
  #nextRank = 0;
  /** Values computed from the documents as they are now: emptied by every write. */
  readonly #derived = new Map<string, unknown>();

  constructor(readonly namespace: string) {}

  /** The stored document whose `_id` has this canonical key (`canonicalKey(_id)`), if any. */
  byId(key: string): IdEntry | undefined {
    return this.#ids.get(key);
  }

  /**
   * A value computed from the documents (e.g. an index of a field), built by `build` on first use
   * and kept until the next write to this collection.
   */
  derived<T>(name: string, build: (docs: readonly Document[]) => T): T {
    if (this.#derived.has(name)) return this.#derived.get(name) as T;
    const value = build(this.docs);
    this.#derived.set(name, value);
    return value;
  }

  #changed(): void {
    if (this.#derived.size > 0) this.#derived.clear();
  }

  /**
   * Checks a document against the indexes and returns its keys in each unique index (by position
   * in `indexes`; none for the others); `replacing` is the stored version it replaces.
   */
  #checked(doc: Document, replacing?: Document): Array<readonly string[] | undefined> {
    if (!isDocument(doc)) throw serverError(2, 'document must be an object');
    if (Array.isArray(doc._id)) throw serverError(53, "The '_id' value cannot be of type array");
    if (doc._id instanceof RegExp || bsonType(doc._id) === 'BSONRegExp') {
      throw serverError(2, "can't use a regex for _id");
    }
    for (const key of Object.keys(doc)) {
      if (!key.startsWith('$')) continue;
      // MongoDB 5.0+ stores a top-level `$`-prefixed field on an insert or an upsert's insert, and
      // refuses it (52) on an update of a stored document. The engine's filters, projections and
      // update paths read a `$` key as an operator, so it does not store them: it refuses by name.
      if (replacing === undefined) {
        throw new MemoryEngineUnsupportedError(`The top-level $-prefixed field name '${key}'`);
      }
      throw serverError(52, `Document can't have $ prefixed field names: ${key}`);
    }
    const self = replacing === undefined ? undefined : canonicalKey(replacing._id);
    return this.indexes.map((index) => {
      if (!index.unique) {
        assertIndexable(index, doc);
        return undefined;
      }
      const keys = indexKeys(index, doc);
      for (const { key, values } of keys) {
        const owner = index.entries.get(key);
        if (owner !== undefined && owner !== self) throw duplicateKeyError(this.namespace, index, values);
      }
      return keys.map(({ key }) => key);
    });
  }

  #addKeys(doc: Document, id: string, keys: ReadonlyArray<readonly string[] | undefined>): void {
    this.indexes.forEach((index, i) => {
      const own = keys[i];
      if (own === undefined) return;
      for (const key of own) index.entries.set(key, id);
      index.keysByDoc.set(doc, own);
    });
  }

  #removeKeys(doc: Document, id: string): void {
    for (const index of this.indexes) {
      if (!index.unique) continue;
      for (const key of this.#keysOf(index, doc))
        if (index.entries.get(key) === id) index.entries.delete(key);
    }
  }

  /** The keys a stored document holds in a unique index. */
  #keysOf(index: IndexDefinition, doc: Document): readonly string[] {
    return index.keysByDoc.get(doc) ?? indexKeys(index, doc).map(({ key }) => key);
  }

  /** Stores a new document (already copied), giving it an ObjectId `_id` first when it has none. */
  insert(doc: Document): Document {
    const { _id, ...rest } = doc;
    const stored: Document = { _id: _id === undefined ? new ObjectId() : _id, ...rest };
    const keys = this.#checked(stored);
    const id = canonicalKey(stored._id);
    this.docs.push(stored);
    this.#addKeys(stored, id, keys);
    this.#ids.set(id, { doc: stored, rank: this.#nextRank++ });
    this.#changed();
    return stored;
  }

  /** Replaces the document at `position` by `next`, which keeps its `_id`. */
  replaceAt(position: number, next: Document): void {
    const previous = this.docs[position]!;
    const keys = this.#checked(next, previous);
    const id = canonicalKey(previous._id);
    this.#removeKeys(previous, id);
    this.docs[position] = next;
    this.#addKeys(next, id, keys);
    const entry = this.#ids.get(id)!;
    this.#ids.set(id, { doc: next, rank: entry.rank });
    this.#changed();
  }

  removeAt(position: number): Document {
    const [removed] = this.docs.splice(position, 1);
    const id = canonicalKey(removed!._id);
    this.#removeKeys(removed!, id);
    this.#ids.delete(id);
    this.#changed();
    return removed!;
  }

  addIndex(index: IndexDefinition): void {
    if (index.unique) {
      for (const doc of this.docs) {
        const id = canonicalKey(doc._id);
        const keys = indexKeys(index, doc);
        for (const { key, values } of keys) {
          const owner = index.entries.get(key);
          if (owner !== undefined && owner !== id) {
            index.entries.clear();
            throw duplicateKeyError(this.namespace, index, values);
          }
          index.entries.set(key, id);
        }
        index.keysByDoc.set(
          doc,
          keys.map(({ key }) => key),
        );
      }
    } else {
      // Still reject documents a MongoDB index could not hold (parallel arrays).
      for (const doc of this.docs) assertIndexable(index, doc);
    }
    this.indexes.push(index);
  }
}
