import { isDeepStrictEqual } from 'node:util';
import type { Db } from 'mongodb';
import { collectionsByName } from '../collections/index.js';
import { searchFields } from './search-text.js';

/** What `rebuildSearchFields` did in one collection. */
export interface SearchRebuild {
  readonly collection: string;
  readonly read: number;
  readonly rewritten: number;
}

/**
 * Writes every searchable record's search fields again, as this version computes them: after an
 * upgrade that changes how text is folded or tokenised, records written before it would otherwise
 * not be found by the words that should find them. Only the search fields change (no sync state,
 * no timestamps), and a record whose fields are already current is not written. Each write is
 * conditional on the `_rev` the text was computed from and bumps it, as every write of a record's
 * search text is: a record changed meanwhile was written by the store with this version's text,
 * and is left as it is; an update that read the record before this write reads it again. Records
 * are read one at a time from a cursor, so memory stays flat however many there are.
 */
export async function rebuildSearchFields(db: Db): Promise<SearchRebuild[]> {
  const done: SearchRebuild[] = [];
  for (const collection of collectionsByName.values()) {
    if (!collection.definition.search) continue;
    const target = db.collection(collection.name);
    let read = 0;
    let rewritten = 0;
    for await (const record of target.find({})) {
      read++;
      const search = await searchFields(db, collection, record);
      if (Object.entries(search).every(([field, value]) => isDeepStrictEqual(record[field], value))) continue;
      // `_rev: null` matches a record written before `_rev` existed, and `$inc` starts it.
      const { matchedCount } = await target.updateOne(
        { _id: record._id, _rev: record._rev ?? null },
        { $set: search, $inc: { _rev: 1 } },
      );
      rewritten += matchedCount;
    }
    done.push({ collection: collection.name, read, rewritten });
  }
  return done;
}
