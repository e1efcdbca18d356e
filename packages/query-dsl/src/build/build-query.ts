import { ObjectId } from 'bson';
import type { CollectionDefinition } from '../collection/define-collection.js';
import { isListOperator, type ListOperator, OPERATORS, type SupportedOperator } from '../core/operators.js';
import type { ArrayPathIn, IdentifierPathIn, PathIn, RecordSource, RecordTypeOf, ValueIn } from './paths.js';
import { conditionForm, elemMatchOf, operandOf, populateOf, selectionsOf } from './spec-parts.js';

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

/** A query parameter as the query string carries it, decoded: `['a[$gte]', '5']`. */
type QueryParam = readonly [key: string, value: string];

function encodeParam([key, value]: QueryParam): string {
  return `${encodeKey(key)}=${encodeURIComponent(value)}`;
}

/**
 * The parameters a typed description stands for, in order, as the parser reads them from a query
 * string (`dsl.find` reads the description by the same forms, see `spec-parts.ts`). Throws on a
 * value no query string can hold (an invalid `Date`, a non-finite number in a filter).
 */
function queryParams(spec: QuerySpec<Record<string, unknown>>): QueryParam[] {
  const pairs: QueryParam[] = [];
  for (const [path, condition] of Object.entries(spec.filter ?? {})) {
    pairs.push(...filterPairs(path, condition));
  }
  const elemMatch = elemMatchOf(spec);
  if (elemMatch !== undefined) pairs.push(['elemMatch', jsonText(elemMatch, 'elemMatch')]);
  if (spec.search !== undefined) pairs.push(['global_search', spec.search]);
  for (const selection of selectionsOf(spec)) pairs.push(['select', JSON.stringify(selection)]);
  if (spec.populate === true) pairs.push(['populate', 'true']);
  else if (spec.populate !== undefined) pairs.push(['populate', JSON.stringify(populateOf(spec.populate))]);
  if (spec.sort !== undefined) pairs.push(['__sort', JSON.stringify(spec.sort)]);
  if (spec.page !== undefined) pairs.push(['__page', String(spec.page)]);
  if (spec.perPage !== undefined) pairs.push(['__per_page', String(spec.perPage)]);
  if (spec.includeTotals !== undefined) pairs.push(['__include_totals', String(spec.includeTotals)]);
  return pairs;
}

function filterPairs(path: string, condition: unknown): QueryParam[] {
  switch (conditionForm(condition)) {
    case 'none':
      return [];
    case 'value':
      return [[path, rawValue(condition, path)]];
    case 'json':
      return [[path, jsonText(condition, path)]];
    case 'operators': {
      const pairs: QueryParam[] = [];
      for (const operator of OPERATORS) {
        const value = operandOf(condition, operator);
        if (value === undefined) continue;
        pairs.push([
          `${path}[${operator}]`,
          isListOperator(operator) ? jsonText(value, path) : rawValue(value, path),
        ]);
      }
      return pairs;
    }
  }
}

/** A value as a bare query-string value: text always quoted, so it is never read as anything else. */
function rawValue(value: unknown, param: string): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (value instanceof Date) return value.toISOString();
  if (value instanceof ObjectId) return value.toHexString();
  if (typeof value === 'number') finiteNumber(value, param);
  return String(value);
}

/**
 * A value as JSON, dates as ISO 8601 (an invalid `Date` throws, as `toISOString` does) and
 * identifiers as 24-hex; a non-finite number throws (see `finiteNumber`).
 */
function jsonText(value: unknown, param: string): string {
  return JSON.stringify(value, function (this: Record<string, unknown>, key: string, json: unknown) {
    const original = this[key];
    if (typeof original === 'number') finiteNumber(original, param);
    return original instanceof Date ? original.toISOString() : json;
  });
}

/**
 * No query string carries NaN or ±Infinity as a number: JSON writes them as `null` (which matches a
 * missing field) and a bare `NaN` on a text field is read as the word. Written either way, the
 * request would ask for something else, so it throws, as an invalid `Date` does.
 */
function finiteNumber(value: number, param: string): void {
  if (!Number.isFinite(value)) {
    throw new RangeError(`buildQuery: ${param} is ${value}, which no query string can carry as a number.`);
  }
}

/** Field paths and operators stay readable in keys; anything else is percent-encoded. */
function encodeKey(key: string): string {
  return encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']').replace(/%24/g, '$');
}
