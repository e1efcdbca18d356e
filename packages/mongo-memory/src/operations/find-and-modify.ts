/**
 * `findOneAndUpdate`, `findOneAndReplace` and `findOneAndDelete`: the first match in `sort` order,
 * changed or removed, returned as it was before or after (projected), or with the command's
 * metadata when `includeResultMetadata` asks for it.
 */

import { cloneValue } from '../bson/clone.js';
import type { Document } from '../bson/document.js';
import { sameValue } from '../bson/order.js';
import { applyProjection } from '../projection/apply.js';
import { parseProjection } from '../projection/parse.js';
import { deadlineOf } from './deadline.js';
import { type Change, upsert } from './modify.js';
import type { FindOneAndOptions } from './options.js';
import { firstMatch, type Match } from './select.js';
import type { Target } from './target.js';

/** The options, checked (options.ts), and the `let` variables, evaluated. */
export type FindOneAndSpec = FindOneAndOptions & { variables: Document | undefined };

function output(doc: Document | null, options: FindOneAndSpec, lastErrorObject: Document): unknown {
  const projection =
    options.projection && Object.keys(options.projection).length > 0
      ? parseProjection(options.projection, 'find')
      : undefined;
  const value =
    doc === null
      ? null
      : projection
        ? applyProjection(doc, projection, options.variables, true)
        : cloneValue(doc);
  return options.includeResultMetadata ? { value, ok: 1, lastErrorObject } : value;
}

/** The projection checked and the first match found, before anything changes. */
function firstOf(target: Target, filter: Document, options: FindOneAndSpec): Match | undefined {
  if (options.projection) parseProjection(options.projection, 'find');
  const { hint, variables } = options;
  const deadline = deadlineOf(options.maxTimeMS, target.host.now);
  return firstMatch(target, filter, options.sort, { hint, variables, deadline });
}

/** `findOneAndUpdate` (`change` from `byUpdate`) and `findOneAndReplace` (from `byReplacement`). */
export function findOneAndModify(
  target: Target,
  filter: Document,
  change: Change,
  options: FindOneAndSpec,
): unknown {
  const match = firstOf(target, filter, options);
  const after = options.returnDocument === 'after';
  if (match === undefined) {
    if (!options.upsert) return output(null, options, { n: 0, updatedExisting: false });
    const stored = upsert(target, filter, change);
    return output(after ? stored : null, options, { n: 1, updatedExisting: false, upserted: stored._id });
  }
  const next = change.next(match.doc);
  if (!sameValue(next, match.doc)) target.write().replaceAt(match.position, next);
  return output(after ? next : match.doc, options, { n: 1, updatedExisting: true });
}

export function findOneAndDelete(
  target: Target,
  filter: Document,
  options: Omit<FindOneAndSpec, 'upsert' | 'returnDocument'>,
): unknown {
  const match = firstOf(target, filter, options);
  if (match === undefined) return output(null, options, { n: 0 });
  const removed = target.write().removeAt(match.position);
  return output(removed, options, { n: 1 });
}
