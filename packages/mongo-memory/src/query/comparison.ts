/** Comparison query operators: `$eq`, `$ne`, `$gt`, `$gte`, `$lt`, `$lte`, `$in`, `$nin`. */

import type { Document } from '../bson/document.js';
import { compareStrings, compareValues, RANK, typeRank } from '../bson/order.js';
import { MISSING } from '../bson/paths.js';
import { badValue } from '../errors/engine-errors.js';
import {
  anyElement,
  equalityTest,
  isNullish,
  isOperatorObject,
  isRegex,
  type OperatorCompiler,
  type ValueTest,
} from './predicates.js';

/** `$gt/$gte/$lt/$lte` with type bracketing: only values of the operand's type class compare. */
function comparisonTest(op: string, target: unknown, single: boolean): ValueTest {
  if (target instanceof RegExp) throw badValue(`Can't have RegEx as arg to predicate over field.`);
  const rank = typeRank(target);
  const accepts = (c: number): boolean =>
    op === '$gt' ? c > 0 : op === '$gte' ? c >= 0 : op === '$lt' ? c < 0 : c <= 0;
  if (target === null || target === undefined) {
    // $gte/$lte null match null and missing; $gt/$lt null match nothing.
    if (op === '$gt' || op === '$lt') return () => false;
    return anyElement(isNullish, single);
  }
  if (rank === RANK.minKey || rank === RANK.maxKey) {
    return anyElement((v) => v !== MISSING && accepts(compareValues(v, target)), single);
  }
  return anyElement(
    (v) => v !== MISSING && typeRank(v) === rank && accepts(compareValues(v, target)),
    single,
  );
}

const comparison: OperatorCompiler = ({ op, arg, single }) => comparisonTest(op, arg, single);

const membership: OperatorCompiler = ({ op, arg, ctx, single, compiler }) => {
  if (!Array.isArray(arg)) throw badValue(`${op} needs an array`);
  const tests = arg.map((v) => {
    if (isOperatorObject(v)) throw badValue('cannot nest $ under $in');
    return isRegex(v) ? compiler.value(v, ctx, single) : equalityTest(v, single);
  });
  const inTest: ValueTest = (c) => tests.some((t) => t(c));
  return op === '$in' ? inTest : (c) => !inTest(c);
};

export const COMPARISON_OPERATORS: Readonly<Record<string, OperatorCompiler>> = {
  $eq: ({ arg, single }) => equalityTest(arg, single),
  $ne: ({ arg, single }) => {
    const eq = equalityTest(arg, single);
    return (c) => !eq(c);
  },
  $gt: comparison,
  $gte: comparison,
  $lt: comparison,
  $lte: comparison,
  $in: membership,
  $nin: membership,
};

/**
 * `{$gte: 'ana', $lt: 'anb'}` and other comparisons with string bounds only, as a test of one string
 * (code-point order, as MongoDB compares strings without a collation); otherwise undefined.
 */
export function stringRangeTest(spec: Document): ((value: string) => boolean) | undefined {
  const checks: Array<(value: string) => boolean> = [];
  for (const [op, bound] of Object.entries(spec)) {
    if (typeof bound !== 'string' || !isRangeOperator(op)) return undefined;
    checks.push(belowSurrogates(bound) ? unitOrderTest(op, bound) : codePointOrderTest(op, bound));
  }
  // The search ranges have two bounds: one closure, not a loop over a list, per element.
  if (checks.length === 2) {
    const [first, second] = checks as [(value: string) => boolean, (value: string) => boolean];
    return (value) => first(value) && second(value);
  }
  return (value) => checks.every((check) => check(value));
}

type RangeOperator = '$gt' | '$gte' | '$lt' | '$lte';

function isRangeOperator(op: string): op is RangeOperator {
  return op === '$gt' || op === '$gte' || op === '$lt' || op === '$lte';
}

function codePointOrderTest(op: RangeOperator, bound: string): (value: string) => boolean {
  if (op === '$gt') return (value) => compareStrings(value, bound) > 0;
  if (op === '$gte') return (value) => compareStrings(value, bound) >= 0;
  if (op === '$lt') return (value) => compareStrings(value, bound) < 0;
  return (value) => compareStrings(value, bound) <= 0;
}

/**
 * A bound with every UTF-16 unit below the surrogates (U+D800) — every search word — orders any
 * string as JavaScript's own comparison does: where a string first differs from it, the string's
 * unit is either below U+D800 too (both orders agree) or a surrogate or U+E000 and above, whose code
 * point is above the bound's unit in both orders. JavaScript's comparison is native, the code-point
 * walk is not.
 */
function unitOrderTest(op: RangeOperator, bound: string): (value: string) => boolean {
  if (op === '$gt') return (value) => value > bound;
  if (op === '$gte') return (value) => value >= bound;
  if (op === '$lt') return (value) => value < bound;
  return (value) => value <= bound;
}

function belowSurrogates(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 0xd800) return false;
  return true;
}
