import type { QueryPlan } from '../plan/types.js';
import type { QueryRecordOf } from '../result/query-record.js';
import type { MongoDocument, QueryResponse } from '../result/response.js';
import { type MongoQuery, toMongo } from './to-mongo.js';

/** The part of a `mongodb` `Collection` the runner uses; the driver's collections and the in-process engine's fit it. */
export interface QueryableCollection {
  find(filter: MongoDocument, options?: MongoDocument): { toArray(): Promise<MongoDocument[]> };
  aggregate(pipeline: MongoDocument[], options?: MongoDocument): { toArray(): Promise<MongoDocument[]> };
  countDocuments(filter: MongoDocument, options?: MongoDocument): Promise<number>;
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

/** `runQuery`'s time limit on each database operation when none is given, in milliseconds. */
export const DEFAULT_MAX_TIME_MS = 5000;

export interface RunOptions {
  /**
   * The most milliseconds each database operation (the page's find or aggregate, each count) may
   * take, as MongoDB's `maxTimeMS`: past it the database stops the operation and the driver rejects
   * it with a `MongoServerError` of code 50 (`MaxTimeMSExpired`). A positive integer.
   * @default DEFAULT_MAX_TIME_MS (5000)
   */
  readonly maxTimeMS?: number | undefined;
}

/**
 * Runs a plan (or its MongoDB form) on a database and returns the envelope's `response`: the page
 * of records, or the totals object. The records are typed as the plan reads them back: a plan from
 * `dsl.parse` answers `QueryRecord`s of its collection (every field may be absent, references may
 * be populated); a plan of a definition alone answers `QueryRecordOf` its record type. The counts
 * run alongside the page and never fetch records. Each operation has a time limit (`maxTimeMS`).
 */
export async function runQuery<TRecord extends MongoDocument, TRow = QueryRecordOf<TRecord>>(
  db: QueryableDb,
  query: QueryPlan<TRecord, TRow> | MongoQuery<TRecord, TRow>,
  options: RunOptions = {},
): Promise<QueryResponse<TRow>> {
  const maxTimeMS = options.maxTimeMS ?? DEFAULT_MAX_TIME_MS;
  if (!(Number.isSafeInteger(maxTimeMS) && maxTimeMS >= 1)) {
    throw new TypeError('maxTimeMS must be a positive integer.');
  }
  const mongo = 'read' in query ? query : toMongo(query);
  const collection = db.collection(mongo.collection);
  const { read } = mongo;
  const limits = { ...DISK, maxTimeMS };
  // The database hands back plain documents; the schema the plan was read against says what they hold.
  const page = (
    read.kind === 'find'
      ? collection.find(read.filter, { ...read.options, ...limits }).toArray()
      : collection.aggregate(read.pipeline, limits).toArray()
  ) as Promise<TRow[]>;
  if (!mongo.counts) return page;
  const { counts } = mongo;
  const timed = { maxTimeMS };
  const [results, total, actualTotal, active] = await Promise.all([
    page,
    collection.countDocuments(counts.total, timed),
    collection.countDocuments(counts.actualTotal, timed),
    counts.active === undefined ? undefined : collection.countDocuments(counts.active, timed),
  ]);
  if (active === undefined) return { results, total, actual_total: actualTotal };
  return { results, total, actual_total: actualTotal, active, inactive: total - active };
}
