import type { Document } from 'bson';
import type { BulkWriteResult, UpdateResult } from 'mongodb';
import { afterAll } from 'vitest';
import { availableEngines, type CollectionLike, type DbLike, type Engine } from './engines.js';

/** The engines for one test file, closed after it. */
export async function enginesFor(label: string): Promise<Engine[]> {
  const engines = await availableEngines(label);
  afterAll(async () => {
    for (const engine of engines) await engine.close();
  });
  return engines;
}

let counter = 0;

/** A new collection holding `docs` (inserted in order). */
export async function fresh(db: DbLike, docs: Document[] = []): Promise<CollectionLike> {
  counter += 1;
  const collection = db.collection(`c${counter}`);
  if (docs.length > 0) await collection.insertMany(docs.map((d) => ({ ...d })));
  return collection;
}

/** The `_id`s of documents, in order. */
export const ids = (docs: Document[]): unknown[] => docs.map((d) => d._id);

type UpdateOptionsLike = { upsert?: boolean; arrayFilters?: Document[] };

/**
 * A test collection with the driver's members `CollectionLike` leaves out (`bulkWrite`,
 * `arrayFilters`), which the collections of both engines have.
 */
export interface DriverCollection extends CollectionLike {
  updateOne(
    filter: Document,
    update: Document | Document[],
    options?: UpdateOptionsLike,
  ): Promise<UpdateResult>;
  updateMany(
    filter: Document,
    update: Document | Document[],
    options?: UpdateOptionsLike,
  ): Promise<UpdateResult>;
  findOneAndUpdate(
    filter: Document,
    update: Document | Document[],
    options?: UpdateOptionsLike & { returnDocument?: 'before' | 'after' },
  ): Promise<Document | null>;
  bulkWrite(operations: Document[], options?: { ordered?: boolean }): Promise<BulkWriteResult>;
}

const isDriverCollection = (c: CollectionLike): c is DriverCollection =>
  'bulkWrite' in c && typeof c.bulkWrite === 'function';

/** `fresh`, with the members of `DriverCollection`. */
export async function freshDriver(db: DbLike, docs: Document[] = []): Promise<DriverCollection> {
  const collection = await fresh(db, docs);
  if (!isDriverCollection(collection)) throw new TypeError('a driver Collection expected');
  return collection;
}
