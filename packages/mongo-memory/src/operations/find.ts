/**
 * `find` and `findOne`: the filter's matches in sort order, skipped and limited, projected. Only the
 * first skip + limit of the order are kept while sorting (top-k), and only the returned documents
 * are copied.
 */
import { cloneValue } from '../bson/clone.js';
import type { Document } from '../bson/document.js';
import type { FindSpec } from '../cursor/find-cursor.js';
import { serverError } from '../errors/engine-errors.js';
import { applyProjection } from '../projection/apply.js';
import { parseProjection } from '../projection/parse.js';
import { normalizeSort, sortDocuments } from '../sort/sort-documents.js';
import { deadlineOf } from './deadline.js';
import { type FindOptions, integerOption, plain } from './options.js';
import { matchingDocs } from './select.js';
import type { Target } from './target.js';

/** A cursor's spec from `find(filter, options)` (the driver's options, read once). */
export function findSpec(filter: object | undefined, options: FindOptions): FindSpec {
  const spec: FindSpec = { filter: plain(filter) };
  if (options.sort !== undefined) spec.sort = options.sort;
  if (options.skip !== undefined) spec.skip = options.skip;
  if (options.limit !== undefined) spec.limit = options.limit;
  if (options.projection !== undefined) spec.projection = options.projection;
  if (options.maxTimeMS !== undefined) spec.maxTimeMS = options.maxTimeMS;
  return spec;
}

export function runFind(target: Target, spec: FindSpec): Document[] {
  const projection =
    spec.projection && Object.keys(spec.projection).length > 0
      ? parseProjection(spec.projection, 'find')
      : undefined;
  const sort = spec.sort === undefined ? [] : normalizeSort(spec.sort);
  const skip = integerOption(spec.skip, 'skip') ?? 0;
  if (skip < 0) throw serverError(51024, `BSON field 'skip' value must be >= 0, actual value '${skip}'`);
  const limit = Math.abs(integerOption(spec.limit, 'limit') ?? 0);
  const end = limit > 0 ? skip + limit : undefined;
  const deadline = deadlineOf(spec.maxTimeMS, target.host.now);
  const docs = sortDocuments(matchingDocs(target, spec.filter, deadline), sort, end).slice(skip, end);
  return docs.map((d) => (projection ? applyProjection(d, projection, undefined, true) : cloneValue(d)));
}
