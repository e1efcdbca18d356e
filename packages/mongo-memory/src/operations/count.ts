/** `countDocuments`, `estimatedDocumentCount` and `distinct`. */

import { cloneValue } from '../bson/clone.js';
import type { Document } from '../bson/document.js';
import { canonicalKey } from '../bson/order.js';
import { MISSING, pathValues } from '../bson/paths.js';
import { runAggregate } from './aggregate.js';
import { deadlineOf } from './deadline.js';
import { matchCount, matchingDocs } from './select.js';
import type { Target } from './target.js';

/**
 * The driver counts with `[{$match}, {$skip}?, {$limit}?, {$group: {_id: 1, n: {$sum: 1}}}]`, so
 * a skip or limit is judged as those stages are (`limit: 0` is refused, as MongoDB refuses
 * `$limit: 0`); without them the engine counts directly.
 */
export function countDocuments(
  target: Target,
  filter: Document,
  options: { skip?: unknown; limit?: unknown; maxTimeMS?: unknown },
): number {
  if (typeof options.skip !== 'number' && typeof options.limit !== 'number')
    return matchCount(target, filter, deadlineOf(options.maxTimeMS, target.host.now));
  const pipeline: Document[] = [{ $match: filter }];
  if (typeof options.skip === 'number') pipeline.push({ $skip: options.skip });
  if (typeof options.limit === 'number') pipeline.push({ $limit: options.limit });
  pipeline.push({ $group: { _id: 1, n: { $sum: 1 } } });
  const [result] = runAggregate(target, pipeline, options.maxTimeMS);
  return typeof result?.n === 'number' ? result.n : 0;
}

/** The distinct values at `key` (array elements one by one) among the matches, first seen first. */
export function distinct(target: Target, key: string, filter: Document): unknown[] {
  const seen = new Map<string, unknown>();
  for (const doc of matchingDocs(target, filter)) {
    for (const v of pathValues(doc, key)) {
      if (v === MISSING) continue;
      for (const e of Array.isArray(v) ? v : [v]) {
        const k = canonicalKey(e);
        if (!seen.has(k)) seen.set(k, cloneValue(e));
      }
    }
  }
  return [...seen.values()];
}
