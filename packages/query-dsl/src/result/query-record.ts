import type { CollectionDefinition, ReferenceMap } from '../collection/define-collection.js';
import type { RecordRow } from './shape.js';

export type { PopulatedDocument } from './shape.js';

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
