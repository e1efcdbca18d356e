import type { Document } from 'bson';
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
