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
    if (typeof bound !== 'string') return undefined;
    if (op === '$gt') checks.push((value) => compareStrings(value, bound) > 0);
    else if (op === '$gte') checks.push((value) => compareStrings(value, bound) >= 0);
    else if (op === '$lt') checks.push((value) => compareStrings(value, bound) < 0);
    else if (op === '$lte') checks.push((value) => compareStrings(value, bound) <= 0);
    else return undefined;
  }
  return (value) => checks.every((check) => check(value));
}
