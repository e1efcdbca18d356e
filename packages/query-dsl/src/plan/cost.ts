import type { Issue } from '../core/errors.js';
import type { QueryLimits } from '../core/limits.js';
import {
  COMPARISONS_PER_RECORD,
  estimateScan,
  indexedFilterNames,
  type ScanEstimate,
  scanCostBound,
} from './scan-cost.js';
import type { FieldFilter, FilterNode, PopulateNode, QueryPlan } from './types.js';

/**
 * What answering a plan is expected to cost, from the plan alone (before any data is read), in
 * records: each record of the page and each record populated into it counts 1, and matching a
 * record costs a tenth of a record per filter term (a condition, a value of an `$in`/`$nin` list, a
 * search word, a `select` or `__sort` entry).
 *
 * A populate path over an array of references (`parents`, `years.year`) is assumed to reach
 * `arrayFanOut` records per record it starts from, and a chain multiplies: `years.group.section`
 * reads up to `arrayFanOut × (1 + 1)` records per student. An assumption, not the worst case the
 * schema allows: the host's reply-size cap catches the records that hold more.
 *
 * When the caller says how many records the query may examine (`recordCount`), the work of the
 * filter over them is added (see `ScanEstimate`): a page of one record can make the database test
 * every record of the collection.
 */
export interface CostEstimate {
  /** The whole estimate: `rows × (1 + populatedPerRow + terms ÷ 10)` rounded up, plus `scan.cost`. */
  readonly cost: number;
  /** Records of the page (`__per_page`). */
  readonly rows: number;
  /** Records populate reads for each of them, by the fan-out assumption. */
  readonly populatedPerRow: number;
  /** Filter conditions, list values, search words, select and sort entries. */
  readonly terms: number;
  /** The filter's work over the records it examines; `undefined` without a `recordCount`. */
  readonly scan: ScanEstimate | undefined;
}

/** How many filter terms cost as much as reading one record. */
const TERMS_PER_RECORD = 10;

export function estimateCost(plan: QueryPlan, arrayFanOut: number, recordCount?: number): CostEstimate {
  const rows = plan.page.perPage;
  const populatedPerRow = populatedRecords(plan.populate, arrayFanOut);
  const terms = planTerms(plan);
  const scan = recordCount === undefined ? undefined : estimateScan(plan, recordCount, arrayFanOut);
  const cost = totalCost(rows, populatedPerRow, terms) + (scan?.cost ?? 0);
  return { cost, rows, populatedPerRow, terms, scan };
}

export interface BudgetContext {
  /** The length of the query string, when the query came as one: a short query skips the count. */
  readonly queryLength?: number | undefined;
  /** The records the query may examine (see `ScanEstimate`); without it, the page alone counts. */
  readonly recordCount?: number | undefined;
}

/**
 * The plan's estimated cost against its collection's budget (`maxCost`), or the reader's
 * (`limits.maxCost`): a `QUERY_TOO_COMPLEX` issue naming both, and what to change, past it.
 * Checked on every read, so it allocates nothing until it has something to say.
 */
