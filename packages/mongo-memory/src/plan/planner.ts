/**
 * The query planner: which stored documents a filter's matches can be among, read through an
 * index when the filter bounds one, else every document (a collection scan). The filter itself
 * still judges every candidate, so an index changes how many documents are read, never the answer.
 *
 * - `_id` by equality or `$in` of plain ids, at the top or in a top-level `$and`: the `_id` map.
 * - Otherwise each index whose leading field the filter bounds (see index-bounds.ts) is a plan;
 *   the one whose bounds hold the fewest entries wins (counted up to the best so far).
 * - A sort an index gives, with a limit (`orderedMatches`): the index is read in its order until
 *   the page is full, when that takes a few entries, or it is the best plan, or it finishes
 *   within the best plan's count.
 * - A `hint` overrides all of this: the index it names is read (bounded where the filter bounds
 *   it, else whole), or the collection is scanned for `{$natural: 1}`.
 */
import { ObjectId } from 'bson';
import type { Document } from '../bson/document.js';
import { canonicalKey } from '../bson/order.js';
import type { IndexDefinition } from '../indexes/unique-index.js';
import type { Predicate } from '../query/filter.js';
import type { SortSpec } from '../sort/sort-documents.js';
import type { CollectionStore, IdEntry } from '../store/collection-store.js';
import { conjuncts } from './conditions.js';
import { checkHintedPartial, resolveHint } from './hint.js';
import { boundedPlan, fullPlan, hintedPlan, type IndexPlan, readableFields } from './index-bounds.js';
import { readEntries, readInOrder } from './read.js';

/** How a query was answered, for `explain()`. */
export interface PlanReport {
  stage: 'IXSCAN' | 'COLLSCAN';
  index: IndexDefinition | undefined;
  keysExamined: number;
  docsExamined: number;
}

/** The documents a filter's matches are among. */
export interface Candidates {
  /** In natural order (unless asked for in any order). */
  readonly docs: readonly Document[];
  /** Each document's rank (an index plan); none for a collection scan, whose `docs` are all of them. */
  readonly ranks: readonly number[] | undefined;
  readonly report: PlanReport;
}

const scan = (store: CollectionStore | undefined): Candidates => ({
  docs: store?.docs ?? [],
  ranks: undefined,
  report: { stage: 'COLLSCAN', index: undefined, keysExamined: 0, docsExamined: store?.docs.length ?? 0 },
});

/**
 * The candidates for `filter`; `natural: false` when their order does not matter (a count). A
 * `hint` (see hint.ts) is followed whether or not the planner is on (`useIndexes`).
 */
export function candidates(
  store: CollectionStore | undefined,
  filter: unknown,
  useIndexes: boolean,
  natural = true,
  hint?: unknown,
): Candidates {
  const hinted = resolveHint(store, hint);
  if (store === undefined || hinted?.natural || (!useIndexes && hinted === undefined)) return scan(store);
  const conditions = conjuncts(filter);
  if (hinted !== undefined) {
    checkHintedPartial(hinted.index, conditions);
    return planned(hintedPlan(hinted.index, conditions), natural);
  }
  const byId = idEntries(store, conditions.get('_id'));
  if (byId !== undefined) {
    const ranks = byId.map((entry) => entry.rank);
    const report = ixscan(store.indexes[0]!, byId.length, byId.length);
    return { docs: byId.map((entry) => entry.doc), ranks, report };
  }
  const best = cheapest(store, conditions);
  if (best === undefined) return scan(store);
  return planned(best.plan, natural);
}

function planned(plan: IndexPlan, natural: boolean): Candidates {
  const { byRank, keys } = readEntries(plan);
  const ranks = [...byRank.keys()];
  if (natural) ranks.sort((a, b) => a - b);
  const docs = ranks.map((rank) => byRank.get(rank)!);
  return { docs, ranks, report: ixscan(plan.index, keys, docs.length) };
}

/**
 * The first `need` matches in `sort` order, and every match tied with the last of them, read in
 * the order of an index that gives the sort (in natural order); undefined when no index gives it
 * or another plan is cheaper.
 */
