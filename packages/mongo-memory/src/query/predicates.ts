/**
 * What every query operator is built from: the compiled shapes (a document predicate, a test of a
 * path's candidate values), how an operator reaches the compiler for its nested filters, and the
 * shared tests (any element, equality, null).
 */

import { objectIdsEqual } from '../bson/byte-order.js';
import type { Document } from '../bson/document.js';
import { bsonType, canonicalKey, isDocument, typeRank } from '../bson/order.js';
import { MISSING, type Resolved } from '../bson/paths.js';

export type Predicate = (doc: Document) => boolean;
/** A test of the values a path resolves to in one document (several through arrays). */
export type ValueTest = (candidates: Resolved[]) => boolean;

export interface MatchContext {
  /** `$$name` variables visible to `$expr` (from `$lookup` `let`). */
  variables?: Document;
}

/** The compiler's entry points, handed to operators that hold filters or operators themselves. */
export interface Compiler {
  filter(filter: unknown, ctx: MatchContext): Predicate;
  value(value: unknown, ctx: MatchContext, single: boolean): ValueTest;
  operators(spec: Document, ctx: MatchContext, single: boolean): ValueTest;
}

/**
 * One operator of a field's operator object (`{$gt: 1}`): its argument, the whole object (for
 * `$regex` with `$options`), and whether each candidate is one value (see `compileValue`).
 */
interface OperatorInput {
  op: string;
  arg: unknown;
  spec: Document;
  ctx: MatchContext;
  single: boolean;
  compiler: Compiler;
}

export type OperatorCompiler = (input: OperatorInput) => ValueTest;

export const isOperatorObject = (value: unknown): value is Document =>
  isDocument(value) && Object.keys(value)[0]?.startsWith('$') === true;

export const isRegex = (value: unknown): boolean =>
  value instanceof RegExp || bsonType(value) === 'BSONRegExp';

/** A predicate true when all of `tests` are (in order, stopping at the first false). */
export function every(tests: Predicate[]): Predicate {
  if (tests.length === 0) return () => true;
  if (tests.length === 1) return tests[0]!;
  return (doc) => {
    for (const test of tests) if (!test(doc)) return false;
    return true;
  };
}

/** True if some candidate, or (unless `single`) some element of a candidate array, passes. */
export function anyElement(test: (v: Resolved) => boolean, single = false): ValueTest {
  if (single) return (candidates) => candidates.some(test);
  return (candidates) => {
    for (const c of candidates) if (test(c) || (Array.isArray(c) && c.some(test))) return true;
    return false;
  };
}

/** Null, undefined or missing: what a null filter value matches. */
export const isNullish = (v: Resolved): boolean => v === MISSING || v === null || v === undefined;

export function equalityTest(target: unknown, single: boolean): ValueTest {
  // null matches null and missing fields, and arrays holding null.
  if (target === null || target === undefined) return anyElement(isNullish, single);
  return anyElement(equalTo(target), single);
}

/**
 * Equality with a (non-null) filter value: same type class and same canonical key. Strings,
 * numbers, booleans and ObjectIds compared with their own kind skip building keys; the answer is
 * the same.
 */
function equalTo(target: unknown): (v: Resolved) => boolean {
  const key = canonicalKey(target);
  const rank = typeRank(target);
  const general = (v: Resolved): boolean => v !== MISSING && typeRank(v) === rank && canonicalKey(v) === key;
  if (typeof target === 'string') return (v) => (typeof v === 'string' ? v === target : general(v));
  if (typeof target === 'number') {
    // Keys of JS numbers are equal when the numbers are, with -0 = 0 and NaN = NaN.
    const nan = Number.isNaN(target);
    return (v) => (typeof v === 'number' ? v === target || (nan && Number.isNaN(v)) : general(v));
  }
  if (typeof target === 'boolean') return (v) => (typeof v === 'boolean' ? v === target : general(v));
  if (bsonType(target) === 'ObjectId') {
    return (v) => (bsonType(v) === 'ObjectId' ? objectIdsEqual(v, target) : general(v));
  }
  return general;
}
