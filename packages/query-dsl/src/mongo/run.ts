import type { QueryPlan } from '../plan/types.js';
import type { QueryRecordOf } from '../result/query-record.js';
import type { MongoDocument, QueryResponse } from '../result/response.js';
import { type MongoQuery, toMongo } from './to-mongo.js';

/** The part of a `mongodb` `Collection` the runner uses; the driver's collections and the in-process engine's fit it. */
export interface QueryableCollection {
  find(filter: MongoDocument, options?: MongoDocument): { toArray(): Promise<MongoDocument[]> };
  aggregate(pipeline: MongoDocument[], options?: MongoDocument): { toArray(): Promise<MongoDocument[]> };
  countDocuments(filter: MongoDocument): Promise<number>;
}

/** The part of a `mongodb` `Db` the runner uses. */
export interface QueryableDb {
  collection(name: string): QueryableCollection;
}

/**
 * A sort on a field no index covers is a blocking sort; past 100 MB MongoDB 5.0 fails it unless
 * the command allows disk use (6.0 allows it by default). A deep page of a large collection can
 * get there, so every read asks for it; small sorts never touch the disk either way.
 */
const DISK = Object.freeze({ allowDiskUse: true });

/**
 * Runs a plan (or its MongoDB form) on a database and returns the envelope's `response`: the page
 * of records, or the totals object. The records are typed as the plan reads them back: a plan from
 * `dsl.parse` answers `QueryRecord`s of its collection (every field may be absent, references may
 * be populated); a plan of a definition alone answers `QueryRecordOf` its record type. The counts
 * run alongside the page and never fetch records.
 */
export async function runQuery<TRecord extends MongoDocument, TRow = QueryRecordOf<TRecord>>(
  db: QueryableDb,
  query: QueryPlan<TRecord, TRow> | MongoQuery<TRecord, TRow>,
): Promise<QueryResponse<TRow>> {
  const mongo = 'read' in query ? query : toMongo(query);
  const collection = db.collection(mongo.collection);
  const { read } = mongo;
  // The database hands back plain documents; the schema the plan was read against says what they hold.
  const page = (
    read.kind === 'find'
      ? collection.find(read.filter, { ...read.options, ...DISK }).toArray()
      : collection.aggregate(read.pipeline, DISK).toArray()
  ) as Promise<TRow[]>;
  if (!mongo.counts) return page;
  const { counts } = mongo;
  const [results, total, actualTotal, active] = await Promise.all([
    page,
    collection.countDocuments(counts.total),
    collection.countDocuments(counts.actualTotal),
    counts.active === undefined ? undefined : collection.countDocuments(counts.active),
  ]);
  if (active === undefined) return { results, total, actual_total: actualTotal };
  return { results, total, actual_total: actualTotal, active, inactive: total - active };
}
