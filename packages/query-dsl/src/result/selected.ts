import type { ObjectId } from 'bson';
import type { QuerySpec } from '../build/build-query.js';
import type { CollectionDefinition } from '../collection/define-collection.js';
import type { Simplify } from '../schema/from-schema.js';
import type { Leaf, PopulatedDocument, PopulatedRecord, QueryRecord, Reference } from './query-record.js';
import type { QueryResponse, TotalsResponse } from './response.js';

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

/** What `populate` does to references: nothing, what the map says, or anything (`true`, or unknown). */
type PopulateMode = 'none' | 'any' | { readonly [path: string]: unknown };

interface Context {
  /** `all` fields; `include` / `exclude` the paths; `unknown` when the description can't tell. */
  readonly mode: 'all' | 'include' | 'exclude' | 'unknown';
  readonly paths: string;
  readonly withoutId: boolean;
  readonly populate: PopulateMode;
  readonly references: unknown;
  readonly collections: unknown;
}

/** The elements of a tuple, or `unknown` for an array whose length the types don't know. */
type TupleElements<T> = T extends readonly unknown[]
  ? number extends T['length']
    ? unknown
    : T[number]
  : unknown;

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

/** The paths `select` names, plus the populated ones (returned whatever `select` says). */
type Included<X extends Context> =
  | X['paths']
  | (X['populate'] extends 'none' | 'any' ? never : keyof X['populate'] & string);

type KeepKey<K, P extends string, X extends Context> = P extends '_id'
  ? X['withoutId'] extends true
    ? never
    : X['mode'] extends 'exclude'
      ? P extends X['paths']
        ? never
        : K
      : K
  : X['mode'] extends 'include'
    ? P extends Included<X>
      ? K
      : [Extract<Included<X>, `${P}.${string}`>] extends [never]
        ? never
        : K
    : X['mode'] extends 'exclude'
      ? P extends X['paths']
        ? never
        : K
      : K;

/** Below a path `select` names whole, or one `exclude` doesn't reach, every field is there. */
type ChildContext<P extends string, X extends Context> = X['mode'] extends 'include'
  ? P extends Included<X>
    ? WithMode<X, 'all'>
    : X
  : X['mode'] extends 'exclude'
    ? [Extract<X['paths'], `${P}.${string}`>] extends [never]
      ? WithMode<X, 'all'>
      : X
    : X;

type WithMode<X extends Context, M extends Context['mode']> = {
  readonly mode: M;
  readonly paths: X['paths'];
  readonly withoutId: X['withoutId'];
  readonly populate: X['populate'];
  readonly references: X['references'];
  readonly collections: X['collections'];
};

/** A returned record always has its `_id` (every MongoDB document does), unless the query left it out. */
type WithId<T> = '_id' extends keyof T ? Simplify<{ _id: Exclude<T['_id'], undefined> } & Omit<T, '_id'>> : T;

type Shape<T, X extends Context, Prefix extends string> = Simplify<{
  -readonly [K in keyof T as KeepKey<K, `${Prefix}${K & string}`, X>]: ShapeValue<
    Exclude<T[K], undefined>,
    `${Prefix}${K & string}`,
    ChildContext<`${Prefix}${K & string}`, X>
  >;
}>;

type ShapeValue<V, P extends string, X extends Context> = V extends readonly (infer E)[]
  ? ShapeValue<E, P, X>[]
  : V extends ObjectId
    ? P extends '_id'
      ? V
      : P extends keyof X['references']
        ? Populated<X['references'][P], P, X>
        : V
    : V extends Leaf
      ? V
      : V extends object
        ? string extends keyof V
          ? V
          : Shape<V, X, `${P}.`>
        : V;

type Populated<N, P extends string, X extends Context> = X['populate'] extends 'none'
  ? ObjectId
  : X['populate'] extends 'any'
    ? Reference<N, X['collections']>
    : P extends keyof X['populate']
      ? undefined extends X['populate'][P]
        ? Reference<N, X['collections']>
        : Picked<N, X['populate'][P], X['collections']> | null
      : ObjectId;

/** The referenced record with the fields `populate` names (`''` or `[]`: every field). */
type Picked<N, F, C> = [Extract<C, { readonly name: N }>] extends [never]
  ? PopulatedDocument
  : Extract<C, { readonly name: N }> extends CollectionDefinition<infer R, string, infer Refs>
    ? string extends keyof R
      ? PopulatedDocument
      : FieldsOf<F> extends infer Fields
        ? unknown extends Fields
          ? PopulatedRecord<N, C, [unknown]>
          : WithId<Shape<R, TargetContext<Fields, Refs, C>, ''>>
        : never
    : PopulatedDocument;

/** The paths of a populate's fields: space-separated text or a tuple; `unknown` when not known. */
type FieldsOf<F> = F extends string
  ? string extends F
    ? unknown
    : Words<F>
  : F extends readonly unknown[]
    ? Extract<TupleElements<F>, string>
    : unknown;

type Words<F extends string> = F extends `${infer Head} ${infer Rest}`
  ? Exclude<Head, ''> | Words<Rest>
  : Exclude<F, ''>;

type TargetContext<Fields, Refs, C> = {
  readonly mode: [Fields] extends [never] ? 'all' : 'include';
  readonly paths: Extract<Fields, string>;
  readonly withoutId: false;
  readonly populate: 'none';
  readonly references: Refs;
  readonly collections: C;
};
