/**
 * `updateOne`, `updateMany` and `replaceOne`: the matches (the first one in `sort` order for
 * `updateOne` and `replaceOne`) changed in place when the change is a change, or one upserted document. A
 * `replaceOne` is an `updateOne` whose change is a replacement (`byReplacement`).
 */

import type { Document } from '../bson/document.js';
import { sameValue } from '../bson/order.js';
import { type Change, upsert } from './modify.js';
import type { ReadOptions, UpdateOptions, UpdateResult } from './options.js';
import { type Match, sortedMatches } from './select.js';
import type { Target } from './target.js';

const NONE: UpdateResult = {
  acknowledged: true,
  matchedCount: 0,
  modifiedCount: 0,
  upsertedCount: 0,
  upsertedId: null,
};

const upserted = (stored: Document): UpdateResult => ({
  acknowledged: true,
  matchedCount: 0,
  modifiedCount: 0,
  upsertedCount: 1,
  upsertedId: stored._id,
});

export function updateMatched(
  target: Target,
  filter: Document,
  change: Change,
  options: UpdateOptions & ReadOptions & { sort?: unknown },
  many: boolean,
): UpdateResult {
  const matches: Match[] = sortedMatches(target, filter, options.sort, options, many ? undefined : 1);
  if (matches.length === 0) {
    if (!options.upsert) return { ...NONE };
    return upserted(upsert(target, filter, change));
  }
  const store = target.write();
  let modified = 0;
  for (const { doc, position } of matches) {
    const next = change.next(doc);
    if (sameValue(next, doc)) continue;
    store.replaceAt(position, next);
    modified++;
  }
  return {
    acknowledged: true,
    matchedCount: matches.length,
    modifiedCount: modified,
    upsertedCount: 0,
    upsertedId: null,
  };
}
