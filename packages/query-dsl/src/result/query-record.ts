import type { ObjectId } from 'bson';
import type { CollectionDefinition, ReferenceMap } from '../collection/define-collection.js';
import type { Simplify } from '../schema/from-schema.js';

/** What a leaf of a record holds: nothing below it to select. */
export type Leaf = string | number | boolean | bigint | Date | ObjectId | null;

/**
 * A referenced record as `populate` returns it when its collection is not known to the types
 * (`runQuery` on a plan built by hand, or a definition without a literal schema): its `_id` and
 * whatever fields were asked for.
 */
export interface PopulatedDocument {
  readonly _id: ObjectId;
  readonly [field: string]: unknown;
}

/** How many references a populate chain may cross (`book.series.publisher` crosses 2). */
type MaxDepth = 3;

/**
 * A record of the collection `D` as a query given at run time (a string, `URLSearchParams` or a
 * parsed query object) answers it: nothing at compile time knows what it selects or populates, so
 * this type only promises what every answer keeps.
 *
 * - Every field may be absent, at every depth: `select=author.name` leaves `author.born` out.
 * - `_id` too: `select={"_id":0}` (or `-_id`) leaves it out.
 * - A reference (an `x-ref`, or the `references` option) is its `ObjectId`, or — populated — the
 *   referenced record (its `_id` and the selected fields, each of them optional, itself a
 *   `QueryRecord` up to the 3 references a populate chain may cross), or `null` when it resolves to
 *   nothing (deleted, or outside the caller's base filter). For an array of references, each
 *   element. The referenced record is typed by its definition among `C` (the query reader's
 *   collections), or as a `PopulatedDocument` when `C` does not hold it.
 * - Hidden fields are never there (they are not in the record type either).
 *
 * A definition without a literal schema gives `Record<string, unknown>`.
 *
 * @example
 * type Loan = QueryRecord<typeof loans, typeof collections[number]>;
 * // { _id?: ObjectId; book?: ObjectId | { _id: ObjectId; title?: string; … } | null;
 * //   reader?: { name?: string; card?: string }; due?: Date; … }
 * const result = await dsl.run(db, 'loans', request.query);
 * if (result.ok && Array.isArray(result.response)) {
 *   const first: Loan | undefined = result.response[0];
 *   first?.reader?.name; // string | undefined
 * }
 */
export type QueryRecord<D extends CollectionDefinition, C extends CollectionDefinition = never> =
  D extends CollectionDefinition<infer R, string, infer Refs> ? RecordRow<R, Refs, C, []> : never;

/** `QueryRecord` of a record type known without its definition: every identifier may be a reference. */
export type QueryRecordOf<TRecord extends Record<string, unknown>> = RecordRow<
  TRecord,
  ReferenceMap,
  never,
  []
>;

/** A record at a populate depth (the references crossed to reach it). */
type RecordRow<R, Refs, C, Depth extends unknown[]> = string extends keyof R
  ? R
  : Simplify<{ -readonly [K in keyof R]?: FieldValue<Exclude<R[K], undefined>, K & string, Refs, C, Depth> }>;

type FieldValue<V, P extends string, Refs, C, Depth extends unknown[]> = V extends readonly (infer E)[]
  ? FieldValue<E, P, Refs, C, Depth>[]
  : V extends ObjectId
    ? P extends '_id'
      ? V
      : P extends keyof Refs
        ? Reference<Refs[P], C, Depth>
        : V
    : V extends Leaf
      ? V
      : V extends object
        ? string extends keyof V
          ? V
          : Simplify<{
              -readonly [K in keyof V]?: FieldValue<
                Exclude<V[K], undefined>,
                `${P}.${K & string}`,
                Refs,
                C,
                Depth
              >;
            }>
        : V;

/** A reference read back: its identifier, the populated record, or `null` (it resolved to nothing). */
export type Reference<N, C, Depth extends unknown[] = []> = Depth['length'] extends MaxDepth
  ? ObjectId
  : ObjectId | PopulatedRecord<N, C, [...Depth, unknown]> | null;

/** The record `N` among `C` as a populated reference holds it: `_id`, and every other field optional. */
export type PopulatedRecord<N, C, Depth extends unknown[]> = [Extract<C, { readonly name: N }>] extends [
  never,
]
  ? PopulatedDocument
  : Extract<C, { readonly name: N }> extends CollectionDefinition<infer R, string, infer Refs>
    ? string extends keyof R
      ? PopulatedDocument
      : Simplify<{ _id: ObjectId } & RecordRow<R, Refs, C, Depth>>
    : PopulatedDocument;
