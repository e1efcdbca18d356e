/**
 * What the update and find-and-modify operations share: the next version of a matched document
 * (by update operators, an update pipeline or a replacement) and the insert of an upsert.
 */
import { ObjectId } from 'bson';
import { cloneValue } from '../bson/clone.js';
import type { Document } from '../bson/document.js';
import { canonicalKey } from '../bson/order.js';
import { serverError } from '../errors/engine-errors.js';
import { applyOperators, applyPipelineUpdate } from '../update/apply.js';
import type { Update } from '../update/check.js';
import type { CollectionHost, Target } from './target.js';
import { upsertSeed } from './upsert-seed.js';

/** Apply an update (operators or pipeline) to a copy of a stored document. */
export function updated(host: CollectionHost, doc: Document, update: Update, inserting: boolean): Document {
  if (Array.isArray(update)) return applyPipelineUpdate(cloneValue(doc), update, host);
  const next = cloneValue(doc);
  applyOperators(next, update, inserting);
  return next;
}

/** A replacement of a stored document: its `_id` kept, which the replacement may only repeat. */
export function replaced(doc: Document, replacement: Document): Document {
  const next = cloneValue(replacement);
  if (next._id !== undefined && canonicalKey(next._id) !== canonicalKey(doc._id)) {
    throw serverError(
      66,
      `After applying the update, the (immutable) field '_id' was found to have been altered to _id: ${JSON.stringify(next._id)}`,
    );
  }
  const { _id, ...rest } = next;
  return { _id: doc._id, ...rest };
}

/** The document a replacement upserts: the filter's `_id` (if it names one), then the replacement. */
export function replacementUpsert(seed: Document, replacement: Document): Document {
  return { ...(seed._id === undefined ? {} : { _id: seed._id }), ...cloneValue(replacement) };
}

/** Insert for an upsert: the filter's equalities, then the update; `_id` first. */
export function upsert(
  target: Target,
  filter: Document,
  replacement: boolean,
  build: (seed: Document) => Document,
): Document {
  const seed = upsertSeed(filter, replacement);
  const built = build(seed);
  if (seed._id !== undefined && canonicalKey(built._id) !== canonicalKey(seed._id)) {
    throw serverError(66, "Performing an update on the path '_id' would modify the immutable field '_id'");
  }
  const withId = built._id === undefined ? { _id: new ObjectId(), ...built } : { _id: built._id, ...built };
  return target.write().insert(withId);
}
