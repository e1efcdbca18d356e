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
 * no timestamps), and a record whose fields are already current is not written. Records are read
 * one at a time from a cursor, so memory stays flat however many there are.
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
      await target.updateOne({ _id: record._id }, { $set: search });
      rewritten++;
    }
    done.push({ collection: collection.name, read, rewritten });
  }
  return done;
}
