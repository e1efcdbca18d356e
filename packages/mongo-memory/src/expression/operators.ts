/**
 * The operators the native expression compiler handles, one compiler each: `$literal`, `$cond`,
 * `$isArray`, `$ifNull`, `$eq`, `$first`, `$mergeObjects`, `$map`, `$filter`. Each gets the
 * compiler for its arguments; anything else is `unsupported()` (evaluated by mingo instead).
 */

import type { Document } from '../bson/document.js';
import { bsonType, compareValues, isDocument, toNumber, typeName } from '../bson/order.js';
import { serverError } from '../errors/engine-errors.js';
import { bind, constant, type Eval, oneArg, onlyKeys, type Scope, unsupported } from './scope.js';
import { truthy } from './values.js';

type Compile = (expr: unknown, scope: Scope) => Eval;
type OperatorCompiler = (arg: unknown, scope: Scope, compile: Compile) => Eval;

/** Aggregation comparison (`$eq`): BSON order, with missing below null. */
function equalExpr(a: unknown, b: unknown): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a === b && typeof a !== 'number') return true;
  return compareValues(a, b) === 0;
}

const cond: OperatorCompiler = (arg, scope, compile) => {
  let parts: unknown[];
  if (Array.isArray(arg)) {
    if (arg.length !== 3) return unsupported();
    parts = arg;
  } else if (isDocument(arg)) {
    onlyKeys(arg, ['if', 'then', 'else'], ['if', 'then', 'else']);
    parts = [arg.if, arg.then, arg.else];
  } else return unsupported();
  const [test, then, otherwise] = parts.map((p) => compile(p, scope)) as [Eval, Eval, Eval];
  return (root, frame, vars) =>
    truthy(test(root, frame, vars)) ? then(root, frame, vars) : otherwise(root, frame, vars);
};

const isArray: OperatorCompiler = (arg, scope, compile) => {
  const value = compile(oneArg(arg), scope);
  return (root, frame, vars) => Array.isArray(value(root, frame, vars));
};

const ifNull: OperatorCompiler = (arg, scope, compile) => {
  if (!Array.isArray(arg) || arg.length < 2) return unsupported();
  const parts = arg.map((p) => compile(p, scope));
  const last = parts.length - 1;
  return (root, frame, vars) => {
    for (let i = 0; i < last; i++) {
      const value = parts[i]!(root, frame, vars);
      if (value !== undefined && value !== null) return value;
    }
    return parts[last]!(root, frame, vars);
  };
};

const eq: OperatorCompiler = (arg, scope, compile) => {
  if (!Array.isArray(arg) || arg.length !== 2) return unsupported();
  const a = compile(arg[0], scope);
  const b = compile(arg[1], scope);
  return (root, frame, vars) => equalExpr(a(root, frame, vars), b(root, frame, vars));
};

const first: OperatorCompiler = (arg, scope, compile) => {
  const value = compile(oneArg(arg), scope);
  return (root, frame, vars) => {
    const array = value(root, frame, vars);
    if (array === undefined || array === null) return null;
    if (!Array.isArray(array)) {
      throw serverError(28689, `$first's argument must be an array, but is ${typeName(array)}`);
    }
    return array.length === 0 ? undefined : array[0];
  };
};

const mergeObjects: OperatorCompiler = (arg, scope, compile) => {
  const parts = (Array.isArray(arg) ? arg : [arg]).map((p) => compile(p, scope));
  return (root, frame, vars) => {
    const out: Document = {};
    for (let i = 0; i < parts.length; i++) {
      const value = parts[i]!(root, frame, vars);
      if (value === undefined || value === null) continue;
      if (!isDocument(value)) {
        throw serverError(
          40400,
          `$mergeObjects requires object inputs, but input ${JSON.stringify(value)} is of type ${typeName(value)}`,
        );
      }
      for (const key of Object.keys(value)) {
        const field = value[key];
        if (field !== undefined) out[key] = field;
      }
    }
    return out;
  };
};

