/**
 * `insertOne` and `insertMany`. The caller's documents get their generated `_id`, as the driver's
 * do; the stored documents are copies.
 */
import { ObjectId } from 'bson';
import { cloneValue } from '../bson/clone.js';
import { isDocument } from '../bson/order.js';
import { MemoryInvalidArgumentError, MemoryServerError } from '../errors/engine-errors.js';
import { bulkWriteError, noOutcome, writeError } from './bulk-write-error.js';
import { plain } from './options.js';
import type { Target } from './target.js';

/** Stores a copy of `input`; returns the stored `_id`. */
export function insertOne(target: Target, input: object): unknown {
  const doc = plain(input);
  if (!isDocument(doc)) throw new MemoryInvalidArgumentError('Document must be an object');
  // The driver gives a document without an `_id`, or with a null one, an ObjectId before it sends.
  if (doc._id == null) doc._id = new ObjectId();
  const stored = target.write().insert(cloneValue(doc));
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
  // The driver gives every document its `_id` before it sends the batch, so documents after an
  // ordered insert's failure carry one too.
  const plainDocs = docs.map((input) => {
    const doc = plain(input);
    if (!isDocument(doc)) throw new MemoryInvalidArgumentError('Document must be an object');
    if (doc._id == null) doc._id = new ObjectId();
    return doc;
  });
  const store = target.write();
  const outcome = noOutcome();
  for (const [index, doc] of plainDocs.entries()) {
    try {
      store.insert(cloneValue(doc));
      outcome.insertedIds.push({ index, _id: doc._id });
      outcome.nInserted++;
    } catch (error) {
      if (!(error instanceof MemoryServerError)) throw error;
      outcome.writeErrors.push(writeError(index, error, doc));
      if (ordered) break;
    }
  }
  if (outcome.writeErrors.length > 0) throw bulkWriteError(outcome);
  return Object.fromEntries(outcome.insertedIds.map(({ index, _id }) => [index, _id]));
}
