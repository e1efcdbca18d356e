import type { QuerySpec } from '../build/build-query.js';
import type { CollectionDefinition } from '../collection/define-collection.js';
import type { Issue } from '../core/errors.js';
import { IssueList } from '../core/issue-list.js';
import type { QueryLimits } from '../core/limits.js';
import { type QueryInput, readQueryInput } from '../parse/query-input.js';
import type { FilterNode, Projection, QueryPlan } from '../plan/types.js';
import type { QueryRecordOf } from '../result/query-record.js';
import type { ValidationContext } from './context.js';
import { type Description, describeQuery, describeSpec, NOT_LISTS, withinTextLimit } from './description.js';
import { readElemMatch } from './elem-match.js';
import { readFilters } from './filters.js';
import { checkedJson, isPlainObject } from './json.js';
import { readIncludeTotals, readPage } from './pagination.js';
import { type PopulateEnvironment, readPopulate } from './populate.js';
import { readGlobalSearch } from './search.js';
import { overlaps, readSelect, withoutAncestorDuplicates } from './select.js';
import { readSort } from './sort.js';

const NOTHING_FORCED: readonly string[] = [];
const ALL: Projection = { kind: 'all' };

export type ParseResult<
  TRecord extends Record<string, unknown> = Record<string, unknown>,
  TRow = QueryRecordOf<TRecord>,
> =
  | { readonly ok: true; readonly plan: QueryPlan<TRecord, TRow> }
  | { readonly ok: false; readonly issues: Issue[] };

export interface PlanEnvironment extends PopulateEnvironment {
  readonly limits: QueryLimits;
}

/** Reads a request's query against a collection: the typed plan, or every issue found. Never throws on input. */
export function buildPlan(
  collection: CollectionDefinition,
  input: QueryInput,
  environment: PlanEnvironment,
): ParseResult {
  const issues = new IssueList();
  const params = readQueryInput(input, environment.limits, issues);
  if (!params) return { ok: false, issues: issues.list() };
  const context: ValidationContext = { issues, limits: environment.limits };
  return planOfDescription(collection, describeQuery(params, context), environment, context);
}

/**
 * Reads a typed description (`dsl.find`) against a collection, as it is: the same checks, plan and
 * issues as its query string (`buildQuery`) gets, its values typed and nothing written as text.
 */
export function buildPlanOfSpec(
  collection: CollectionDefinition,
  spec: QuerySpec<Record<string, unknown>>,
  environment: PlanEnvironment,
): ParseResult {
  const issues = new IssueList();
  const { limits } = environment;
  if (spec === null || typeof spec !== 'object') {
    issues.add('INVALID_VALUE', 'query', 'The query description must be an object.');
    return { ok: false, issues: issues.list() };
  }
  if (!withinTextLimit(spec, limits, issues)) return { ok: false, issues: issues.list() };
  const context: ValidationContext = { issues, limits };
  return planOfDescription(collection, describeSpec(spec, context), environment, context);
}

/**
 * The one validator: reads a description's parts against the collection, in this order (the order
 * of their issues): field and `elemMatch` filters, search, projection, sort, page, totals, populate.
 */
function planOfDescription(
  collection: CollectionDefinition,
  description: Description,
  environment: PlanEnvironment,
  context: ValidationContext,
): ParseResult {
  const { fromText } = description;
  const filters: FilterNode[] = readFilters(collection, description.filters, context, fromText);
  if (description.elemMatch !== undefined) {
    filters.push(...readElemMatch(collection, description.elemMatch, context, fromText));
  }
  const search =
    description.search === undefined ? undefined : readGlobalSearch(collection, description.search, context);
  const projection = readProjection(collection, description.select, context, fromText);
  const sort = readSort(collection, description.sort, context, fromText);
  const page = readPage(collection, description.page, description.perPage, context);
  const totals = readTotals(description.includeTotals, description.includeTotalsAlias, context);
  const populate =
    description.populate === undefined
      ? []
      : readPopulate(
          collection,
          description.populate,
          environment,
          context,
          fromText,
          description.populateKey,
        );
  const { issues } = context;
  if (!issues.empty) return { ok: false, issues: issues.list() };
  if (search) filters.push(search);
  const forced =
    !search && populate.length === 0
      ? NOTHING_FORCED
      : [...(search ? (collection.search?.resultFields ?? []) : []), ...populate.map((node) => node.path)];
  return {
    ok: true,
    plan: {
      collection,
      baseFilter: environment.scope(collection),
      filters,
      projection: withForcedPaths(projection, forced),
      sort,
      page,
      populate,
      totals,
    },
  };
}

function readProjection(
  collection: CollectionDefinition,
  select: unknown,
  context: ValidationContext,
  fromText: boolean,
): Projection {
  if (select === undefined) return ALL;
  if (select === NOT_LISTS) {
    context.issues.add('INVALID_SELECT', 'select', 'select and exclude take lists of field paths.');
    return ALL;
  }
  if (!fromText && isPlainObject(select) && !checkedJson(select, 'select', context.limits, context.issues)) {
    return ALL;
  }
  return readSelect(collection, select, context);
}

function readTotals(prefixed: unknown, alias: unknown, context: ValidationContext): boolean {
  const a = readIncludeTotals(prefixed, '__include_totals', context);
  const b = readIncludeTotals(alias, 'include_totals', context);
  if (a !== undefined && b !== undefined && a !== b) {
    context.issues.add(
      'INVALID_PAGINATION',
      '__include_totals',
      '__include_totals and include_totals disagree; send one.',
    );
  }
  return a ?? b ?? false;
}

/** Search results carry their result fields, and populated paths are returned even if `select` left them out. */
function withForcedPaths(projection: Projection, forced: readonly string[]): Projection {
  if (forced.length === 0 || projection.kind === 'all') return projection;
  if (projection.kind === 'include') {
    // An `$elemMatch` projection keeps whole elements, so a forced path inside it is already there.
    const paths = withoutAncestorDuplicates([...projection.paths, ...forced]).filter(
      (path) => !projection.elemMatch.some((item) => overlaps(item.path, path)),
    );
    return { ...projection, paths };
  }
  return {
    ...projection,
    paths: projection.paths.filter((path) => !forced.some((keep) => overlaps(path, keep))),
  };
}
