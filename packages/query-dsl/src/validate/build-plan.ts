import type { CollectionDefinition } from '../collection/define-collection.js';
import type { Issue } from '../core/errors.js';
import { IssueList } from '../core/issue-list.js';
import type { QueryLimits } from '../core/limits.js';
import { type QueryInput, type RawParams, type RawValue, readQueryInput } from '../parse/query-input.js';
import type {
  FilterNode,
  MongoFilter,
  PopulateNode,
  Projection,
  QueryPlan,
  SearchFilter,
} from '../plan/types.js';
import type { QueryRecordOf } from '../result/query-record.js';
import type { ValidationContext } from './context.js';
import { readElemMatch } from './elem-match.js';
import { readFilters } from './filters.js';
import { readIncludeTotals, readPage } from './pagination.js';
import { type PopulateEnvironment, readPopulate } from './populate.js';
import { readGlobalSearch } from './search.js';
import { overlaps, readSelect, withoutAncestorDuplicates } from './select.js';
import { readSort } from './sort.js';

/** The query parameters with a meaning of their own; every other key filters a field. */
export const RESERVED_PARAMS = [
  '__page',
  '__per_page',
  '__sort',
  '__include_totals',
  'include_totals',
  'global_search',
  'select',
  'elemMatch',
  'populate',
] as const;

const RESERVED: ReadonlySet<string> = new Set(RESERVED_PARAMS);
const NOTHING_FORCED: readonly string[] = [];

export type ParseResult<
  TRecord extends Record<string, unknown> = Record<string, unknown>,
  TRow = QueryRecordOf<TRecord>,
> =
  | { readonly ok: true; readonly plan: QueryPlan<TRecord, TRow> }
  | { readonly ok: false; readonly issues: Issue[] };

export interface PlanEnvironment extends PopulateEnvironment {
  readonly limits: QueryLimits;
}

/** Reads a whole request against a collection: the typed plan, or every issue found. Never throws on input. */
export function buildPlan(
  collection: CollectionDefinition,
  input: QueryInput,
  environment: PlanEnvironment,
): ParseResult {
  const issues = new IssueList();
  return planOf(collection, readQueryInput(input, environment.limits, issues), environment, issues);
}

function planOf(
  collection: CollectionDefinition,
  params: RawParams | undefined,
  environment: PlanEnvironment,
  issues: IssueList,
): ParseResult {
  if (!params) return { ok: false, issues: issues.list() };
  const context: ValidationContext = { issues, limits: environment.limits };

  const filterEntries: Array<readonly [string, RawValue]> = [];
  for (const entry of params) {
    if (!RESERVED.has(entry[0])) filterEntries.push(entry);
  }
  const filters: FilterNode[] = readFilters(collection, filterEntries, context);
  if (params.get('elemMatch') !== undefined)
    filters.push(...readElemMatch(collection, params.get('elemMatch'), context));
  const search =
    params.get('global_search') === undefined
      ? undefined
      : readGlobalSearch(collection, params.get('global_search'), context);
  const projection =
    params.get('select') === undefined
      ? ({ kind: 'all' } as const)
      : readSelect(collection, params.get('select'), context);
  const sort = readSort(collection, params.get('__sort'), context);
  const page = readPage(collection, params.get('__page'), params.get('__per_page'), context);
  const totals = readTotals(params.get('__include_totals'), params.get('include_totals'), context);
  const populate =
    params.get('populate') === undefined
      ? []
      : readPopulate(collection, params.get('populate'), environment, context);
  return planOfParts(
    collection,
    { filters, search, projection, sort, page, totals, populate },
    environment,
    issues,
  );
}

/**
 * A request's parts, each read (from the query string, or from a typed description by `dsl.find`)
 * and checked against the collection, in this order: field and `elemMatch` filters, search,
 * projection, sort, page, totals, populate.
 */
export interface CheckedParts extends Pick<QueryPlan, 'projection' | 'sort' | 'page' | 'totals'> {
  readonly filters: FilterNode[];
  readonly search: SearchFilter | undefined;
  readonly populate: PopulateNode[];
}

/** The plan of the checked parts, or every issue found while reading them. */
export function planOfParts(
  collection: CollectionDefinition,
  parts: CheckedParts,
  environment: PlanEnvironment,
  issues: IssueList,
): ParseResult {
  if (!issues.empty) return { ok: false, issues: issues.list() };
  const { filters, search, populate } = parts;
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
      projection: withForcedPaths(parts.projection, forced),
      sort: parts.sort,
      page: parts.page,
      populate,
      totals: parts.totals,
    },
  };
}

export function readTotals(prefixed: unknown, alias: unknown, context: ValidationContext): boolean {
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

export type { MongoFilter, PopulateNode };
