/**
 * Which stored documents a filter selects, in natural order: the planner (src/plan/) gives the
 * candidates — through an index or the `_id` map when the filter bounds one, else all of them —
 * and the compiled filter judges each.
 */
import { cloneValue } from '../bson/clone.js';
import type { Document } from '../bson/document.js';
import { type Candidates, candidates, type PlanReport } from '../plan/planner.js';
import { compileFilter, type Predicate } from '../query/filter.js';
import { normalizeSort, sortDocuments } from '../sort/sort-documents.js';
import { checkingDeadline, type Deadline } from './deadline.js';
import type { Target } from './target.js';

/** A stored document and its position in the store (what writes address). */
export interface Match {
  doc: Document;
  position: number;
}

/** The filter, compiled once (it is copied first: the caller may change its own afterwards). */
export const compiled = (filter: unknown): Predicate => compileFilter(cloneValue(filter ?? {}));

function candidatesOf(target: Target, filter: unknown, natural = true): Candidates {
  return candidates(target.existing(), filter, target.useIndexes, natural);
}

/** Matching documents with their positions, in natural order. */
export function matching(target: Target, filter: unknown): Match[] {
  const test = compiled(filter);
  const { docs, ranks } = candidatesOf(target, filter);
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
  test = compiled(filter),
): { docs: Document[]; report: PlanReport } {
  const { docs, report } = candidatesOf(target, filter);
  return { docs: docs.filter((doc) => test(doc)), report };
}

/** The matching stored documents (not copied), in natural order. */
export function matchingDocs(target: Target, filter: unknown, deadline?: Deadline): Document[] {
  return selected(target, filter, checkingDeadline(compiled(filter), deadline)).docs;
}

/** How many documents match (in any order), checking `deadline` for each one tested. */
export function matchCount(target: Target, filter: unknown, deadline?: Deadline): number {
  const test = checkingDeadline(compiled(filter), deadline);
  let n = 0;
  for (const doc of candidatesOf(target, filter, false).docs) if (test(doc)) n++;
  return n;
}

/** The first match in `sort` order (natural order without one). */
export function firstMatch(target: Target, filter: Document, sort: unknown): Match | undefined {
  const matches = matching(target, filter);
  if (sort === undefined || matches.length <= 1) return matches[0];
  const byDoc = new Map(matches.map((m) => [m.doc, m.position]));
  const [doc] = sortDocuments(
    matches.map((m) => m.doc),
    normalizeSort(sort),
    1,
  );
  return doc === undefined ? undefined : { doc, position: byDoc.get(doc)! };
}
