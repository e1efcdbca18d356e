/**
 * How many records a list may examine, for the read cost budget (the query DSL's `recordCount`):
 * the records of the collection in the caller's schools. Counted per collection and school, and
 * kept: a count is used for `RECORD_COUNT_TTL_MS`, then counted again in the background while the
 * old one keeps answering, so a list waits for a count only the first time its school is read.
 * A school's count is a `countDocuments` on `{ school }` (index-bounded by `{ school: 1, _id: 1 }`);
 * a token of every school reads the collection's `estimatedDocumentCount` (its metadata, no scan).
 */
import type { ObjectId } from 'bson';
import type { Db } from 'mongodb';
import { LruMap } from 'toad-cache';
import type { Caller } from '../auth/caller.js';
import type { HostCollection } from '../collections/index.js';

/** How long a count is used before it is counted again. */
export const RECORD_COUNT_TTL_MS = 30_000;
/** Counts kept at most (one per collection and school read lately): memory stays bounded. */
const MAX_COUNTS = 10_000;

interface Entry {
  value: number | undefined;
  countedAt: number;
  /** The count under way, if any: concurrent readers share it. */
  pending: Promise<number> | undefined;
}

export class RecordCounts {
  readonly #entries = new LruMap<Entry>(MAX_COUNTS);

  /**
   * @param maxTimeMS the time limit of each count, as of every read.
   * @param now the clock that ages the counts (milliseconds).
   */
  constructor(
    readonly db: Db,
    readonly maxTimeMS: number,
    readonly now: () => number = Date.now,
  ) {}

  /** The records of `collection` a list by `caller` may examine (those of the caller's schools). */
  async inScope(collection: HostCollection, caller: Caller): Promise<number> {
    const { name } = collection;
    const { maxTimeMS } = this;
    if (caller.schools === '*') {
      return this.#counted(`${name}:*`, () => this.db.collection(name).estimatedDocumentCount({ maxTimeMS }));
    }
    // `schools` is scoped by `_id`: the caller's schools are all it may examine.
    if (!collection.scoped) return caller.schools.length;
    const counts = await Promise.all(
      caller.schools.map((school: ObjectId) =>
        this.#counted(`${name}:${school.toHexString()}`, () =>
          this.db.collection(name).countDocuments({ school }, { maxTimeMS }),
        ),
      ),
    );
    return counts.reduce((sum, count) => sum + count, 0);
  }

  #counted(key: string, count: () => Promise<number>): number | Promise<number> {
    const entry = this.#entries.get(key);
    if (entry?.value !== undefined) {
      if (entry.pending === undefined && this.now() - entry.countedAt >= RECORD_COUNT_TTL_MS) {
        // A failed refresh keeps the old count; the next read past the TTL tries again.
        this.#count(entry, count).catch(() => undefined);
      }
      return entry.value;
    }
    if (entry?.pending !== undefined) return entry.pending;
    const fresh: Entry = { value: undefined, countedAt: 0, pending: undefined };
    this.#entries.set(key, fresh);
    return this.#count(fresh, count).catch((error: unknown) => {
      this.#entries.delete(key);
      throw error;
    });
  }

  #count(entry: Entry, count: () => Promise<number>): Promise<number> {
    const pending = count().then(
      (value) => {
        entry.value = value;
        entry.countedAt = this.now();
        entry.pending = undefined;
        return value;
      },
      (error: unknown) => {
        entry.pending = undefined;
        throw error;
      },
    );
    entry.pending = pending;
    return pending;
  }
}
