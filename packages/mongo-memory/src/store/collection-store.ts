/**
 * The stored state of one collection: documents in natural (insertion) order and its indexes.
 * Every write goes through here so that unique indexes are checked before anything changes, every
 * index's entries and the `_id` map stay current and whatever was derived from the documents
 * (`derived`) is forgotten.
 */
import { ObjectId } from 'bson';
import type { Document } from '../bson/document.js';
import { bsonType, canonicalKey, isDocument } from '../bson/order.js';
import { MemoryEngineUnsupportedError, serverError } from '../errors/engine-errors.js';
import { compareKeyValues } from '../indexes/index-order.js';
import {
  duplicateKeyError,
  type IndexDefinition,
  indexKeys,
  type KeyValue,
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
  /** The rank of each document of `docs`, at the same position: ascending. */
  readonly #ranks: number[] = [];
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
   * Checks a document against the indexes and returns its keys in each (by position in
   * `indexes`); `replacing` is the stored version it replaces.
   */
  #checked(doc: Document, replacing?: Document): KeyValue[][] {
    if (!isDocument(doc)) throw serverError(2, 'document must be an object');
    if (Array.isArray(doc._id)) throw serverError(53, "The '_id' value cannot be of type array");
    if (doc._id instanceof RegExp || bsonType(doc._id) === 'BSONRegExp') {
      throw serverError(2, "can't use a regex for _id");
    }
    const dollar = isDocument(doc._id) ? dollarField(doc._id) : undefined;
    if (dollar !== undefined) {
      throw serverError(
        52,
        `_id fields may not contain '$'-prefixed fields: ${dollar} is not valid for storage.`,
      );
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
      const keys = indexKeys(index, doc);
      if (!index.unique) return keys;
      for (const { key, values } of keys) {
        const owner = index.entries.get(key);
        if (owner !== undefined && owner !== self) throw duplicateKeyError(this.namespace, index, values);
      }
      return keys;
    });
  }

  #addKeys(doc: Document, id: string, rank: number, keys: ReadonlyArray<readonly KeyValue[]>): void {
    this.indexes.forEach((index, i) => {
      addEntries(index, doc, id, rank, keys[i]!);
    });
  }

  #removeKeys(doc: Document, id: string, rank: number): void {
    for (const index of this.indexes) {
      // The stored version is never changed in place: its keys are the ones it was stored with.
      const own = indexKeys(index, doc);
      for (const { key, tuple } of own) {
        if (index.unique && index.entries.get(key) === id) index.entries.delete(key);
        index.tree.delete({ values: tuple, rank });
      }
    }
  }

  /** The position in `docs` of the document of rank `rank` (-1 when none has it). */
  positionOf(rank: number): number {
    const ranks = this.#ranks;
    let low = 0;
    let high = ranks.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const at = ranks[middle]!;
      if (at === rank) return middle;
      if (at < rank) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  /** Stores a new document (already copied), giving it an ObjectId `_id` first when it has none. */
  insert(doc: Document): Document {
    const { _id, ...rest } = doc;
    const stored: Document = { _id: _id === undefined ? new ObjectId() : _id, ...rest };
    const keys = this.#checked(stored);
    const id = canonicalKey(stored._id);
    const rank = this.#nextRank++;
    this.docs.push(stored);
    this.#ranks.push(rank);
    this.#addKeys(stored, id, rank, keys);
    this.#ids.set(id, { doc: stored, rank });
    this.#changed();
    return stored;
  }

  /** Replaces the document at `position` by `next`, which keeps its `_id`. */
  replaceAt(position: number, next: Document): void {
    const previous = this.docs[position]!;
    const keys = this.#checked(next, previous);
    const id = canonicalKey(previous._id);
    const rank = this.#ranks[position]!;
    this.#removeKeys(previous, id, rank);
    this.docs[position] = next;
    this.#addKeys(next, id, rank, keys);
    this.#ids.set(id, { doc: next, rank });
    this.#changed();
  }

  removeAt(position: number): Document {
    const [removed] = this.docs.splice(position, 1);
    const [rank] = this.#ranks.splice(position, 1);
    const id = canonicalKey(removed!._id);
    this.#removeKeys(removed!, id, rank!);
    this.#ids.delete(id);
    this.#changed();
    return removed!;
  }

  /** Adds an index over the stored documents: all of them fit it, or it is not added. */
  addIndex(index: IndexDefinition): void {
    const keys = this.docs.map((doc) => indexKeys(index, doc));
    if (index.unique) {
      keys.forEach((own, position) => {
        const id = canonicalKey(this.docs[position]!._id);
        for (const { key, values } of own) {
          const owner = index.entries.get(key);
          if (owner !== undefined && owner !== id) {
            index.entries.clear();
            throw duplicateKeyError(this.namespace, index, values);
          }
          index.entries.set(key, id);
        }
      });
      index.entries.clear();
    }
    keys.forEach((own, position) => {
      const doc = this.docs[position]!;
      addEntries(index, doc, canonicalKey(doc._id), this.#ranks[position]!, own);
    });
    this.indexes.push(index);
  }
}

/** Records a document's keys in one index: its entries, its unique keys, whether it is multikey. */
function addEntries(
  index: IndexDefinition,
  doc: Document,
  id: string,
  rank: number,
  own: readonly KeyValue[],
): void {
  for (const { key, tuple } of own) {
    if (index.unique) index.entries.set(key, id);
    index.tree.set({ values: tuple, rank }, doc);
  }
  if (own.length < 2) return;
  const first = own[0]!.tuple;
  index.multikey.forEach((multikey, field) => {
    if (multikey) return;
    if (own.some(({ tuple }) => compareKeyValues(tuple[field], first[field]) !== 0))
      index.multikey[field] = true;
  });
}

/**
 * The first `$`-prefixed field name at any depth of an `_id` document (through arrays too), as
 * MongoDB's `storageValidEmbedded` finds it; a DBRef's `$ref`, `$id` and `$db` are allowed.
 */
function dollarField(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    for (const element of value) {
      const found = dollarField(element);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!isDocument(value)) return undefined;
  const keys = Object.keys(value);
  const dbRef = keys[0] === '$ref' && typeof value.$ref === 'string' && keys[1] === '$id';
  for (const [i, key] of keys.entries()) {
    const allowed = dbRef && (i < 2 || (i === 2 && key === '$db' && typeof value.$db === 'string'));
    if (key.startsWith('$') && !allowed) return key;
    const found = dollarField(value[key]);
    if (found !== undefined) return found;
  }
  return undefined;
}
