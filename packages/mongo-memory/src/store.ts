/**
 * The stored state of one collection: documents in natural (insertion) order and its indexes.
 * Every write goes through here so that unique indexes are checked before anything changes, the
 * `_id` map stays current and whatever was derived from the documents (`derived`) is forgotten.
 */
import { ObjectId } from 'bson';
import { canonicalKey, isDocument } from './bson-order.js';
import { type Document, serverError } from './errors.js';
import { duplicateKeyError, type IndexDefinition, indexKeys, makeIndex } from './unique-index.js';

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

  /** Checks a document against the unique indexes; `replacing` is the version it replaces. */
  check(doc: Document, replacing?: Document): void {
    if (!isDocument(doc)) throw serverError(2, 'document must be an object');
    if (Array.isArray(doc._id)) throw serverError(53, "The '_id' value cannot be of type array");
    for (const key of Object.keys(doc)) {
      if (key.startsWith('$')) throw serverError(52, `Document can't have $ prefixed field names: ${key}`);
    }
    const self = replacing === undefined ? undefined : canonicalKey(replacing._id);
    for (const index of this.indexes) {
      const keys = indexKeys(index, doc);
      if (!index.unique) continue;
      for (const { key, values } of keys) {
        const owner = index.entries.get(key);
        if (owner !== undefined && owner !== self) throw duplicateKeyError(this.namespace, index, values);
      }
    }
  }

  #addKeys(doc: Document): void {
    const id = canonicalKey(doc._id);
    for (const index of this.indexes) {
      if (!index.unique) continue;
      for (const { key } of indexKeys(index, doc)) index.entries.set(key, id);
    }
  }

  #removeKeys(doc: Document): void {
    const id = canonicalKey(doc._id);
    for (const index of this.indexes) {
      if (!index.unique) continue;
      for (const { key } of indexKeys(index, doc))
        if (index.entries.get(key) === id) index.entries.delete(key);
    }
  }

  /** Stores a new document (already copied), giving it an ObjectId `_id` first when it has none. */
  insert(doc: Document): Document {
    const { _id, ...rest } = doc;
    const stored: Document = { _id: _id === undefined ? new ObjectId() : _id, ...rest };
    this.check(stored);
    this.docs.push(stored);
    this.#addKeys(stored);
    this.#ids.set(canonicalKey(stored._id), { doc: stored, rank: this.#nextRank++ });
    this.#changed();
    return stored;
  }

  replaceAt(position: number, next: Document): void {
    const previous = this.docs[position]!;
    this.check(next, previous);
    this.#removeKeys(previous);
    this.docs[position] = next;
    this.#addKeys(next);
    const previousKey = canonicalKey(previous._id);
    const rank = this.#ids.get(previousKey)!.rank;
    this.#ids.delete(previousKey);
    this.#ids.set(canonicalKey(next._id), { doc: next, rank });
    this.#changed();
  }

  removeAt(position: number): Document {
    const [removed] = this.docs.splice(position, 1);
    this.#removeKeys(removed!);
    this.#ids.delete(canonicalKey(removed!._id));
    this.#changed();
    return removed!;
  }

  addIndex(index: IndexDefinition): void {
    if (index.unique) {
      for (const doc of this.docs) {
        const id = canonicalKey(doc._id);
        for (const { key, values } of indexKeys(index, doc)) {
          const owner = index.entries.get(key);
          if (owner !== undefined && owner !== id) {
            index.entries.clear();
            throw duplicateKeyError(this.namespace, index, values);
          }
          index.entries.set(key, id);
        }
      }
    } else {
      // Still reject documents a MongoDB index could not hold (parallel arrays).
      for (const doc of this.docs) indexKeys(index, doc);
    }
    this.indexes.push(index);
  }
}
