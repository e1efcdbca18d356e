import { ObjectId } from 'bson';
import type { CollectionDefinition } from '../collection/define-collection.js';
import { isListOperator, type ListOperator, OPERATORS, type SupportedOperator } from '../core/operators.js';
import type { QueryParam } from '../parse/query-input.js';
import type { ArrayPathIn, IdentifierPathIn, PathIn, RecordSource, RecordTypeOf, ValueIn } from './paths.js';

/** A value as a filter takes it: identifiers also as 24-hex strings, dates also as ISO strings. */
export type FilterScalar<V> = V extends ObjectId ? ObjectId | string : V extends Date ? Date | string : V;

/**
 * Conditions on one field, in the operators the query language supports: a list of values for
 * `$in`/`$nin`, `true`/`false` for `$exists`, one value otherwise (`null`, matching null or
 * missing, only for `$eq`/`$ne`).
 */
export type FilterOperators<V> = { readonly [O in SupportedOperator]?: OperandOf<O, V> };

type OperandOf<O extends SupportedOperator, V> = O extends ListOperator
  ? readonly (FilterScalar<V> | null)[]
  : O extends '$exists'
    ? boolean
    : O extends '$eq' | '$ne'
      ? FilterScalar<V> | null
      : FilterScalar<V>;

/** A field's filter: a value (equality; `null` matches null or missing) or operators. */
export type FieldCondition<V> = FilterScalar<V> | null | FilterOperators<V>;

/**
 * Filters by dotted path, typed by the records of `T` (a collection definition or its record type):
 * `{ 'author.name': 'Ada', published_at: { $gte: '2025-01-01' } }`.
 */
export type FilterSpec<T extends RecordSource> = FilterIn<RecordTypeOf<T>>;

/** `FilterSpec` of a record type (also a subdocument, for `elemMatch` parameters). */
type FilterIn<R> = { readonly [P in PathIn<R>]?: FieldCondition<ValueIn<R, P>> };

export type SortOrder = 'asc' | 'desc' | 1 | -1;

/** One `elemMatch` entry: an element of the array at `property` satisfies every parameter. */
export type ElemMatchSpec<T extends RecordSource> = ElemMatchIn<RecordTypeOf<T>>;

type ElemMatchIn<R> = {
  readonly [P in ArrayPathIn<R>]: {
    readonly property: P;
    readonly parameters: FilterIn<ValueIn<R, P>>;
  };
}[ArrayPathIn<R>];

/**
 * A request described as data, typed by the records of `T` — the collection definition
 * (`QuerySpec<typeof books>`) or its record type (`QuerySpec<RecordOf<typeof books>>`), the same
 * type either way. `buildQuery` writes it as the query string the parser reads back into the same
 * plan; `dsl.find` runs it.
 */
export type QuerySpec<T extends RecordSource> = SpecOf<RecordTypeOf<T>>;

/** `QuerySpec` of a record type. */
interface SpecOf<R> {
  readonly filter?: FilterIn<R> | undefined;
  readonly elemMatch?: readonly ElemMatchIn<R>[] | undefined;
  /** Words that must each begin a word of the record's search fields. */
  readonly search?: string | undefined;
  /** Fields to return (`_id` always, unless `withoutId`), or to leave out with `exclude`. */
  readonly select?: readonly PathIn<R>[] | undefined;
  readonly exclude?: readonly PathIn<R>[] | undefined;
  /** With `select`: leave `_id` out. */
  readonly withoutId?: boolean | undefined;
  /**
   * References to replace by their records, each with the target's fields to return
   * (`''` or `[]` for every visible field); `true` for the collection's default populate.
   */
  readonly populate?: true | { readonly [P in IdentifierPathIn<R>]?: string | readonly string[] } | undefined;
  /** Sort keys in order (`_id` is always the final tie-breaker). */
  readonly sort?: { readonly [P in PathIn<R>]?: SortOrder } | undefined;
  readonly page?: number | undefined;
  readonly perPage?: number | undefined;
  /** Answer with totals (`total`, `actual_total`, and `active`/`inactive` when the collection has the flag). */
  readonly includeTotals?: boolean | undefined;
}

/**
 * Writes a typed query description as the query string the API reads — the inverse of
 * `dsl.parse`, for clients that call a service built on this library and for that service's
 * tests. Every value is written so the parser reads it back as given: strings always as JSON
 * strings (so `"0012345"`, `"true"` or `"null"` stay text), identifiers as 24-hex, dates as ISO
 * 8601, every part percent-encoded.
 *
 * @example
 * buildQuery(books, { filter: { 'author.name': 'Ada' }, sort: { title: 'asc' }, page: 2 })
 * // → 'author.name=%22Ada%22&__sort=%7B%22title%22%3A%22asc%22%7D&__page=2'
 */
