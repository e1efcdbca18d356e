import type { ObjectId } from 'bson';

/**
 * The TypeScript type of the values a JSON Schema describes, as the collection stores them:
 * `format: 'objectid'` and `x-ref` are `ObjectId`s, `format: 'date-time' | 'date'` are `Date`s,
 * `required` properties are required and the others optional, `x-hidden` properties are left out
 * (no query ever returns them), `enum`/`const` are their literal values, `type: [X, 'null']` and
 * `anyOf` are unions. A schema typed only as `JsonSchema` (not a literal) gives
 * `Record<string, unknown>`: there is nothing to infer from.
 *
 * Written for the keywords collection schemas use, in the spirit of json-schema-to-ts's
 * `FromSchema`, which does not know this library's `objectid` format or `x-` keywords.
 */
export type FromSchema<S> = Simplify<Infer<S>>;

/** A collection's record: its schema's type, and an `_id` (an `ObjectId`) when the schema has none. */
export type RecordFromSchema<S> = WithId<Infer<S>>;

/**
 * A collection's record as stored: `RecordFromSchema` with its `x-hidden` fields too (no query
 * reads or returns them, but writers store them: a password hash, a sync state).
 */
export type StoredRecordFromSchema<S> = WithId<Infer<S, true>>;

type WithId<R> =
  R extends Record<string, unknown>
    ? Simplify<'_id' extends keyof R ? R : { _id: ObjectId } & R>
    : Record<string, unknown>;

/**
 * The references a schema declares with `x-ref`, as dotted path → referenced collection:
 * `{ book: 'books'; readers: 'readers'; 'renewals.desk': 'desks' }` (a reference inside an array
 * has the array's path, as in queries). Hidden fields are left out. `RecordFromSchema` types the
 * same fields as `ObjectId`s; this keeps the target's name, which the result types need.
 */
export type ReferencesFromSchema<S> = {
  readonly [E in ReferenceEntry<S, ''> as E[0]]: E[1];
};

type ReferenceEntry<S, P extends string> = S extends { readonly 'x-hidden': true }
  ? never
  : S extends { readonly 'x-ref': infer N extends string }
    ? [P, N]
    : S extends { readonly anyOf: readonly (infer B)[] }
      ? ReferenceEntry<B, P>
      : S extends { readonly oneOf: readonly (infer B)[] }
        ? ReferenceEntry<B, P>
        : S extends { readonly items: infer I }
          ? ReferenceEntry<I, P>
          : S extends { readonly properties: infer Props }
            ? string extends keyof Props
              ? never
              : {
                  [K in keyof Props & string]: ReferenceEntry<Props[K], P extends '' ? K : `${P}.${K}`>;
                }[keyof Props & string]
            : never;

/** `H`: whether `x-hidden` properties are kept (the stored record) or left out (what queries see). */
type Infer<S, H extends boolean = false> = S extends { readonly const: infer C }
  ? C
  : S extends { readonly enum: readonly (infer E)[] }
    ? E
    : S extends { readonly anyOf: readonly (infer B)[] }
      ? InferEach<B, H>
      : S extends { readonly oneOf: readonly (infer B)[] }
        ? InferEach<B, H>
        : S extends { readonly 'x-ref': string }
          ? ObjectId
          : S extends { readonly type: infer T }
            ? ByType<S, T, H>
            : S extends { readonly properties: object }
              ? ObjectOf<S, H>
              : unknown;

type InferEach<B, H extends boolean> = B extends unknown ? Infer<B, H> : never;

type ByType<S, T, H extends boolean> = T extends readonly (infer U)[]
  ? ByType<S, U, H>
  : T extends 'string'
    ? S extends { readonly format: 'objectid' }
      ? ObjectId
      : S extends { readonly format: 'date-time' | 'date' }
        ? Date
        : string
    : T extends 'number' | 'integer'
      ? number
      : T extends 'boolean'
        ? boolean
        : T extends 'null'
          ? null
          : T extends 'array'
            ? S extends { readonly items: infer I }
              ? Infer<I, H>[]
              : unknown[]
            : T extends 'object'
              ? ObjectOf<S, H>
              : unknown;

type ObjectOf<S, H extends boolean> = S extends { readonly properties: infer P }
  ? string extends keyof P
    ? Record<string, unknown>
    : Simplify<
        {
          -readonly [K in keyof P as K extends RequiredOf<S> ? Visible<K, P[K], H> : never]: Infer<P[K], H>;
        } & {
          -readonly [K in keyof P as K extends RequiredOf<S> ? never : Visible<K, P[K], H>]?: Infer<P[K], H>;
        }
      >
  : Record<string, unknown>;

type RequiredOf<S> = S extends { readonly required: readonly (infer R)[] } ? R : never;

type Visible<K, Property, H extends boolean> = H extends true
  ? K
  : Property extends { readonly 'x-hidden': true }
    ? never
    : K;

/** An object type shown with its properties (an intersection flattened); dates, ids and arrays as they are. */
export type Simplify<T> = T extends Date | ObjectId | readonly unknown[] ? T : { [K in keyof T]: T[K] } & {};

/** What a leaf of a record holds: a value queries compare with, with nothing below it to select. */
export type Leaf = string | number | boolean | bigint | Date | ObjectId | null;
