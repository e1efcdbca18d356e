import { visibleField } from '../collection/define-collection.js';
import type { Condition, FieldFilter, QueryPlan } from './types.js';

/**
 * The work a filter makes the database do, beside the page it answers: the records it examines,
 * each tested against every condition and list value (against each element of an array field).
 * A page of one record may examine every record of the collection, four times with
 * `__include_totals`. The caller says how many records the query may examine (`recordCount`: those
 * its base filter admits); a filter that bounds the first field of an index of the collection
 * examines only what the index selects, by these assumptions:
 *
 * - `_id`: one record per value of an equality or `$in` list;
 * - another indexed field: a tenth of the records per value (`INDEXED_VALUE_SHARE`);
 * - a range (`$gt`, `$gte`, `$lt`, `$lte`) on an indexed field, or a search word on the indexed
 *   search tokens: a third of the records (`INDEXED_RANGE_SHARE`).
 *
 * `$ne`, `$nin` and `$exists` bound nothing: the records they keep are found by examining them all.
 */
export interface ScanEstimate {
  /** `(examined × passes × comparisons + unfiltered) ÷ COMPARISONS_PER_RECORD`, rounded up. */
  readonly cost: number;
  /** Records each pass examines: `recordCount`, or what an index selects (at most `recordCount`). */
  readonly examined: number;
  /** The field whose index bounds the filter, or `undefined` when every record is examined. */
  readonly index: string | undefined;
  /** Passes with the filter: the page, then `total` (and `active`) of `__include_totals`. */
  readonly passes: number;
  /** Comparisons per record examined: 1, plus each condition and list value, × fan-out on arrays. */
  readonly comparisons: number;
  /** Records `actual_total` examines without the filter (`recordCount`), 0 without totals. */
  readonly unfiltered: number;
}

/** How many comparisons cost as much as reading one record into the page. */
export const COMPARISONS_PER_RECORD = 1000;
/** One value of an indexed field (other than `_id`) is assumed to select this share of the records. */
const INDEXED_VALUE_SHARE = 10;
/** A range on an indexed field, or a search word, is assumed to select this share of the records. */
const INDEXED_RANGE_SHARE = 3;

const RANGE_OPERATORS: ReadonlySet<string> = new Set(['$gt', '$gte', '$lt', '$lte']);

export function estimateScan(plan: QueryPlan, recordCount: number, arrayFanOut: number): ScanEstimate {
  const bound = indexBound(plan, recordCount);
  const examined = bound === undefined ? recordCount : Math.min(recordCount, bound.records);
  const passes = 1 + (plan.totals ? (plan.collection.activeField === undefined ? 1 : 2) : 0);
  const comparisons = 1 + filterComparisons(plan, arrayFanOut);
  const unfiltered = plan.totals ? recordCount : 0;
  return {
    cost: scanCost(examined, passes, comparisons, unfiltered),
    examined,
    index: bound?.field,
    passes,
    comparisons,
    unfiltered,
  };
}

/** The most a filter of `terms` terms can cost (each term at least one character: see `budgetIssue`). */
export function scanCostBound(recordCount: number, terms: number, arrayFanOut: number): number {
  return scanCost(recordCount, 3, 1 + terms * arrayFanOut, recordCount);
}

function scanCost(examined: number, passes: number, comparisons: number, unfiltered: number): number {
  return Math.ceil((examined * passes * comparisons + unfiltered) / COMPARISONS_PER_RECORD);
}

/** Comparisons per record: each condition and list value, each search word; × fan-out in arrays. */
function filterComparisons(plan: QueryPlan, arrayFanOut: number): number {
  let total = 0;
  for (const filter of plan.filters) {
    if (filter.kind === 'search') total += filter.prefixes.length * arrayFanOut;
    else if (filter.kind === 'elemMatch') total += arrayFanOut * fieldsComparisons(filter.fields);
    else total += conditionsComparisons(filter) * fanOutOf(plan, filter.path, arrayFanOut);
  }
  return total;
}

/** How many values a record holds at `path`: one, or the fan-out assumption inside an array. */
function fanOutOf(plan: QueryPlan, path: string, arrayFanOut: number): number {
  const field = plan.collection.fields.get(path);
  return field && (field.isArray || field.arrayAncestor !== undefined) ? arrayFanOut : 1;
}

function fieldsComparisons(fields: readonly FieldFilter[]): number {
  let total = 0;
  for (const field of fields) total += conditionsComparisons(field);
  return total;
}

function conditionsComparisons(filter: FieldFilter): number {
  let total = 0;
  for (const condition of filter.conditions) total += valuesOf(condition);
  return total;
}

const valuesOf = (condition: Condition) => ('values' in condition ? Math.max(1, condition.values.length) : 1);

interface Bound {
  readonly field: string;
  readonly records: number;
}

/** The narrowest index bound among the filter's terms, if any term is bounded by an index. */
function indexBound(plan: QueryPlan, recordCount: number): Bound | undefined {
  const { indexedFields, search } = plan.collection;
  let best: Bound | undefined;
  const consider = (field: string, records: number | undefined) => {
    if (records !== undefined && (best === undefined || records < best.records)) best = { field, records };
  };
  for (const filter of plan.filters) {
    if (filter.kind === 'field') {
      if (indexedFields.has(filter.path)) consider(filter.path, selected(filter, recordCount));
    } else if (filter.kind === 'elemMatch') {
      for (const field of filter.fields) {
        const path = `${filter.path}.${field.path}`;
        if (indexedFields.has(path)) consider(path, selected({ ...field, path }, recordCount));
      }
    } else if (search !== undefined && indexedFields.has(filter.tokensField)) {
      consider('global_search', Math.ceil(recordCount / INDEXED_RANGE_SHARE));
    }
  }
  return best;
}

/** What an index on the filter's field selects, by the assumptions above, or `undefined`. */
function selected(filter: FieldFilter, recordCount: number): number | undefined {
  let records: number | undefined;
  for (const condition of filter.conditions) {
    let estimate: number | undefined;
    if (condition.op === '$eq' || condition.op === '$in') {
      const values = valuesOf(condition);
      estimate = filter.path === '_id' ? values : Math.ceil((recordCount * values) / INDEXED_VALUE_SHARE);
    } else if (RANGE_OPERATORS.has(condition.op)) {
      estimate = Math.ceil(recordCount / INDEXED_RANGE_SHARE);
    }
    if (estimate !== undefined && (records === undefined || estimate < records)) records = estimate;
  }
  return records;
}

/** The fields a client can narrow a read by through an index, for messages. */
export function indexedFilterNames(plan: QueryPlan): string[] {
  const { collection } = plan;
  const names: string[] = [];
  for (const path of collection.indexedFields) {
    if (visibleField(collection, path)) names.push(path);
  }
  if (collection.search && collection.indexedFields.has(collection.search.tokensField)) {
    names.push('global_search');
  }
  return names;
}
