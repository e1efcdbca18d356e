import type { MongoFilter, QueryPlan } from '../plan/types.js';
import type { QueryRecordOf } from '../result/query-record.js';
import { andFilters, buildFilter, userFilter } from './filter.js';
import { lookupStages, type Stage } from './lookup.js';
import { buildProjection } from './projection.js';

export type SortDocument = Record<string, 1 | -1>;

/** Arguments for `collection.find(filter, options)`, when the query needs no lookup or computed field. */
export interface FindQuery {
  readonly kind: 'find';
  readonly filter: MongoFilter;
  readonly options: {
    readonly projection?: Record<string, unknown>;
    readonly sort: SortDocument;
    readonly skip?: number;
    readonly limit: number;
  };
}

/** One aggregation pipeline, for populate and `$elemMatch` projections. */
export interface AggregateQuery {
  readonly kind: 'aggregate';
  readonly pipeline: Stage[];
}

/**
 * The `countDocuments` filters behind `__include_totals`: `total` (what the pages range over),
 * `actualTotal` (the caller's scope only) and, when the collection has an active flag, `active`
 * (`inactive` = `total - active`).
 */
export interface CountQueries {
  readonly total: MongoFilter;
  readonly actualTotal: MongoFilter;
  readonly active?: MongoFilter;
}

/** Carries a query's record type; never set at run time. */
declare const recordType: unique symbol;
/** Carries a query's result record type; never set at run time. */
declare const rowType: unique symbol;

/**
 * The MongoDB commands of a plan; `TRecord` is the type of the records they read, `TRow` the type
 * of the records they answer with (see `QueryPlan`).
 */
export interface MongoQuery<
  TRecord extends Record<string, unknown> = Record<string, unknown>,
  TRow = QueryRecordOf<TRecord>,
> {
  readonly [recordType]?: TRecord;
  readonly [rowType]?: TRow;
  readonly collection: string;
  readonly read: FindQuery | AggregateQuery;
  readonly counts: CountQueries | undefined;
}

/**
 * Turns a plan into MongoDB commands. `find` when it can; otherwise one pipeline in which
 * match, sort, skip and limit run before any `$lookup`, so a page of 20 costs 20 lookups.
 */
export function toMongo<TRecord extends Record<string, unknown>, TRow = QueryRecordOf<TRecord>>(
  plan: QueryPlan<TRecord, TRow>,
): MongoQuery<TRecord, TRow> {
  const filter = buildFilter(plan);
  const sort: SortDocument = {};
  for (const key of plan.sort) sort[key.path] = key.direction;
  const { project, set } = buildProjection(plan.collection, plan.projection);
  const needsPipeline = plan.populate.length > 0 || set !== undefined || hasComputedFields(project);
  const { skip, perPage } = plan.page;
  let read: FindQuery | AggregateQuery;
  if (needsPipeline) {
    const pipeline: Stage[] = [];
    if (!isEmpty(filter)) pipeline.push({ $match: filter });
    pipeline.push({ $sort: sort });
    if (skip > 0) pipeline.push({ $skip: skip });
    pipeline.push({ $limit: perPage });
    if (project) pipeline.push({ $project: project });
    if (set) pipeline.push({ $set: set });
    for (const stage of lookupStages(plan.populate)) pipeline.push(stage);
    read = { kind: 'aggregate', pipeline };
  } else {
    const options: {
      projection?: Record<string, unknown>;
      sort: SortDocument;
      skip?: number;
      limit: number;
    } = {
      sort,
      limit: perPage,
    };
    if (project) options.projection = project;
    if (skip > 0) options.skip = skip;
    read = { kind: 'find', filter, options };
  }
  return {
    collection: plan.collection.name,
    read,
    counts: plan.totals ? countQueries(plan, filter) : undefined,
  };
}

function isEmpty(object: object): boolean {
  for (const _ in object) return false;
  return true;
}

function countQueries(plan: QueryPlan<Record<string, unknown>, unknown>, filter: MongoFilter): CountQueries {
  const total = filter;
  const actualTotal = andFilters(plan.baseFilter, {});
  const { activeField } = plan.collection;
  if (activeField === undefined) return { total, actualTotal };
  // The base filter stays whole as the first clause; the active flag joins the user's part.
  const active = andFilters(plan.baseFilter, withActive(userFilter(plan.filters), activeField));
  return { total, actualTotal, active };
}

function withActive(user: MongoFilter, activeField: string): MongoFilter {
  const active = { [activeField]: { $ne: false } };
  const keys = Object.keys(user);
  if (keys.length === 0) return active;
  if (keys.length === 1 && Array.isArray(user.$and)) return { $and: [...user.$and, active] };
  if (!(activeField in user) && !('$and' in user)) return { ...user, ...active };
  return { $and: [user, active] };
}

function hasComputedFields(project: Record<string, unknown> | undefined): boolean {
  if (project === undefined) return false;
  for (const key in project) if (typeof project[key] === 'object') return true;
  return false;
}