const map: OperatorCompiler = (arg, scope, compile) => {
  if (!isDocument(arg)) return unsupported();
  onlyKeys(arg, ['input', 'as', 'in'], ['input', 'in']);
  const input = compile(arg.input, scope);
  const [slot, restore] = bind(scope, arg.as ?? 'this');
  const body = compile(arg.in, scope);
  restore();
  return (root, frame, vars) => {
    const array = input(root, frame, vars);
    if (array === undefined || array === null) return null;
    if (!Array.isArray(array)) {
      throw serverError(16883, `input to $map must be an array not ${typeName(array)}`);
    }
    const out = new Array(array.length);
    for (let i = 0; i < array.length; i++) {
      frame[slot] = array[i];
      const value = body(root, frame, vars);
      out[i] = value === undefined ? null : value;
    }
    return out;
  };
};

const filter: OperatorCompiler = (arg, scope, compile) => {
  checkFilterSpec(arg);
  const input = compile(arg.input, scope);
  const limit = Object.hasOwn(arg, 'limit') ? compile(arg.limit, scope) : undefined;
  const [slot, restore] = bind(scope, arg.as ?? 'this');
  const test = compile(arg.cond, scope);
  restore();
  return (root, frame, vars) => {
    const array = input(root, frame, vars);
    if (array === undefined || array === null) return null;
    if (!Array.isArray(array)) {
      throw serverError(28651, `input to $filter must be an array not ${typeName(array)}`);
    }
    const max = limit === undefined ? Number.POSITIVE_INFINITY : filterLimit(limit(root, frame, vars));
    const out: unknown[] = [];
    for (let i = 0; i < array.length && out.length < max; i++) {
      frame[slot] = array[i];
      if (truthy(test(root, frame, vars))) out.push(array[i]);
    }
    return out;
  };
};

export const EXPRESSION_OPERATORS = new Map<string, OperatorCompiler>([
  ['$literal', (arg) => constant(arg)],
  ['$cond', cond],
  ['$isArray', isArray],
  ['$ifNull', ifNull],
  ['$eq', eq],
  ['$first', first],
  ['$mergeObjects', mergeObjects],
  ['$map', map],
  ['$filter', filter],
]);

/** `$filter`'s argument checked as MongoDB's `ExpressionFilter::parse` checks it. */
function checkFilterSpec(arg: unknown): asserts arg is Document {
  if (!isDocument(arg)) throw serverError(28646, '$filter only supports an object as its argument');
  for (const key of Object.keys(arg)) {
    if (!['input', 'as', 'cond', 'limit'].includes(key)) {
      throw serverError(28647, `Unrecognized parameter to $filter: ${key}`);
    }
  }
  if (!Object.hasOwn(arg, 'input')) throw serverError(28648, "Missing 'input' parameter to $filter");
  if (!Object.hasOwn(arg, 'cond')) throw serverError(28650, "Missing 'cond' parameter to $filter");
  if (typeof arg.as === 'string') checkVariableName(arg.as);
}

/** A user variable name, checked as MongoDB's `variableValidation::validateName` checks it. */
export function checkVariableName(name: string): void {
  if (name === '') throw serverError(16866, 'empty variable names are not allowed');
  const first = name.codePointAt(0)!;
  if (!(first >= 0x61 && first <= 0x7a) && first < 0x80) {
    throw serverError(16867, `'${name}' starts with an invalid character for a user variable name`);
  }
  for (const char of name) {
    if (char.codePointAt(0)! < 0x80 && !/[A-Za-z0-9_]/.test(char)) {
      throw serverError(16868, `'${name}' contains an invalid character for a variable name: '${char}'`);
    }
  }
}

/** `$filter`'s `limit`: null or missing is no limit; else a positive whole number. */
function filterLimit(value: unknown): number {
  if (value === undefined || value === null) return Number.POSITIVE_INFINITY;
  const n = typeof value === 'number' || bsonType(value) !== undefined ? toNumber(value) : Number.NaN;
  if (!Number.isInteger(n) || n > 2147483647 || n < -2147483648) {
    throw serverError(
      327391,
      `$filter: limit must be represented as a 32-bit integral value: ${JSON.stringify(value)}`,
    );
  }
  if (n < 1) throw serverError(327392, `$filter: limit must be greater than 0: ${n}`);
  return n;
}
