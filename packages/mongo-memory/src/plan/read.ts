/**
 * Reading an index plan's ranges: every entry (each document once, by rank), or in the index's
 * order until a sorted page is full. The per-entry callbacks are where a per-document check (a
 * deadline) goes.
 */
import type { Document } from '../bson/document.js';
import { compareKeyValues } from '../indexes/index-order.js';
import type { Predicate } from '../query/filter.js';
import type { IndexPlan } from './index-bounds.js';

/** The documents of the entries in the plan's ranges, by rank, and how many entries were read. */
export function readEntries(plan: IndexPlan): { byRank: Map<number, Document>; keys: number } {
  const byRank = new Map<number, Document>();
  let keys = 0;
  for (const { lo, hi } of plan.ranges) {
    plan.index.tree.forRange(lo, hi, true, (key, doc) => {
      keys++;
      byRank.set(key.rank, doc);
    });
  }
  return { byRank, keys };
}

/**
 * The matches met reading the plan in index order, until `need` matched and the entries tied with
 * the last of them on the sort's `width` fields (after the fixed ones) are read too, in natural
 * order; undefined past `budget` entries.
 */
export function readInOrder(
  plan: IndexPlan,
  test: Predicate,
  width: number,
  need: number,
  budget: number,
): { docs: Document[]; keys: number; docsExamined: number } | undefined {
  const seen = new Set<number>();
  const matched: Array<{ rank: number; doc: Document }> = [];
  const from = plan.fixedFields;
  let cutoff: readonly unknown[] | undefined;
  let keys = 0;
  let stop: 'full' | 'over' | undefined;
  for (const { lo, hi } of plan.ranges) {
    plan.index.tree.forRange(lo, hi, true, (key, doc) => {
      if (cutoff !== undefined && !tied(key.values, cutoff, from, width)) {
        stop = 'full';
        return { break: true };
      }
      if (++keys > budget) {
        stop = 'over';
        return { break: true };
      }
      if (seen.has(key.rank)) return undefined;
      seen.add(key.rank);
      if (!test(doc)) return undefined;
      matched.push({ rank: key.rank, doc });
      if (matched.length === need) cutoff = key.values;
      return undefined;
    });
    if (stop !== undefined) break;
  }
  if (stop === 'over') return undefined;
  matched.sort((a, b) => a.rank - b.rank);
  return { docs: matched.map((m) => m.doc), keys, docsExamined: seen.size };
}

function tied(values: readonly unknown[], cutoff: readonly unknown[], from: number, width: number): boolean {
  for (let i = from; i < from + width; i++) if (compareKeyValues(values[i], cutoff[i]) !== 0) return false;
  return true;
}
