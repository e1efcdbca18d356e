/**
 * `updateOne`, `updateMany` and `replaceOne`: the matches (the first one in `sort` order for
 * `updateOne`) changed in place when the change is a change, or one upserted document.
 */

import type { Document } from '../bson/document.js';
import { sameValue } from '../bson/order.js';
import { normalizeSort, sortDocuments } from '../sort/sort-documents.js';
import type { Update } from '../update/check.js';
import { replaced, replacementUpsert, updated, upsert } from './modify.js';
import type { UpdateOptions, UpdateResult } from './options.js';
import { type Match, matching } from './select.js';
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
  update: Update,
  options: UpdateOptions,
  many: boolean,
  sort?: unknown,
): UpdateResult {
  let matches: Match[] = matching(target, filter);
  if (sort !== undefined) {
    const byDoc = new Map(matches.map((m) => [m.doc, m.position]));
    matches = sortDocuments(
      matches.map((m) => m.doc),
      normalizeSort(sort),
      many ? undefined : 1,
    ).map((doc) => ({ doc, position: byDoc.get(doc)! }));
  }
  if (!many) matches = matches.slice(0, 1);
  if (matches.length === 0) {
    if (!options.upsert) return { ...NONE };
    return upserted(upsert(target, filter, false, (seed) => updated(target.host, seed, update, true)));
  }
  const store = target.write();
  let modified = 0;
  for (const { doc, position } of matches) {
    const next = updated(target.host, doc, update, false);
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

export function replaceOne(
  target: Target,
  filter: Document,
  replacement: Document,
  options: UpdateOptions,
): UpdateResult {
  const [match] = matching(target, filter);
  if (match === undefined) {
    if (!options.upsert) return { ...NONE };
    return upserted(upsert(target, filter, true, (seed) => replacementUpsert(seed, replacement)));
  }
  const next = replaced(match.doc, replacement);
  const changed = !sameValue(next, match.doc);
  if (changed) target.write().replaceAt(match.position, next);
  return {
    acknowledged: true,
    matchedCount: 1,
    modifiedCount: changed ? 1 : 0,
    upsertedCount: 0,
    upsertedId: null,
  };
}
