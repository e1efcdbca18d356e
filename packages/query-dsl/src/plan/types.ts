import type { ObjectId } from 'bson';
import type { CollectionDefinition } from '../collection/define-collection.js';
import type { ComparisonOperator, ListOperator } from '../core/operators.js';
import type { QueryRecordOf } from '../result/query-record.js';

/** A value that can stand in a filter: already of the stored type. */
export type FilterValue = string | number | boolean | Date | ObjectId | null;

/** A MongoDB filter document, as the caller's base filter or as emitted output. */
export type MongoFilter = Record<string, unknown>;

export type Condition =
  | { readonly op: ComparisonOperator; readonly value: FilterValue }
  | { readonly op: ListOperator; readonly values: readonly FilterValue[] }
  | { readonly op: '$exists'; readonly value: boolean };

/** Conditions on one field, all of which must hold (`a[$gte]=1&a[$lt]=5`). */
export interface FieldFilter {
  readonly kind: 'field';
  /** Dotted path (relative to the array element inside an `elemMatch`). */
  readonly path: string;
  readonly conditions: readonly Condition[];
}

/** An element of the array at `path` must satisfy every field filter at once. */
export interface ElemMatchFilter {
  readonly kind: 'elemMatch';
  readonly path: string;
  readonly fields: readonly FieldFilter[];
}

/** Every prefix must begin one of the record's search tokens. */
export interface SearchFilter {
  readonly kind: 'search';
  readonly tokensField: string;
  readonly prefixes: readonly string[];
}

export type FilterNode = FieldFilter | ElemMatchFilter | SearchFilter;

/** Return only the elements of the array at `path` that satisfy every field filter. */
export interface ElemMatchProjection {
  readonly path: string;
  readonly fields: readonly FieldFilter[];
}

export type Projection =
  /** Every visible field. */
  | { readonly kind: 'all' }
  | {
      readonly kind: 'include';
      readonly paths: readonly string[];
      readonly elemMatch: readonly ElemMatchProjection[];
      readonly withoutId: boolean;
    }
  | {
      readonly kind: 'exclude';
      readonly paths: readonly string[];
      readonly elemMatch: readonly ElemMatchProjection[];
    };

export interface SortKey {
  readonly path: string;
  readonly direction: 1 | -1;
}

export interface Page {
  readonly page: number;
  readonly perPage: number;
  readonly skip: number;
}

/** One reference to replace by the record it points to (and, recursively, references inside that record). */
export interface PopulateNode {
  /** Path of the reference inside the record being populated, e.g. `renewals.desk`. */
  readonly path: string;
  readonly target: CollectionDefinition;
  /** The array of subdocuments the reference lives in (`renewals` for `renewals.desk`), if any. */
  readonly arrayPath: string | undefined;
  /** The reference field itself holds an array of identifiers (`readers`). */
  readonly many: boolean;
  /** Fields of the referenced record to return (`_id` always); `all` for every visible field. */
  readonly fields: 'all' | readonly string[];
  /** The caller's base filter for the target collection: unresolvable outside it. */
  readonly scope: MongoFilter | undefined;
  readonly children: readonly PopulateNode[];
}

/** Carries a plan's result record type; never set at run time. */
declare const rowType: unique symbol;

/**
 * Everything a request asks for, validated and typed: the single input of the MongoDB builders.
 * `TRecord` is the collection's record type (see `defineCollection`); `TRow` the type of the
 * records the plan reads back (see `QueryRecord`: `dsl.parse` sets it from the collections it
 * knows).
 */
export interface QueryPlan<
  TRecord extends Record<string, unknown> = Record<string, unknown>,
  TRow = QueryRecordOf<TRecord>,
> {
  readonly [rowType]?: TRow;
  readonly collection: CollectionDefinition<TRecord>;
  /** The caller's filter (e.g. scoping to a tenant), ANDed into the query and every total. */
  readonly baseFilter: MongoFilter | undefined;
  readonly filters: readonly FilterNode[];
  readonly projection: Projection;
  readonly sort: readonly SortKey[];
  readonly page: Page;
  readonly populate: readonly PopulateNode[];
  readonly totals: boolean;
}
