/**
 * What the update and find-and-modify operations share: a `Change` — the next version of a
 * matched document (by update operators, an update pipeline or a replacement) and the document its
 * upsert inserts — and the upsert itself.
 */
import { ObjectId } from 'bson';
import { cloneValue } from '../bson/clone.js';
import type { Document } from '../bson/document.js';
import { canonicalKey } from '../bson/order.js';
import { serverError } from '../errors/engine-errors.js';
import { applyOperators, applyPipelineUpdate } from '../update/apply.js';
import type { Update } from '../update/check.js';
import { checkPipelineFilters, parseOperatorUpdate } from '../update/parse.js';
import { positionFinder } from '../update/positional.js';
import type { CollectionHost, Target } from './target.js';
import { upsertSeed } from './upsert-seed.js';

/** A replacement of a stored document: its `_id` kept, which the replacement may only repeat. */
function replaced(doc: Document, replacement: Document): Document {
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
function replacementUpsert(seed: Document, replacement: Document): Document {
  return { ...(seed._id === undefined ? {} : { _id: seed._id }), ...cloneValue(replacement) };
}

/**
 * How one update or replacement changes what it matches: built once per call, then applied to each
 * matched document (or to the upsert's seed), so the update and find-and-modify operations hold no
 * branch of their own for "update or replacement".
 */
export interface Change {
  /** A replacement seeds its upsert with the filter's `_id` only (see `upsertSeed`). */
  readonly replacement: boolean;
  /** The next version of a stored document: a new document, the stored one left as it is. */
  readonly next: (doc: Document) => Document;
  /** The document an upsert inserts, from the seed the filter gives. */
  readonly insert: (seed: Document) => Document;
}

/**
 * The change made by update operators or an update pipeline (`$setOnInsert` applies on insert
 * only); a pipeline sees the command's `let` variables. Operators are parsed here, once, so their
 * errors come whether or not a document matches; `filter` gives what a path's `$` stands for in
 * each matched document.
 */
export function byUpdate(
  host: CollectionHost,
  update: Update,
  filter: Document = {},
  arrayFilters?: unknown,
  variables?: Document,
): Change {
  if (Array.isArray(update)) {
    checkPipelineFilters(arrayFilters);
    return {
      replacement: false,
      next: (doc) => applyPipelineUpdate(cloneValue(doc), update, host, variables),
      insert: (seed) => applyPipelineUpdate(cloneValue(seed), update, host, variables),
    };
  }
  const parsed = parseOperatorUpdate(update, arrayFilters);
  const position = parsed.positional ? positionFinder(filter) : undefined;
  const apply = (doc: Document, inserting: boolean): Document => {
    const next = cloneValue(doc);
    applyOperators(next, parsed, inserting, inserting ? undefined : position?.(doc));
    return next;
  };
  return { replacement: false, next: (doc) => apply(doc, false), insert: (seed) => apply(seed, true) };
}

/** The change made by a replacement document. */
export const byReplacement = (replacement: Document): Change => ({
  replacement: true,
  next: (doc) => replaced(doc, replacement),
  insert: (seed) => replacementUpsert(seed, replacement),
});

/** Insert for an upsert: the filter's equalities, then the update; `_id` first. */
export function upsert(target: Target, filter: Document, change: Change): Document {
  const seed = upsertSeed(filter, change.replacement);
  const built = change.insert(seed);
  if (seed._id !== undefined && canonicalKey(built._id) !== canonicalKey(seed._id)) {
    throw serverError(66, "Performing an update on the path '_id' would modify the immutable field '_id'");
  }
  const withId = built._id === undefined ? { _id: new ObjectId(), ...built } : { _id: built._id, ...built };
  return target.write().insert(withId);
}
