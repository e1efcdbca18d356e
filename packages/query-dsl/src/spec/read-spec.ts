import type { QuerySpec } from '../build/build-query.js';
import { elemMatchOf, populateOf, selectionsOf } from '../build/spec-parts.js';
import type { CollectionDefinition } from '../collection/define-collection.js';
import { IssueList } from '../core/issue-list.js';
import { isPrototypeKey } from '../parse/prototype-keys.js';
import { MAX_PARAMETERS, queryTooLong, tooManyParameters } from '../parse/query-input.js';
import type { FilterNode, PopulateNode, Projection, SortKey } from '../plan/types.js';
import { type ParseResult, type PlanEnvironment, planOfParts, readTotals } from '../validate/build-plan.js';
import type { ValidationContext } from '../validate/context.js';
import { elemMatchFilters } from '../validate/elem-match.js';
import { checkedJson, isPlainObject } from '../validate/json.js';
import { readPage } from '../validate/pagination.js';
import { readPopulate } from '../validate/populate.js';
import { readGlobalSearch } from '../validate/search.js';
import { readSelect } from '../validate/select.js';
import { SORT_USAGE, sortKeys } from '../validate/sort.js';
import { descriptionSize } from './description-size.js';
import { readSpecFilters } from './spec-filters.js';

type AnySpec = QuerySpec<Record<string, unknown>>;

/**
 * Reads a typed description (`dsl.find`) straight into a plan: each part goes to the checks the
 * query string's parameters go to once read (see `planOfParts`), with the same issues, and nothing
 * is written as text. `size` is the description's size (see `DescriptionSize`), for the cost budget.
 */
export function buildPlanOfSpec(
  collection: CollectionDefinition,
  spec: AnySpec,
  environment: PlanEnvironment,
): { readonly result: ParseResult; readonly size: number } {
  const issues = new IssueList();
  const { limits } = environment;
  if (spec === null || typeof spec !== 'object') {
    issues.add('INVALID_VALUE', 'query', 'The query description must be an object.');
    return { result: { ok: false, issues: issues.list() }, size: 0 };
  }
  const size = descriptionSize(spec, limits.maxDepth);
  if (size.length > limits.maxQueryLength) queryTooLong(limits, issues);
  else if (size.parameters > MAX_PARAMETERS) tooManyParameters(limits, issues);
  if (!issues.empty) return { result: { ok: false, issues: issues.list() }, size: size.length };

  const context: ValidationContext = { issues, limits };
  const filters: FilterNode[] = readSpecFilters(collection, spec.filter, context);
  const elemMatch = elemMatchOf(spec);
  if (elemMatch !== undefined && checkedJson(elemMatch, 'elemMatch', limits, issues)) {
    filters.push(...elemMatchFilters(collection, elemMatch, context));
  }
  const search = spec.search === undefined ? undefined : readGlobalSearch(collection, spec.search, context);
  const parts = {
    filters,
    search,
    projection: specProjection(collection, spec, context),
    sort: specSort(collection, spec.sort, context),
    page: readPage(collection, spec.page, spec.perPage, context),
    totals: readTotals(spec.includeTotals, undefined, context),
    populate: specPopulate(collection, spec.populate, environment, context),
  };
  return { result: planOfParts(collection, parts, environment, issues), size: size.length };
}

function specProjection(
  collection: CollectionDefinition,
  spec: AnySpec,
  context: ValidationContext,
): Projection {
  const all: Projection = { kind: 'all' };
  if (!isListOrAbsent(spec.select) || !isListOrAbsent(spec.exclude)) {
    context.issues.add('INVALID_SELECT', 'select', 'select and exclude take lists of field paths.');
    return all;
  }
  const selections = selectionsOf(spec);
  // Both `select` and `exclude`: two selections, refused as a `select` given twice.
  if (selections.length > 1) return readSelect(collection, selections, context);
  const [selection] = selections;
  if (selection === undefined) return all;
  return checkedJson(selection, 'select', context.limits, context.issues)
    ? readSelect(collection, selection, context)
    : all;
}

function isListOrAbsent(value: unknown): boolean {
  return value === undefined || Array.isArray(value);
}

function specSort(collection: CollectionDefinition, sort: unknown, context: ValidationContext): SortKey[] {
  if (sort === undefined) return sortKeys(collection, undefined, context);
  if (!isPlainObject(sort)) {
    context.issues.add('INVALID_SORT', '__sort', SORT_USAGE);
    return sortKeys(collection, undefined, context);
  }
  const checked = checkedJson(sort, '__sort', context.limits, context.issues);
  return sortKeys(collection, checked ? sort : undefined, context);
}

function specPopulate(
  collection: CollectionDefinition,
  populate: unknown,
  environment: PlanEnvironment,
  context: ValidationContext,
): PopulateNode[] {
  if (populate === undefined) return [];
  if (populate === true) return readPopulate(collection, 'true', environment, context);
  // Neither `true` nor an object: refused as a populate of no accepted shape (never read as text).
  if (!isPlainObject(populate)) return readPopulate(collection, null, environment, context);
  const fieldLists = populateOf(populate);
  const key = cacheKey(fieldLists);
  // A key means text field lists (one level deep) and no prototype key: nothing for checkedJson to find.
  // Stryker disable next-line ConditionalExpression: equivalent, the cache only saves time: the same spec is read either way
  if (key !== undefined) return readPopulate(collection, fieldLists, environment, context, key);
  // Stryker disable next-line ArrayDeclaration: equivalent, an issue is already reported, so the plan is never built
  if (!checkedJson(fieldLists, 'populate', context.limits, context.issues)) return [];
  return readPopulate(collection, fieldLists, environment, context);
}

/**
 * The key of a populate object in the cache of checked specs: its paths and field lists, in order.
 * None for a field list that is not text (refused: its text form could pass for one) or a
 * prototype key (refused by `checkedJson`).
 */
function cacheKey(fieldLists: Readonly<Record<string, unknown>>): string | undefined {
  let key = '';
  for (const path of Object.keys(fieldLists)) {
    const fields = fieldLists[path];
    if (typeof fields !== 'string' || isPrototypeKey(path)) return undefined;
    // Each part led by its length, so that no two objects share a key.
    key += `${path.length}:${path}${fields.length}:${fields}`;
  }
  return key;
}
