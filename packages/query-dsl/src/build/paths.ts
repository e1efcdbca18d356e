import type { ObjectId } from 'bson';

/** Values a query compares with: what a leaf of a record holds. */
type Leaf = string | number | boolean | Date | ObjectId | null;

/** The element type of an array, or the type itself: paths go through arrays (MongoDB's meaning). */
type Element<V> = V extends readonly (infer E)[] ? E : V;

type Deeper = [never, 0, 1, 2, 3, 4, 5];

/**
 * Every dotted path of a record type, through subdocuments and arrays of them (up to six levels):
 * `'user' | 'user.name' | 'years' | 'years.year' | …`. For an untyped record, any string.
 */
export type FieldPath<T, Depth extends number = 6> = string extends keyof T
  ? string
  : [Depth] extends [never]
    ? never
    : {
        [K in keyof T & string]-?: Element<NonNullable<T[K]>> extends infer V
          ? V extends Leaf
            ? K
            : V extends object
              ? K | `${K}.${FieldPath<V, Deeper[Depth]>}`
              : K
          : never;
      }[keyof T & string];

/** The value at a dotted path (the element type, for arrays). */
export type ValueAt<T, P extends string> = string extends keyof T
  ? unknown
  : P extends keyof T
    ? Element<NonNullable<T[P]>>
    : P extends `${infer Head}.${infer Rest}`
      ? Head extends keyof T
        ? ValueAt<Element<NonNullable<T[Head]>>, Rest>
        : never
      : never;

/** The paths of a record type that hold identifiers: what `populate` can follow. */
export type IdentifierPath<T> = {
  [P in FieldPath<T>]: ValueAt<T, P> extends ObjectId ? P : unknown extends ValueAt<T, P> ? P : never;
}[FieldPath<T>];

/** The paths that hold arrays of subdocuments: what `elemMatch` reads. */
export type ArrayPath<T> = {
  [P in FieldPath<T>]: ArrayAt<T, P> extends true ? P : never;
}[FieldPath<T>];

type ArrayAt<T, P extends string> = string extends keyof T
  ? true
  : P extends keyof T
    ? NonNullable<T[P]> extends readonly object[]
      ? true
      : false
    : P extends `${infer Head}.${infer Rest}`
      ? Head extends keyof T
        ? ArrayAt<Element<NonNullable<T[Head]>>, Rest>
        : false
      : false;
