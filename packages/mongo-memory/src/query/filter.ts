/**
 * Query filters with MongoDB's semantics, written here rather than taken from mingo (which differs on
 * null through arrays, `$type` names, Decimal128/Long comparison, field order in object equality,
 * and accepts malformed operators). The one evaluator of query operators: a filter is compiled once
 * into a predicate; each operator group (comparison, element, array, evaluation, logical) lives in
 * its own file over the shared predicates, and reaches back here through `Compiler` for the filters
 * and operators it holds. `$expr` is evaluated with the expression engine.
 */

import type { Document } from '../bson/document.js';
import { isDocument } from '../bson/order.js';
import { partsValues, splitPath } from '../bson/paths.js';
import { badValue, MemoryEngineUnsupportedError } from '../errors/engine-errors.js';
import { ARRAY_OPERATORS } from './array.js';
import { COMPARISON_OPERATORS } from './comparison.js';
import { ELEMENT_OPERATORS } from './element.js';
import { EVALUATION_OPERATORS, exprPredicate } from './evaluation.js';
import { LOGICAL_OPERATORS, logicalPredicate } from './logical.js';
import {
  anyElement,
  type Compiler,
  equalityTest,
  every,
  isOperatorObject,
  isRegex,
  type MatchContext,
  type OperatorCompiler,
  type Predicate,
  type ValueTest,
} from './predicates.js';
import { regexTest, toRegExp } from './regex.js';

export type { MatchContext, Predicate } from './predicates.js';

const UNSUPPORTED_OPERATORS = [
  '$geoWithin',
  '$geoIntersects',
  '$near',
  '$nearSphere',
  '$bitsAllSet',
  '$bitsAnySet',
  '$bitsAllClear',
  '$bitsAnyClear',
];

const OPERATORS = new Map<string, OperatorCompiler>([
  ...Object.entries(COMPARISON_OPERATORS),
  ...Object.entries(ELEMENT_OPERATORS),
  ...Object.entries(ARRAY_OPERATORS),
  ...Object.entries(EVALUATION_OPERATORS),
  ...Object.entries(LOGICAL_OPERATORS),
  ['$comment', () => () => true],
  ...UNSUPPORTED_OPERATORS.map((op): [string, OperatorCompiler] => [
    op,
    () => {
      throw new MemoryEngineUnsupportedError(`The query operator ${op}`);
    },
  ]),
]);

export function compileFilter(filter: unknown, ctx: MatchContext = {}): Predicate {
  if (filter === undefined || filter === null) return () => true;
  if (!isDocument(filter)) throw badValue('query filter must be an object');
  const tests: Predicate[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (key.startsWith('$')) tests.push(compileTopLevel(key, value, ctx));
    else {
      const test = compileValue(value, ctx, false);
      const parts = splitPath(key);
      tests.push((doc) => test(partsValues(doc, parts)));
    }
  }
  return every(tests);
}

function compileTopLevel(op: string, value: unknown, ctx: MatchContext): Predicate {
  switch (op) {
    case '$and':
    case '$or':
    case '$nor':
      return logicalPredicate(op, value, ctx, COMPILER);
    case '$expr':
      return exprPredicate(value, ctx);
    case '$comment':
      return () => true;
    case '$text':
    case '$where':
    case '$jsonSchema':
    case '$sampleRate':
      throw new MemoryEngineUnsupportedError(`The query operator ${op}`);
    default:
      throw badValue(`unknown top level operator: ${op}`);
  }
}

/**
 * A filter value: an operator object, a regex or a value to compare for equality. With `single`
 * (inside an `$elemMatch` on values) each candidate is tested as one value: an array candidate is
 * not searched element by element, as MongoDB's `matchesSingleElement` does not.
 */
function compileValue(value: unknown, ctx: MatchContext, single: boolean): ValueTest {
  if (isOperatorObject(value)) return compileOperators(value, ctx, single);
  if (isRegex(value)) return anyElement(regexTest(toRegExp(value)), single);
  return equalityTest(value, single);
}

function compileOperators(spec: Document, ctx: MatchContext, single: boolean): ValueTest {
  const tests: ValueTest[] = [];
  const keys = Object.keys(spec);
  for (const op of keys) {
    if (!op.startsWith('$')) throw badValue(`unknown operator: ${op}`);
    if (op === '$options') {
      if (!keys.includes('$regex')) throw badValue('$options needs a $regex');
      continue;
    }
    const compile = OPERATORS.get(op);
    if (compile === undefined) throw badValue(`unknown operator: ${op}`);
    tests.push(compile({ op, arg: spec[op], spec, ctx, single, compiler: COMPILER }));
  }
  if (tests.length === 1) return tests[0]!;
  return (candidates) => tests.every((t) => t(candidates));
}

const COMPILER: Compiler = { filter: compileFilter, value: compileValue, operators: compileOperators };
