import type { QuerySpec } from '../build/build-query.js';
import { conditionForm, elemMatchOf, populateOf, selectionsOf } from '../build/spec-parts.js';
import type { IssueList } from '../core/issue-list.js';
import type { QueryLimits } from '../core/limits.js';
import { isPrototypeKey, reportPrototypeKey } from '../parse/prototype-keys.js';
import type { RawParams, RawValue } from '../parse/query-input.js';
import { unsupported } from './conditions.js';
import type { ValidationContext } from './context.js';
import { type FilterPaths, queryFilterPaths } from './filters.js';
import { isPlainObject, isScalarObject } from './json.js';

/**
 * A request as the one validator (`planOfDescription`) reads it, part by part: what a query string
 * says once read (`describeQuery`), or what a typed description says (`describeSpec`), in the same
 * shape. `fromText` says where the values came from: a query string's bare values are text, read
 * by its text rules (`"5"` is a number on a number field, `null` is null), while a typed
 * description's are typed and keep their type (see `coerceValue`). Every other part is read alike.
 */
export interface Description {
  readonly fromText: boolean;
  readonly filters: FilterPaths;
  /** One entry or a list of them; JSON text from a query string. `undefined` for none. */
  readonly elemMatch: unknown;
  readonly search: unknown;
  /** A selection: text (`a -b`), an object (`{"a": 1}`, or its JSON text), or a list of them (given twice). */
  readonly select: unknown;
  /** An object of orders, or its JSON text. */
  readonly sort: unknown;
  readonly page: unknown;
  readonly perPage: unknown;
  readonly includeTotals: unknown;
  /** `include_totals`, the query string's alias of `__include_totals`. */
  readonly includeTotalsAlias?: unknown;
  /** `true`/`false`/`''` as text, or an object of reference paths to field lists (or its JSON text). */
  readonly populate: unknown;
  /** The key of a typed populate object in the cache of checked populates, when it has one. */
  readonly populateKey?: string | undefined;
}

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

/** A query string's parameters (see `readQueryInput`) as a description; filter keys are read into paths. */
export function describeQuery(params: RawParams, context: ValidationContext): Description {
  const filterEntries: Array<readonly [string, RawValue]> = [];
  for (const entry of params) {
    if (!RESERVED.has(entry[0])) filterEntries.push(entry);
  }
  return {
    fromText: true,
    filters: queryFilterPaths(filterEntries, context),
    elemMatch: params.get('elemMatch'),
    search: params.get('global_search'),
    select: params.get('select'),
    sort: params.get('__sort'),
    page: params.get('__page'),
    perPage: params.get('__per_page'),
    includeTotals: params.get('__include_totals'),
    includeTotalsAlias: params.get('include_totals'),
    populate: params.get('populate'),
  };
}

/** A selection of a typed description that is not made of lists: refused by the validator. */
export const NOT_LISTS = Symbol('select and exclude are not lists');

type AnySpec = QuerySpec<Record<string, unknown>>;

/**
 * A typed description (`dsl.find`) as a description: each part as its query string parameter stands
 * for it (see `spec-parts.ts`), its values typed. Its filter's prototype keys and `$`-paths are
 * reported here, as a query string's are when it is read.
 */
export function describeSpec(spec: AnySpec, context: ValidationContext): Description {
  const filters: FilterPaths = new Map();
  const operators: string[] = [];
  // `Object.entries` of anything but null, as `buildQuery` reads it (a JS caller may pass anything).
  for (const [path, condition] of Object.entries(spec.filter ?? {})) {
    if (conditionForm(condition) === 'none') continue;
    if (isPrototypeKey(path)) reportPrototypeKey(path, context.issues);
    else if (path.startsWith('$')) operators.push(path);
    else filters.set(path, [condition]);
  }
  for (const path of operators) unsupported(path, path, context);
  const { populate } = spec;
  // Field lists joined as the query string writes them: `['name', 'code']` is `"name code"`.
  const fieldLists = isPlainObject(populate) ? populateOf(populate) : undefined;
  const lists =
    (spec.select === undefined || Array.isArray(spec.select)) &&
    (spec.exclude === undefined || Array.isArray(spec.exclude));
  const selections = lists ? selectionsOf(spec) : [];
  return {
    fromText: false,
    filters,
    elemMatch: elemMatchOf(spec),
    search: spec.search,
    select: !lists ? NOT_LISTS : selections.length > 1 ? selections : selections[0],
    sort: spec.sort,
    page: spec.page,
    perPage: spec.perPage,
    includeTotals: spec.includeTotals,
    // `true` is the collection's default, as `populate=true` is; anything but an object is refused.
    populate: populate === undefined ? undefined : populate === true ? 'true' : (fieldLists ?? null),
    populateKey: fieldLists && populateKey(fieldLists),
  };
}

/**
 * The key of a typed populate object (its field lists joined) among checked populates: its JSON
 * text, which a query string with the same text means alike. None for a field list that is not
 * text, or a prototype key.
 */
function populateKey(populate: Readonly<Record<string, unknown>>): string | undefined {
  for (const path of Object.keys(populate)) {
    if (typeof populate[path] !== 'string' || isPrototypeKey(path)) return undefined;
  }
  return JSON.stringify(populate);
}

/**
 * The limit on a typed description's size: its texts (every path, key and string, and for a date or
 * an identifier its 24-character text form) hold at most `maxQueryLength` characters together, as
 * its query string could. Past it, one `QUERY_TOO_COMPLEX` issue (param `query`). The counts and the
 * nesting are held by the other limits, as in a query string.
 */
export function withinTextLimit(spec: unknown, limits: QueryLimits, issues: IssueList): boolean {
  if (textLength(spec, limits.maxQueryLength, limits.maxDepth + 2) <= limits.maxQueryLength) return true;
  issues.add(
    'QUERY_TOO_COMPLEX',
    'query',
    `The query description holds more than ${limits.maxQueryLength} characters of text; narrow the request or split it.`,
  );
  return false;
}

/** Characters of text in `value`, counted no further than past `budget`, nor deeper than `depth`. */
function textLength(value: unknown, budget: number, depth: number): number {
  if (typeof value === 'string') return value.length;
  if (value === null || typeof value !== 'object') return 0;
  if (isScalarObject(value)) return 24;
  // Deeper values are refused by the depth limit (and a cycle ends here).
  if (depth === 0) return 0;
  const entries: Iterable<readonly [string, unknown]> = Array.isArray(value)
    ? value.map((item) => ['', item] as const)
    : Object.entries(value);
  let length = 0;
  for (const [key, item] of entries) {
    if (length > budget) break;
    length += key.length + textLength(item, budget - length, depth - 1);
  }
  return length;
}
