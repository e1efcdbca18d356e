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
import type { Update } from '../update/check.js';
import { replaced, replacementUpsert, updated, upsert } from './modify.js';
import { type FindOneAndOptions, rejectUnsupported } from './options.js';
import { firstMatch } from './select.js';
import type { Target } from './target.js';

function output(doc: Document | null, options: FindOneAndOptions, lastErrorObject: Document): unknown {
  const projection =
    options.projection && Object.keys(options.projection).length > 0
      ? parseProjection(options.projection, 'find')
      : undefined;
  const value =
    doc === null ? null : projection ? applyProjection(doc, projection, undefined, true) : cloneValue(doc);
  return options.includeResultMetadata ? { value, ok: 1, lastErrorObject } : value;
}

function findOneAndModify(
  target: Target,
  filter: Document,
  options: FindOneAndOptions,
  change: (doc: Document) => Document,
  build: (seed: Document) => Document,
  replacement: boolean,
): unknown {
  rejectUnsupported(options, 'findOneAndUpdate');
  if (options.projection) parseProjection(options.projection, 'find');
  const match = firstMatch(target, filter, options.sort);
  const after = options.returnDocument === 'after';
  if (match === undefined) {
    if (!options.upsert) return output(null, options, { n: 0, updatedExisting: false });
    const stored = upsert(target, filter, replacement, build);
    return output(after ? stored : null, options, { n: 1, updatedExisting: false, upserted: stored._id });
  }
  const next = change(match.doc);
  if (!sameValue(next, match.doc)) target.write().replaceAt(match.position, next);
  return output(after ? next : match.doc, options, { n: 1, updatedExisting: true });
}

export function findOneAndUpdate(
  target: Target,
  filter: Document,
  update: Update,
  options: FindOneAndOptions,
): unknown {
  return findOneAndModify(
    target,
    filter,
    options,
    (doc) => updated(target.host, doc, update, false),
    (seed) => updated(target.host, seed, update, true),
    false,
  );
}

export function findOneAndReplace(
  target: Target,
  filter: Document,
  replacement: Document,
  options: FindOneAndOptions,
): unknown {
  return findOneAndModify(
    target,
    filter,
    options,
    (doc) => replaced(doc, replacement),
    (seed) => replacementUpsert(seed, replacement),
    true,
  );
}

export function findOneAndDelete(
  target: Target,
  filter: Document,
  options: Omit<FindOneAndOptions, 'upsert' | 'returnDocument'>,
): unknown {
  rejectUnsupported(options, 'findOneAndDelete');
  if (options.projection) parseProjection(options.projection, 'find');
  const match = firstMatch(target, filter, options.sort);
  if (match === undefined) return output(null, options, { n: 0 });
  const removed = target.write().removeAt(match.position);
  return output(removed, options, { n: 1 });
}
