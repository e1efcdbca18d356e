import type { ObjectId } from 'bson';

/**
 * A value as it arrives over HTTP: what `JSON.parse(JSON.stringify(value))` gives back. An HTTP
 * client (or a service's own HTTP tests) types a response body with it, without casts:
 *
 * - `ObjectId`s and `Date`s are strings (24-hex identifiers, ISO 8601 dates: their `toJSON`);
 * - optional fields stay optional, `null` stays `null`, arrays stay arrays;
 * - functions and `undefined` properties are not sent; a `bigint` can't be (`JSON.stringify`
 *   throws), so it has no wire type;
 * - a field typed `unknown` (an untyped record's) stays `unknown`.
 *
 * @example
 * type Loan = Jsonified<QueryRecord<typeof loans, Collections>>;
 * // { _id?: string; due?: string; book?: string | { _id: string; title?: string } | null; … }
 */
export type Jsonified<T> = unknown extends T ? T : Wire<T>;

type Wire<T> = T extends ObjectId | Date
  ? string
  : T extends string | number | boolean | null
    ? T
    : T extends bigint | undefined | ((...args: never[]) => unknown)
      ? never
      : T extends readonly (infer E)[]
        ? Jsonified<E>[]
        : T extends object
          ? { [K in keyof T as Sent<K, T[K]>]: Jsonified<T[K]> }
          : never;

/** Keys `JSON.stringify` writes: not symbols, not functions. */
type Sent<K, V> = K extends symbol ? never : V extends (...args: never[]) => unknown ? never : K;
