/**
 * `insertOne` and `insertMany`. The caller's documents get their generated `_id`, as the driver's
 * do; the stored documents are copies.
 */
import { ObjectId } from 'bson';
import { cloneValue } from '../bson/clone.js';
import { isDocument } from '../bson/order.js';
import { MemoryInvalidArgumentError, MemoryServerError } from '../errors.js';
import { plain } from './options.js';
import type { Target } from './target.js';

/** The driver's `MongoBulkWriteError` (a `MongoServerError`) thrown by `insertMany`. */
export class MemoryBulkWriteError extends MemoryServerError {
  override get name(): string {
    return 'MongoBulkWriteError';
  }
  readonly writeErrors: Array<{ index: number; code: number; errmsg: string }>;
  readonly insertedIds: Record<number, unknown>;
  readonly insertedCount: number;

  constructor(
    first: MemoryServerError,
    writeErrors: Array<{ index: number; code: number; errmsg: string }>,
    insertedIds: Record<number, unknown>,
  ) {
    super(first.code, first.codeName, first.message);
    if (first.keyPattern) this.keyPattern = first.keyPattern;
    if (first.keyValue) this.keyValue = first.keyValue;
    this.writeErrors = writeErrors;
    this.insertedIds = insertedIds;
    this.insertedCount = Object.keys(insertedIds).length;
  }
}

/** Stores a copy of `input`; returns the stored `_id`. */
export function insertOne(target: Target, input: object): unknown {
  const doc = plain(input);
  if (!isDocument(doc)) throw new MemoryInvalidArgumentError('Document must be an object');
  const stored = target.write().insert(cloneValue(doc));
  if (doc._id === undefined) doc._id = stored._id;
  return stored._id;
}

/**
 * Stores copies of `docs` in order; an ordered insert stops at the first write error, an unordered
 * one goes on. Any write error is thrown at the end as one `MongoBulkWriteError`.
 */
export function insertMany(
  target: Target,
  docs: readonly object[],
  ordered: boolean,
): Record<number, unknown> {
  if (!Array.isArray(docs))
    throw new MemoryInvalidArgumentError('Argument "docs" must be an array of documents');
  const store = target.write();
  const insertedIds: Record<number, unknown> = {};
  const errors: Array<{ index: number; error: MemoryServerError }> = [];
  for (let i = 0; i < docs.length; i++) {
    const doc = plain(docs[i]);
    if (!isDocument(doc)) throw new MemoryInvalidArgumentError('Document must be an object');
    if (doc._id === undefined) doc._id = new ObjectId();
    try {
      store.insert(cloneValue(doc));
      insertedIds[i] = doc._id;
    } catch (error) {
      if (!(error instanceof MemoryServerError)) throw error;
      errors.push({ index: i, error });
      if (ordered) break;
    }
  }
  if (errors.length > 0) {
    const writeErrors = errors.map(({ index, error }) => ({
      index,
      code: error.code,
      errmsg: error.message,
    }));
    throw new MemoryBulkWriteError(errors[0]!.error, writeErrors, insertedIds);
  }
  return insertedIds;
}
