import type { ObjectId } from 'bson';
import type { CollectionDefinition } from '../collection/define-collection.js';
import type { MAX_POPULATE_DEPTH } from '../core/limits.js';
import type { Leaf, Simplify } from '../schema/from-schema.js';

/**
 * The one walk over a record type that both result types take (`QueryRecord` for a query known at
 * run time, `SelectedRecord` for a typed description): which fields stay, whether each becomes
 * optional, and what a reference becomes. The context says how; the walk is the same.
 */
export interface Context {
  /** `all` fields; `include` / `exclude` the paths; `unknown` when the description can't tell. */
  readonly mode: 'all' | 'include' | 'exclude' | 'unknown';
  readonly paths: string;
  readonly withoutId: boolean;
  readonly populate: PopulateMode;
  readonly references: unknown;
  readonly collections: unknown;
  /** Every field may be absent (a query known only at run time may leave any out). */
  readonly optional: boolean;
  /** The references crossed to reach this record (a populate chain crosses at most `MaxDepth`). */
  readonly depth: unknown[];
}

/** What `populate` does to references: nothing, what the map says, or anything (`true`, or unknown). */
type PopulateMode = 'none' | 'any' | { readonly [path: string]: unknown };

/**
 * A referenced record as `populate` returns it when its collection is not known to the types
 * (`runQuery` on a plan built by hand, or a definition without a literal schema): its `_id` and
 * whatever fields were asked for.
 */
export interface PopulatedDocument {
  readonly _id: ObjectId;
  readonly [field: string]: unknown;
}

/** How many references a populate chain may cross: the checker's own limit, as a literal type. */
type MaxDepth = typeof MAX_POPULATE_DEPTH;

/** A record at a populate depth, every field optional and every reference maybe populated. */
export type RecordRow<R, Refs, C, Depth extends unknown[]> = string extends keyof R
  ? R
  : Shape<R, RowContext<Refs, C, Depth>, ''>;

interface RowContext<Refs, C, Depth extends unknown[]> {
  readonly mode: 'all';
  readonly paths: never;
  readonly withoutId: false;
  readonly populate: 'any';
  readonly references: Refs;
  readonly collections: C;
  readonly optional: true;
  readonly depth: Depth;
}

/** A reference read back: its identifier, the populated record, or `null` (it resolved to nothing). */
type Reference<N, C, Depth extends unknown[] = []> = Depth['length'] extends MaxDepth
  ? ObjectId
  : ObjectId | PopulatedRecord<N, C, [...Depth, unknown]> | null;

/** The record `N` among `C` as a populated reference holds it: `_id`, and every other field optional. */
type PopulatedRecord<N, C, Depth extends unknown[]> = [Extract<C, { readonly name: N }>] extends [never]
  ? PopulatedDocument
  : Extract<C, { readonly name: N }> extends CollectionDefinition<infer R, string, infer Refs>
    ? string extends keyof R
      ? PopulatedDocument
      : Simplify<{ _id: ObjectId } & RecordRow<R, Refs, C, Depth>>
    : PopulatedDocument;

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
  readonly optional: X['optional'];
  readonly depth: X['depth'];
};

/** A returned record always has its `_id` (every MongoDB document does), unless the query left it out. */
export type WithId<T> = '_id' extends keyof T
  ? Simplify<{ _id: Exclude<T['_id'], undefined> } & Omit<T, '_id'>>
  : T;

/** The record type `T` (at `Prefix`) as the context returns it. */
export type Shape<T, X extends Context, Prefix extends string> = Simplify<
  X['optional'] extends true
    ? // Every key stays (a run-time query keeps or drops any), so no key is filtered.
      { -readonly [K in keyof T]?: ShapeValue<Exclude<T[K], undefined>, `${Prefix}${K & string}`, X> }
    : { -readonly [K in keyof T as KeepKey<K, `${Prefix}${K & string}`, X>]: FieldOf<T, K, X, Prefix> }
>;

type FieldOf<T, K extends keyof T, X extends Context, Prefix extends string> = ShapeValue<
  Exclude<T[K], undefined>,
  `${Prefix}${K & string}`,
  ChildContext<`${Prefix}${K & string}`, X>
>;

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
    ? Reference<N, X['collections'], X['depth']>
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

/** The elements of a tuple, or `unknown` for an array whose length the types don't know. */
export type TupleElements<T> = T extends readonly unknown[]
  ? number extends T['length']
    ? unknown
    : T[number]
  : unknown;

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
  readonly optional: false;
  readonly depth: [];
};