export function budgetIssue(
  plan: QueryPlan,
  limits: QueryLimits,
  { queryLength, recordCount }: BudgetContext = {},
): Issue | undefined {
  const limit = plan.collection.maxCost ?? limits.maxCost;
  const rows = plan.page.perPage;
  if (queryLength !== undefined && plan.populate.length === 0) {
    // Every filter term takes at least one character of the query string (a value, a list item, a
    // word, a name), and only a search's result fields join them from elsewhere: a query too short
    // to reach the budget needs no counting (most reads: this check runs on every one).
    const terms = queryLength + (plan.collection.search?.resultFields.length ?? 0);
    const scanBound = recordCount === undefined ? 0 : scanCostBound(recordCount, terms, limits.arrayFanOut);
    if (totalCost(rows, 0, terms) + scanBound <= limit) return undefined;
  }
  const populatedPerRow =
    plan.populate.length === 0 ? 0 : populatedRecords(plan.populate, limits.arrayFanOut);
  const terms = planTerms(plan);
  const pageCost = totalCost(rows, populatedPerRow, terms);
  const scan = recordCount === undefined ? undefined : estimateScan(plan, recordCount, limits.arrayFanOut);
  const cost = pageCost + (scan?.cost ?? 0);
  if (cost <= limit) return undefined;
  const page = `${rows} records a page × (1 + ${populatedPerRow} populated records each + ${terms} filter terms ÷ ${TERMS_PER_RECORD})`;
  const pageAdvice =
    'Ask for fewer records a page (__per_page), populate fewer or shorter paths, or filter and select less.';
  if (scan === undefined || scan.cost === 0) {
    return overBudget(
      `The query's estimated cost is ${cost}, over the limit of ${limit} (${page}). ${pageAdvice}`,
    );
  }
  const work =
    `${scan.examined} records examined${scan.index === undefined ? '' : ` (through the index on ${scan.index})`} ` +
    `${scan.passes} ${scan.passes === 1 ? 'time' : 'times'} × ${scan.comparisons} comparisons each` +
    `${scan.unfiltered > 0 ? ` + ${scan.unfiltered} for actual_total` : ''}, ÷ ${COMPARISONS_PER_RECORD}`;
  const scanAdvice =
    `Narrow the filter by an indexed field (${indexedFilterNames(plan).join(', ')}) with a value, a short $in list or a range; ` +
    'use shorter $in/$nin lists and fewer $ne conditions, above all on array fields; or leave out __include_totals.';
  return overBudget(
    `The query's estimated cost is ${cost}, over the limit of ${limit}: ${pageCost} for the page (${page}) ` +
      `and ${scan.cost} for the filter's work (${work}). ${scan.cost >= pageCost ? scanAdvice : pageAdvice}`,
  );
}

const overBudget = (message: string): Issue => ({ code: 'QUERY_TOO_COMPLEX', param: 'query', message });

/** `rows × (1 + populatedPerRow + terms ÷ 10)` rounded up, summed in tenths so that it stays exact. */
function totalCost(rows: number, populatedPerRow: number, terms: number): number {
  return Math.ceil((rows * (TERMS_PER_RECORD * (1 + populatedPerRow) + terms)) / TERMS_PER_RECORD);
}

function planTerms(plan: QueryPlan): number {
  return filterTerms(plan.filters) + projectionTerms(plan) + sortTerms(plan);
}

/** Records read per record by these populate nodes and, through each of them, by its children. */
function populatedRecords(nodes: readonly PopulateNode[], arrayFanOut: number): number {
  let total = 0;
  for (const node of nodes) {
    const fanOut = node.many || node.arrayPath !== undefined ? arrayFanOut : 1;
    total += fanOut * (1 + populatedRecords(node.children, arrayFanOut));
  }
  return total;
}

/** `_id` ends every sort as the tie-breaker: only the keys the request chose count. */
function sortTerms(plan: QueryPlan): number {
  let terms = 0;
  for (const key of plan.sort) if (key.path !== '_id') terms++;
  return terms;
}

function filterTerms(filters: readonly FilterNode[]): number {
  let terms = 0;
  for (const filter of filters) {
    if (filter.kind === 'field') terms += conditionTerms(filter);
    else if (filter.kind === 'elemMatch') terms += fieldsTerms(filter.fields);
    else terms += filter.prefixes.length;
  }
  return terms;
}

function projectionTerms(plan: QueryPlan): number {
  const { projection } = plan;
  if (projection.kind === 'all') return 0;
  let terms = projection.paths.length;
  for (const item of projection.elemMatch) terms += 1 + fieldsTerms(item.fields);
  return terms;
}

function fieldsTerms(fields: readonly FieldFilter[]): number {
  let terms = 0;
  for (const field of fields) terms += conditionTerms(field);
  return terms;
}

function conditionTerms(filter: FieldFilter): number {
  let terms = 0;
  for (const condition of filter.conditions) {
    terms += 'values' in condition ? Math.max(1, condition.values.length) : 1;
  }
  return terms;
}
