/**
 * The HTTP benchmark's data set: @school/testkit's seeded random schools, stored in the shape the
 * host stores (RecordStore.create) — `user._id`, `active`, timestamps, `_rev`, and the app's own
 * search fields (`searchFields`) and initial sync state (the sync's write hook) — but inserted straight
 * into the engine, without the store's per-record checks, so that building 3,000 students stays quick.
 */
import { COLLECTIONS, randomSchools, type SchoolData, schoolRecords } from '@school/testkit/school-data';
import type { ObjectId } from 'bson';
import type { Db } from 'mongodb';
import { collectionsByName } from '../src/collections/index.js';
import { createdRecord } from '../src/storage/convert.js';
import { searchFields } from '../src/storage/search-text.js';
import { syncWriteHook } from '../src/sync/record-hook.js';

/** Documents per `insertMany`. */
const INSERT_CHUNK = 5_000;

export interface BenchData extends SchoolData {
  /** The first school: the scoped token is limited to it. */
  readonly schoolId: ObjectId;
}

/** `perSchool[i]` students in school i, 1–2 parents each; 3 years, 3 sections and 30 grades per school. */
export function buildBenchData(perSchool: readonly number[]): BenchData {
  const data = schoolRecords(randomSchools({ seed: 20_260_115, students: perSchool }));
  return { ...data, schoolId: data.schools[0]!._id };
}

/** Stores every collection into `db` (empty), in creation order; returns the number of documents. */
export async function insertBenchData(db: Db, data: BenchData): Promise<number> {
  // The store's own hook decides which records carry a sync state; nothing to nudge here.
  const syncFields = syncWriteHook(() => undefined);
  let total = 0;
  for (const name of COLLECTIONS) {
    const collection = collectionsByName.get(name);
    if (!collection || data[name].length === 0) continue;
    const records: Array<Record<string, unknown>> = [];
    for (const body of data[name]) {
      // Created one after the other: created_at is the time in the generated _id.
      const at = body._id.getTimestamp();
      const record = createdRecord(collection, body, at);
      Object.assign(record, await searchFields(db, collection, record));
      Object.assign(record, syncFields.created(name, at));
      records.push(record);
    }
    // In chunks of 5,000, as a bulk loader sends them.
    for (let from = 0; from < records.length; from += INSERT_CHUNK) {
      await db.collection(name).insertMany(records.slice(from, from + INSERT_CHUNK));
    }
    total += records.length;
  }
  return total;
}