export function buildQuery<T extends Record<string, unknown>>(
  _collection: CollectionDefinition<T>,
  spec: QuerySpec<T>,
): string {
  return queryParams(spec).map(encodeParam).join('&');
}

/** The length of the query string `buildQuery` writes for these parameters (its limit applies to `dsl.find` too). */
export function queryStringLength(params: readonly QueryParam[]): number {
  let length = Math.max(0, params.length - 1);
  for (const param of params) length += encodeParam(param).length;
  return length;
}

function encodeParam([key, value]: QueryParam): string {
  return `${encodeKey(key)}=${encodeURIComponent(value)}`;
}

/**
 * The parameters a typed description stands for, in order, as the parser reads them from a query
 * string: what `buildQuery` encodes and `dsl.find` reads without writing the string. Throws on a
 * value no query string can hold (an invalid `Date`).
 */
export function queryParams(spec: QuerySpec<Record<string, unknown>>): QueryParam[] {
  const pairs: QueryParam[] = [];
  for (const [path, condition] of Object.entries(spec.filter ?? {})) {
    pairs.push(...filterPairs(path, condition));
  }
  if (spec.elemMatch && spec.elemMatch.length > 0) {
    const entries = spec.elemMatch.map((entry) => ({
      property: entry.property,
      parameters: jsonParameters(entry.parameters),
    }));
    pairs.push(['elemMatch', JSON.stringify(entries.length === 1 ? entries[0] : entries)]);
  }
  if (spec.search !== undefined) pairs.push(['global_search', spec.search]);
  if (spec.select !== undefined || spec.withoutId) {
    const selection: Record<string, 0 | 1> = Object.fromEntries((spec.select ?? []).map((path) => [path, 1]));
    if (spec.withoutId) selection._id = 0;
    pairs.push(['select', JSON.stringify(selection)]);
  }
  if (spec.exclude !== undefined) {
    pairs.push(['select', JSON.stringify(Object.fromEntries(spec.exclude.map((path) => [path, 0])))]);
  }
  if (spec.populate === true) pairs.push(['populate', 'true']);
  else if (spec.populate !== undefined) {
    const populate = Object.fromEntries(
      Object.entries(spec.populate).map(([path, fields]) => [
        path,
        typeof fields === 'string' ? fields : (fields as readonly string[]).join(' '),
      ]),
    );
    pairs.push(['populate', JSON.stringify(populate)]);
  }
  if (spec.sort !== undefined) pairs.push(['__sort', JSON.stringify(spec.sort)]);
  if (spec.page !== undefined) pairs.push(['__page', String(spec.page)]);
  if (spec.perPage !== undefined) pairs.push(['__per_page', String(spec.perPage)]);
  if (spec.includeTotals !== undefined) pairs.push(['__include_totals', String(spec.includeTotals)]);
  return pairs;
}

function isOperators(condition: unknown): condition is Record<string, unknown> {
  return (
    condition !== null &&
    typeof condition === 'object' &&
    !(condition instanceof Date) &&
    !(condition instanceof ObjectId)
  );
}

function filterPairs(path: string, condition: unknown): QueryParam[] {
  if (condition === undefined) return [];
  if (!isOperators(condition)) return [[path, rawValue(condition)]];
  const pairs: QueryParam[] = [];
  for (const operator of OPERATORS) {
    const value = condition[operator];
    if (value === undefined) continue;
    pairs.push([`${path}[${operator}]`, operandText(operator, value)]);
  }
  return pairs;
}

/** A list as JSON (so a list of one stays a list), `$exists` as `true`/`false`, any other value bare. */
function operandText(operator: SupportedOperator, value: unknown): string {
  if (isListOperator(operator) && Array.isArray(value)) return JSON.stringify(value.map(jsonValue));
  return rawValue(value);
}

/** A value as a bare query-string value: text always quoted, so it is never read as anything else. */
function rawValue(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (value instanceof Date) return value.toISOString();
  if (value instanceof ObjectId) return value.toHexString();
  return String(value);
}

/** A value inside JSON (`$in` lists, `elemMatch` parameters): identifiers and dates as strings. */
function jsonValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value instanceof ObjectId) return value.toHexString();
  return value;
}

function jsonParameters(parameters: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(parameters)
      .filter(([, condition]) => condition !== undefined)
      .map(([path, condition]) => [
        path,
        isOperators(condition)
          ? Object.fromEntries(
              Object.entries(condition).map(([operator, value]) => [
                operator,
                Array.isArray(value) ? value.map(jsonValue) : jsonValue(value),
              ]),
            )
          : jsonValue(condition),
      ]),
  );
}

/** Field paths and operators stay readable in keys; anything else is percent-encoded. */
function encodeKey(key: string): string {
  return encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']').replace(/%24/g, '$');
}
