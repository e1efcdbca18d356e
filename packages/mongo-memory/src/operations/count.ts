/** `countDocuments`, `count`, `estimatedDocumentCount` and `distinct`. */

import { cloneValue } from '../bson/clone.js';
import type { Document } from '../bson/document.js';
import { canonicalKey } from '../bson/order.js';
import { MISSING, pathValues } from '../bson/paths.js';
import { serverError } from '../errors/engine-errors.js';
import { type AggregateSpec, runAggregate } from './aggregate.js';
import { deadlineOf } from './deadline.js';
import { letVariables } from './let.js';
import { integerOption } from './options.js';
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
  options: AggregateSpec & { skip?: unknown; limit?: unknown },
): number {
  if (typeof options.skip !== 'number' && typeof options.limit !== 'number') {
    const how = { hint: options.hint, variables: letVariables(options.let) };
    return matchCount(target, filter, deadlineOf(options.maxTimeMS, target.host.now), how);
  }
  const pipeline: Document[] = [{ $match: filter }];
  if (typeof options.skip === 'number') pipeline.push({ $skip: options.skip });
  if (typeof options.limit === 'number') pipeline.push({ $limit: options.limit });
  pipeline.push({ $group: { _id: 1, n: { $sum: 1 } } });
  const [result] = runAggregate(target, pipeline, options);
  return typeof result?.n === 'number' ? result.n : 0;
}

/**
 * The deprecated `Collection.count()`: the driver sends the `count` command, whose answer is the
 * number of matches past `skip`, at most `limit` (0 is none; a negative limit counts as its
 * absolute value, a negative skip is refused as MongoDB refuses it). For an empty filter MongoDB
 * may answer from the collection's metadata: the same number here.
 */
export function count(
  target: Target,
  filter: Document,
  options: { skip?: unknown; limit?: unknown; maxTimeMS?: unknown; hint?: unknown },
): number {
  const skip = integerOption(options.skip, 'skip') ?? 0;
  if (skip < 0) throw serverError(51024, `BSON field 'skip' value must be >= 0, actual value '${skip}'`);
  const limit = Math.abs(integerOption(options.limit, 'limit') ?? 0);
  const deadline = deadlineOf(options.maxTimeMS, target.host.now);
  const n = Math.max(0, matchCount(target, filter, deadline, { hint: options.hint }) - skip);
  return limit > 0 ? Math.min(n, limit) : n;
}

/** `estimatedDocumentCount()`: every stored document (its `maxTimeMS` checked, never reached). */
export function estimatedCount(target: Target, options: { maxTimeMS?: unknown }): number {
  deadlineOf(options.maxTimeMS, target.host.now);
  return target.read().length;
}

/** The distinct values at `key` (array elements one by one) among the matches, first seen first. */
export function distinct(
  target: Target,
  key: string,
  filter: Document,
  options: { maxTimeMS?: unknown; hint?: unknown },
): unknown[] {
  const seen = new Map<string, unknown>();
  const deadline = deadlineOf(options.maxTimeMS, target.host.now);
  for (const doc of matchingDocs(target, filter, deadline, { hint: options.hint })) {
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
