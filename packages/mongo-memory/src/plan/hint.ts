/**
 * `hint`: the index a query must read, named by its name or its key pattern, or `{$natural: 1}`
 * for a collection scan. A hint naming no index of the collection is MongoDB's error 2 BadValue
 * "hint provided does not correspond to an existing index"; neither a string nor an object is
 * error 9 FailedToParse. A collection that does not exist has no plan to choose, so its hint is not
 * looked up (MongoDB answers a query of a missing collection with nothing, whatever the hint).
 */
import { canonicalKey, isDocument } from '../bson/order.js';
import { badValue, MemoryEngineUnsupportedError, serverError } from '../errors/engine-errors.js';
import type { IndexDefinition } from '../indexes/unique-index.js';
import type { CollectionStore } from '../store/collection-store.js';
import { covers } from './coverage.js';
import { readableFields } from './index-bounds.js';

/** A hint read against the collection: a collection scan, or one index. */
export type ResolvedHint = { readonly natural: true } | { readonly natural: false; index: IndexDefinition };

const NATURAL: ResolvedHint = { natural: true };

/** The hint's meaning for this collection; undefined for no hint (none, `{}`, a missing collection). */
export function resolveHint(store: CollectionStore | undefined, hint: unknown): ResolvedHint | undefined {
  if (hint === undefined) return undefined;
  if (typeof hint !== 'string' && !isDocument(hint)) {
    throw serverError(9, 'Hint must be a string or an object');
  }
  if (isDocument(hint)) {
    const [first] = Object.keys(hint);
    if (first === undefined) return undefined;
    if (first === '$natural') return natural(hint.$natural);
  }
  if (store === undefined) return undefined;
  const named = store.indexes.filter((index) =>
    typeof hint === 'string' ? index.name === hint : canonicalKey(index.key) === canonicalKey(hint),
  );
  const [index] = named;
  if (index === undefined) throw badValue('hint provided does not correspond to an existing index');
  if (named.length > 1) {
    throw new MemoryEngineUnsupportedError(
      `A hint of the key pattern ${JSON.stringify(hint)}, which several indexes have (hint one by its name),`,
    );
  }
  if (readableFields(index) === undefined) {
    throw new MemoryEngineUnsupportedError(
      `A hint of the index '${index.name}' (not a plain ascending/descending index)`,
    );
  }
  return { natural: false, index };
}

function natural(direction: unknown): ResolvedHint {
  if (direction === 1) return NATURAL;
  // A reverse scan changes which document a single write or an unsorted find meets first.
  throw new MemoryEngineUnsupportedError(`The hint {$natural: ${JSON.stringify(direction)}}`);
}

/**
 * Refuses by name a hinted partial index whose filter the query does not imply: every match is not
 * in it, and the engine does not claim MongoDB's answer for that case.
 */
export function checkHintedPartial(index: IndexDefinition, conditions: ReadonlyMap<string, unknown[]>): void {
  if (index.partialFilterExpression === undefined || covers(index, conditions)) return;
  throw new MemoryEngineUnsupportedError(
    `A hint of the partial index '${index.name}' for a query that does not imply its partialFilterExpression`,
  );
}
