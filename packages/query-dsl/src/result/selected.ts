import type { QuerySpec } from '../build/build-query.js';
import type { CollectionDefinition } from '../collection/define-collection.js';
import type { QueryRecord } from './query-record.js';
import type { QueryResponse, TotalsResponse } from './response.js';
import type { Context, Shape, TupleElements, WithId } from './shape.js';

/**
 * A record of the collection `D` as a typed `QuerySpec` `S` (the query description `buildQuery` and
 * `dsl.find` take) answers it — the type follows the description:
 *
 * - `select: ['reader.name']` keeps `_id` and `reader: { name }` only (each with its optionality from
 *   the schema); populated paths are kept too, as the query returns them. `exclude` leaves its
 *   paths out; `withoutId: true` leaves `_id` out.
 * - `populate: { book: 'title' }` types `book` as the referenced record (found among `C` by the
 *   reference's collection name) picked to `_id` and `title`, or `null` when it resolves to nothing;
 *   `''` or `[]` for every field. For an array of references, each element. References not
 *   populated stay `ObjectId`s. `populate: true` (the collection's default, known only at run time)
 *   types every reference as `QueryRecord` does.
 * - A spec whose `select`, `exclude` or `withoutId` is not known at compile time (a variable typed
 *   `QuerySpec<…>`, a `select` that is an array rather than a tuple) gives `QueryRecord<D, C>`;
 *   a `populate` not known at compile time types references as `QueryRecord` does.
 *
 * Search results also carry the collection's `search.resultFields`; this type does not list them
 * when `select` leaves them out (a record may hold more than its type says, never less).
 *
 * @example
 * type Row = SelectedRecord<typeof loans, { select: ['reader.name']; populate: { book: 'title' } }, Collections>;
 * // { _id: ObjectId; reader?: { name: string }; book?: { _id: ObjectId; title?: string } | null }
 */
export type SelectedRecord<
  D extends CollectionDefinition,
  S extends QuerySpec<D>,
  C extends CollectionDefinition = never,
> =
  D extends CollectionDefinition<infer R, string, infer Refs>
    ? string extends keyof R
      ? R
      : SpecContext<S, Refs, C> extends infer X extends Context
        ? X['mode'] extends 'unknown'
          ? QueryRecord<D, C>
          : WithId<Shape<R, X, ''>>
        : never
    : never;

/**
 * The envelope's `response` for a typed spec: `SelectedRecord`s, with totals when
 * `includeTotals` is `true`, without when it is `false` or left out, and either when it is only
 * known to be a `boolean`.
 */
export type SelectedResponse<
  D extends CollectionDefinition,
  S extends QuerySpec<D>,
  C extends CollectionDefinition = never,
> =
  Given<S, 'includeTotals'> extends 'absent'
    ? SelectedRecord<D, S, C>[]
    : S extends { readonly includeTotals: true }
      ? TotalsResponse<SelectedRecord<D, S, C>>
      : S extends { readonly includeTotals: false }
        ? SelectedRecord<D, S, C>[]
        : QueryResponse<SelectedRecord<D, S, C>>;

/** How a spec's part is known: left out, given, or maybe given (an optional property). */
type Given<S, K extends string> = K extends keyof S
  ? [S[K]] extends [undefined]
    ? 'absent'
    : undefined extends S[K]
      ? 'maybe'
      : 'given'
  : 'absent';

type SpecContext<S, Refs, C> = {
  readonly mode: Given<S, 'select'> | Given<S, 'exclude'> | Given<S, 'withoutId'> extends 'absent' | 'given'
    ? ModeOf<S>
    : 'unknown';
  readonly paths: S extends { readonly select: infer P }
    ? PathsOf<P>
    : S extends { readonly exclude: infer P }
      ? PathsOf<P>
      : never;
  readonly withoutId: S extends { readonly withoutId: true } ? true : false;
  readonly populate: PopulateOf<S>;
  readonly references: Refs;
  readonly collections: C;
  readonly optional: false;
  readonly depth: [];
};

type ModeOf<S> = S extends { readonly withoutId: infer W }
  ? boolean extends W
    ? 'unknown'
    : BaseMode<S>
  : BaseMode<S>;

type BaseMode<S> = S extends { readonly select: infer P }
  ? NonEmpty<P, 'include'>
  : S extends { readonly exclude: infer P }
    ? NonEmpty<P, 'exclude'>
    : 'all';

/** A tuple of paths gives its mode (an empty one: every field); an array of unknown length can't tell. */
type NonEmpty<P, M extends string> = P extends readonly []
  ? 'all'
  : P extends readonly unknown[]
    ? number extends P['length']
      ? 'unknown'
      : M
    : 'all';

type PathsOf<P> = Extract<TupleElements<P>, string>;

type PopulateOf<S> =
  Given<S, 'populate'> extends 'absent'
    ? 'none'
    : S extends { readonly populate: infer M }
      ? M extends true
        ? 'any'
        : M extends { readonly [path: string]: unknown }
          ? M
          : 'any'
      : 'any';
