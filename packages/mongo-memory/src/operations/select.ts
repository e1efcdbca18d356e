/**
 * Which stored documents a filter selects, in natural order: the planner (src/plan/) gives the
 * candidates — through the hinted index, or an index or the `_id` map when the filter bounds one,
 * else all of them — and the compiled filter judges each, with the command's `let` variables.
 */
import { cloneValue } from '../bson/clone.js';
import type { Document } from '../bson/document.js';
import { type Candidates, candidates, type PlanReport } from '../plan/planner.js';
import { compileFilter, type Predicate } from '../query/filter.js';
import { normalizeSort, sortDocuments } from '../sort/sort-documents.js';
import { checkingDeadline, type Deadline } from './deadline.js';
import type { ReadOptions } from './options.js';
import type { Target } from './target.js';

/** A stored document and its position in the store (what writes address). */
export interface Match {
  doc: Document;
  position: number;
}

/**
 * The filter, compiled once (it is copied first: the caller may change its own afterwards), its
 * `$expr` seeing `variables`.
 */
export const compiled = (filter: unknown, variables?: Document): Predicate =>
  compileFilter(cloneValue(filter ?? {}), variables === undefined ? {} : { variables });

function candidatesOf(target: Target, filter: unknown, natural: boolean, how: ReadOptions): Candidates {
  return candidates(target.existing(), filter, target.useIndexes, natural, how.hint);
}

/** Matching documents with their positions, in natural order. */
export function matching(target: Target, filter: unknown, how: ReadOptions = {}): Match[] {
  const test = checkingDeadline(compiled(filter, how.variables), how.deadline);
  const { docs, ranks } = candidatesOf(target, filter, true, how);
  const store = target.existing();
  const out: Match[] = [];
  docs.forEach((doc, i) => {
    if (!test(doc)) return;
    out.push({ doc, position: ranks === undefined ? i : store!.positionOf(ranks[i]!) });
  });
  return out;
}

/** The matching stored documents (not copied), in natural order, and how they were found. */
export function selected(
  target: Target,
  filter: unknown,
  test: Predicate,
  how: ReadOptions = {},
): { docs: Document[]; report: PlanReport } {
  const { docs, report } = candidatesOf(target, filter, true, how);
  return { docs: docs.filter((doc) => test(doc)), report };
}

/** The matching stored documents (not copied), in natural order. */
export function matchingDocs(
  target: Target,
  filter: unknown,
  deadline?: Deadline,
  how: ReadOptions = {},
): Document[] {
  return selected(target, filter, checkingDeadline(compiled(filter, how.variables), deadline), how).docs;
}

/** How many documents match (in any order), checking `deadline` for each one tested. */
export function matchCount(
  target: Target,
  filter: unknown,
  deadline?: Deadline,
  how: ReadOptions = {},
): number {
  const test = checkingDeadline(compiled(filter, how.variables), deadline);
  let n = 0;
  for (const doc of candidatesOf(target, filter, false, how).docs) if (test(doc)) n++;
  return n;
}

/** The matches in `sort` order (natural order without one), the first `limit` of them if given. */
export function sortedMatches(
  target: Target,
  filter: unknown,
  sort: unknown,
  how: ReadOptions,
  limit?: number,
): Match[] {
  const matches = matching(target, filter, how);
  if (sort === undefined || matches.length <= 1)
    return limit === undefined ? matches : matches.slice(0, limit);
  const byDoc = new Map(matches.map((m) => [m.doc, m.position]));
  return sortDocuments(
    matches.map((m) => m.doc),
    normalizeSort(sort),
    limit,
  ).map((doc) => ({ doc, position: byDoc.get(doc)! }));
}

/** The first match in `sort` order (natural order without one). */
export function firstMatch(
  target: Target,
  filter: Document,
  sort: unknown,
  how: ReadOptions = {},
): Match | undefined {
  return sortedMatches(target, filter, sort, how, 1)[0];
}