export function orderedMatches(
  store: CollectionStore | undefined,
  filter: unknown,
  test: Predicate,
  sort: SortSpec,
  need: number,
  useIndexes: boolean,
): { docs: Document[]; report: PlanReport } | undefined {
  if (store === undefined || !useIndexes || sort.length === 0 || need <= 0) return undefined;
  const conditions = conjuncts(filter);
  if (idEntries(store, conditions.get('_id')) !== undefined) return undefined;
  // Of the indexes that give the sort, the one the filter bounds the most.
  const [ordered] = store.indexes
    .map((index) => {
      const bounded = boundedPlan(index, conditions);
      return bounded && givesSort(bounded, sort) ? bounded : fullPlan(index, conditions);
    })
    .filter((plan): plan is IndexPlan => plan !== undefined && givesSort(plan, sort))
    .sort((a, b) => b.boundedFields - a.boundedFields);
  if (ordered === undefined) return undefined;
  // A page is most often full after a few entries: tried first, before the plans are counted.
  const trial = 1024 + 8 * need;
  let read = readInOrder(ordered, test, sort.length, need, trial);
  if (read === undefined) {
    // Counted even when it is the only bounded plan: its count is what reading in order may cost.
    const best = cheapest(store, conditions, true);
    const budget = best === undefined || best.plan.index === ordered.index ? Infinity : best.count;
    if (budget <= trial) return undefined;
    read = readInOrder(ordered, test, sort.length, need, budget);
    if (read === undefined) return undefined;
  }
  const report = ixscan(ordered.index, read.keys, read.docsExamined);
  return { docs: read.docs, report };
}

function ixscan(index: IndexDefinition, keys: number, docs: number): PlanReport {
  return { stage: 'IXSCAN', index, keysExamined: keys, docsExamined: docs };
}

/**
 * Whether reading `plan` in order gives `sort`: after the fields fixed to one value, the index's
 * fields are the sort's, in its directions; the fixed and bounded fields hold one value per
 * document (else a document's first entry in the bounds is not its sort key).
 */
function givesSort(plan: IndexPlan, sort: SortSpec): boolean {
  const fields = readableFields(plan.index)!;
  const { directions, multikey } = plan.index;
  const from = plan.fixedFields;
  for (let i = 0; i < Math.max(from, plan.boundedFields); i++) if (multikey[i]) return false;
  return sort.every(
    ([path, direction], j) => fields[from + j] === path && directions![from + j] === direction,
  );
}

/**
 * The plan whose bounds hold the fewest entries, and that number (not counted for a lone plan
 * unless `countLone`). The plans are counted side by side up to a growing cap (64, 128, 256 …):
 * the first to finish under the cap is the smallest, found after reading about as many entries
 * per plan as it holds.
 */
function cheapest(
  store: CollectionStore,
  conditions: ReadonlyMap<string, unknown[]>,
  countLone = false,
): { plan: IndexPlan; count: number } | undefined {
  const plans = store.indexes
    .map((index) => boundedPlan(index, conditions))
    .filter((plan): plan is IndexPlan => plan !== undefined);
  if (plans.length === 0) return undefined;
  if (plans.length === 1 && !countLone) return { plan: plans[0]!, count: Infinity };
  for (let cap = 64; ; cap *= 2) {
    let best: { plan: IndexPlan; count: number } | undefined;
    for (const plan of plans) {
      const count = countUpTo(plan, cap);
      if (count < cap && (best === undefined || count < best.count)) best = { plan, count };
    }
    if (best !== undefined) return best;
  }
}

/** The entries in the plan's ranges, counted up to `cap`. */
function countUpTo(plan: IndexPlan, cap: number): number {
  let n = 0;
  for (const { lo, hi } of plan.ranges) {
    plan.index.tree.forRange(lo, hi, true, () => {
      n++;
      return n >= cap ? { break: n } : undefined;
    });
    if (n >= cap) break;
  }
  return n;
}

/** An `_id` this looks up in the `_id` map: compared by plain equality. */
function isPlainId(id: unknown): boolean {
  return id instanceof ObjectId || typeof id === 'string' || (typeof id === 'number' && !Number.isNaN(id));
}

/**
 * The stored documents (natural order) of the ids a condition on `_id` names by equality or by
 * `$in` of plain ids; undefined when no condition does.
 */
function idEntries(
  store: CollectionStore,
  conditions: readonly unknown[] | undefined,
): IdEntry[] | undefined {
  for (const condition of conditions ?? []) {
    let ids: readonly unknown[] | undefined;
    if (isPlainId(condition)) ids = [condition];
    else if (typeof condition === 'object' && condition !== null && Object.keys(condition).length === 1) {
      const { $eq, $in } = condition as { $eq?: unknown; $in?: unknown };
      if (isPlainId($eq)) ids = [$eq];
      else if (Array.isArray($in) && $in.every(isPlainId)) ids = $in;
    }
    if (ids === undefined) continue;
    const found = new Map<number, IdEntry>();
    for (const id of ids) {
      const entry = store.byId(canonicalKey(id));
      if (entry) found.set(entry.rank, entry);
    }
    return [...found.values()].sort((a, b) => a.rank - b.rank);
  }
  return undefined;
}
