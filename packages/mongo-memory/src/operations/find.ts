/**
 * `find` and `findOne`: the filter's matches in sort order, skipped and limited, projected. Only the
 * first skip + limit of the order are kept while sorting (top-k), or, when an index gives the sort,
 * only that many are read from it; only the returned documents are copied.
 */
import { cloneValue } from '../bson/clone.js';
import type { Document } from '../bson/document.js';
import type { FindSpec } from '../cursor/find-cursor.js';
import { serverError } from '../errors/engine-errors.js';
import { explainDocument } from '../plan/explain.js';
import { orderedMatches, type PlanReport } from '../plan/planner.js';
import { applyProjection } from '../projection/apply.js';
import { parseProjection } from '../projection/parse.js';
import { normalizeSort, sortDocuments } from '../sort/sort-documents.js';
import { checkingDeadline, deadlineOf } from './deadline.js';
import { letVariables } from './let.js';
import { type FindOptions, integerOption, plain } from './options.js';
import { compiled, selected } from './select.js';
import type { Target } from './target.js';

/** A cursor's spec from `find(filter, options)` (the driver's options, read once). */
export function findSpec(filter: object | undefined, options: FindOptions): FindSpec {
  const spec: FindSpec = { filter: plain(filter) };
  if (options.sort !== undefined) spec.sort = options.sort;
  if (options.skip !== undefined) spec.skip = options.skip;
  if (options.limit !== undefined) spec.limit = options.limit;
  if (options.projection !== undefined) spec.projection = options.projection;
  if (options.maxTimeMS !== undefined) spec.maxTimeMS = options.maxTimeMS;
  if (options.hint !== undefined) spec.hint = options.hint;
  if (options.let !== undefined) spec.let = options.let;
  return spec;
}

/** What a find did, for `explain()`: the plan's report and how many documents it returned. */
export interface FindReport extends PlanReport {
  nReturned: number;
}

export function runFind(target: Target, spec: FindSpec, report?: (report: FindReport) => void): Document[] {
  const variables = letVariables(spec.let);
  const projection =
    spec.projection && Object.keys(spec.projection).length > 0
      ? parseProjection(spec.projection, 'find')
      : undefined;
  const sort = spec.sort === undefined ? [] : normalizeSort(spec.sort);
  const skip = integerOption(spec.skip, 'skip') ?? 0;
  if (skip < 0) throw serverError(51024, `BSON field 'skip' value must be >= 0, actual value '${skip}'`);
  const limit = Math.abs(integerOption(spec.limit, 'limit') ?? 0);
  const end = limit > 0 ? skip + limit : undefined;
  // Every document the filter tests checks the deadline first (maxTimeMS).
  const test = checkingDeadline(
    compiled(spec.filter, variables),
    deadlineOf(spec.maxTimeMS, target.host.now),
  );
  // A sort an index gives, with a limit: the index read in order until the page is full (a hint
  // chooses the index itself).
  const ordered =
    end === undefined || spec.hint !== undefined
      ? undefined
      : orderedMatches(target.existing(), spec.filter, test, sort, end, target.useIndexes);
  const found = ordered ?? selected(target, spec.filter, test, { hint: spec.hint });
  const docs = sortDocuments(found.docs, sort, end).slice(skip, end);
  report?.({ ...found.report, nReturned: docs.length });
  return docs.map((d) => (projection ? applyProjection(d, projection, variables, true) : cloneValue(d)));
}

/** `explain()` of a find: the query run for its plan and counts, its documents not copied out. */
export function explainFind(target: Target, spec: FindSpec, withStats: boolean): Document {
  const { projection: _, ...unprojected } = spec;
  const sink: { report?: FindReport } = {};
  runFind(target, unprojected, (report) => {
    sink.report = report;
  });
  const { nReturned, ...report } = sink.report!;
  return explainDocument({ namespace: target.namespace, filter: spec.filter, report, nReturned, withStats });
}
