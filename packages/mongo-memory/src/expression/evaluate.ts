/**
 * Aggregation expressions, evaluated by mingo with a context of our own: every mingo expression and
 * accumulator operator, with the comparison, `$in`, `$type` and `$size` operators replaced by ones
 * that follow MongoDB (BSON order across types, missing below null, errors on non-arrays).
 */
import { Context, evalExpr } from 'mingo/core';
import * as accumulatorOps from 'mingo/operators/accumulator';
import * as expressionOps from 'mingo/operators/expression';
import type { AccumulatorOperator, ExpressionOperator, Options } from 'mingo/types';
import { MongoInvalidArgumentError } from 'mongodb';
import type { Document } from '../bson/document.js';
import { isDocument, typeName, valuesEqual } from '../bson/order.js';
import { MemoryEngineUnsupportedError, MemoryServerError, serverError } from '../errors/engine-errors.js';
import { compareExpr } from './values.js';

type ExprOp = (obj: unknown, expr: unknown, options: Options) => unknown;

function twoArgs(name: string, obj: unknown, expr: unknown, options: Options): [unknown, unknown] {
  const args = Array.isArray(expr) ? expr : [expr];
  if (args.length !== 2) {
    throw serverError(16020, `Expression ${name} takes exactly 2 arguments. ${args.length} were passed in.`);
  }
  return [evalExpr(obj, args[0], options), evalExpr(obj, args[1], options)];
}

const comparison =
  (name: string, test: (c: number) => boolean): ExprOp =>
  (obj, expr, options) => {
    const [a, b] = twoArgs(name, obj, expr, options);
    return test(compareExpr(a, b));
  };

const overrides: Record<string, ExprOp> = {
  $eq: comparison('$eq', (c) => c === 0),
  $ne: comparison('$ne', (c) => c !== 0),
  $gt: comparison('$gt', (c) => c > 0),
  $gte: comparison('$gte', (c) => c >= 0),
  $lt: comparison('$lt', (c) => c < 0),
  $lte: comparison('$lte', (c) => c <= 0),
  $cmp: (obj, expr, options) => {
    const [a, b] = twoArgs('$cmp', obj, expr, options);
    return Math.sign(compareExpr(a, b));
  },
  $in: (obj, expr, options) => {
    const [value, list] = twoArgs('$in', obj, expr, options);
    if (!Array.isArray(list)) {
      throw serverError(40081, `$in requires an array as a second argument, found: ${typeName(list)}`);
    }
    return list.some((item) => value !== undefined && valuesEqual(item, value));
  },
  $type: (obj, expr, options) => {
    const arg = Array.isArray(expr) ? expr[0] : expr;
    return typeName(evalExpr(obj, arg, options));
  },
  $size: (obj, expr, options) => {
    const arg = Array.isArray(expr) ? expr[0] : expr;
    const value = evalExpr(obj, arg, options);
    if (!Array.isArray(value)) {
      throw serverError(
        17124,
        `The argument to $size must be an array. Type of argument is ${typeName(value)}`,
      );
    }
    return value.length;
  },
};

/** The operators a mingo module exports (its `$`-named members). */
function operators<T>(module: Readonly<Record<string, T>>): Record<string, T> {
  return Object.fromEntries(Object.entries(module).filter(([k]) => k.startsWith('$')));
}

const EXPRESSIONS: Record<string, ExpressionOperator> = { ...operators(expressionOps), ...overrides };
const ACCUMULATORS: Record<string, AccumulatorOperator> = operators(accumulatorOps);

export const context: Context = Context.init({ expression: EXPRESSIONS, accumulator: ACCUMULATORS });

const KNOWN = new Set([...Object.keys(EXPRESSIONS), ...Object.keys(ACCUMULATORS)]);

/** Throws MongoDB's error for an operator it does not know as an expression (e.g. `$elemMatch`). */
export function validateExpression(expr: unknown): void {
  if (Array.isArray(expr)) {
    for (const e of expr) validateExpression(e);
    return;
  }
  if (!isDocument(expr)) return;
  const keys = Object.keys(expr);
  const first = keys[0];
  if (first?.startsWith('$')) {
    if (keys.length > 1) {
      throw serverError(
        15983,
        `an expression specification must contain exactly one field, the name of the expression. Found ${keys.length} fields in ${JSON.stringify(expr)}`,
      );
    }
    if (!KNOWN.has(first)) throw serverError(168, `Unrecognized expression '${first}'`);
    if (first === '$literal') return;
    validateExpression(expr[first]);
    return;
  }
  for (const key of keys) validateExpression(expr[key]);
}

/** Evaluate an expression against a document; `undefined` means missing. */
export function evaluate(doc: unknown, expr: unknown, variables?: Document): unknown {
  try {
    const options = (variables ? { context, variables } : { context }) as Options;
    return evalExpr(doc, expr, options);
  } catch (error) {
    throw asServerError(error);
  }
}

/**
 * mingo throws plain errors, without MongoDB's code (each of its checks is a different location
 * code on MongoDB). A generic code 2 would be a different answer, so an error raised inside mingo's
 * evaluation is refused by name, carrying mingo's message; the engine's own errors pass through.
 */
export function asServerError(error: unknown): Error {
  if (error instanceof MemoryServerError || error instanceof MemoryEngineUnsupportedError) return error;
  if (error instanceof MongoInvalidArgumentError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new MemoryEngineUnsupportedError(
    `MongoDB's error for an expression that fails inside mingo's evaluation (mingo: "${message}")`,
  );
}
