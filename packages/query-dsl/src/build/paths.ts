import type { ObjectId } from 'bson';
import type { CollectionDefinition } from '../collection/define-collection.js';
import type { Leaf } from '../schema/from-schema.js';

/**
 * What the path and spec types read: a collection definition (`typeof books`, the usual way) or a
 * record type (`RecordOf<typeof books>`). Anything else — a class instance, a `Map`, an interface
 * without an index signature — is refused where it is passed.
 */
export type RecordSource = CollectionDefinition | Record<string, unknown>;

/** The record type a `RecordSource` stands for: a definition's records, or the record type itself. */
export type RecordTypeOf<T extends RecordSource> = T extends CollectionDefinition<infer R> ? R : T;

/** The element type of an array, or the type itself: paths go through arrays (MongoDB's meaning). */
type Element<V> = V extends readonly (infer E)[] ? E : V;

type Deeper = [never, 0, 1, 2, 3, 4, 5];

/**
 * Every dotted path of a record type, through subdocuments and arrays of them (up to six levels):
 * `'author' | 'author.name' | 'tags' | …`. For an untyped record, any string.
 *
 * @example
 * type Path = FieldPath<typeof books>; // 'title' | 'author' | 'author.name' | …
 */
export type FieldPath<T extends RecordSource> = Paths<RecordTypeOf<T>, 6>;

/**
 * The walk behind `FieldPath`. Only plain object types are walked: a function, a `Map` or any
 * other value with methods is a leaf, so a wrong argument costs one level, not an endless check.
 */
type Paths<T, Depth extends number> = string extends keyof T
  ? string
  : [Depth] extends [never]
    ? never
    : {
        [K in keyof T & string]-?: Element<NonNullable<T[K]>> extends infer V
          ? V extends Leaf
            ? K
            : V extends Record<string, unknown>
              ? K | `${K}.${Paths<V, Deeper[Depth]>}`
              : K
          : never;
      }[keyof T & string];

/** The value at a dotted path (the element type, for arrays). */
export type ValueAt<T extends RecordSource, P extends string> = ValueIn<RecordTypeOf<T>, P>;

/** The walk behind `ValueAt`, on a record type. */
export type ValueIn<T, P extends string> = string extends keyof T
  ? unknown
  : P extends keyof T
    ? Element<NonNullable<T[P]>>
    : P extends `${infer Head}.${infer Rest}`
      ? Head extends keyof T
        ? ValueIn<Element<NonNullable<T[Head]>>, Rest>
        : never
      : never;

/** The paths of a record type that hold identifiers: what `populate` can follow. */
export type IdentifierPath<T extends RecordSource> = IdentifierPathIn<RecordTypeOf<T>>;

export type IdentifierPathIn<T> = {
  [P in Paths<T, 6>]: ValueIn<T, P> extends ObjectId ? P : unknown extends ValueIn<T, P> ? P : never;
}[Paths<T, 6>];

/** The paths that hold arrays of subdocuments: what `elemMatch` reads. */
export type ArrayPath<T extends RecordSource> = ArrayPathIn<RecordTypeOf<T>>;

/** The walk behind `ArrayPath`, on a record type. */
export type ArrayPathIn<T> = {
  [P in Paths<T, 6>]: ArrayAt<T, P> extends true ? P : never;
}[Paths<T, 6>];

/** `FieldPath` of a record type (no definition to unwrap), for the description types' inner levels. */
export type PathIn<T> = Paths<T, 6>;

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
