/**
 * A native evaluator for the aggregation expressions that `populate` and most `$set`/`$project`
 * stages use: field paths, `$$` variables, constants, expression objects, `$literal`, `$cond`,
 * `$isArray`, `$map`, `$filter`, `$mergeObjects`, `$first`, `$ifNull` and `$eq`, with MongoDB's
 * semantics (missing is `undefined`). An expression is compiled once (per stage) into a closure;
 * any operator, variable or shape not handled here makes the whole expression fall back to mingo
 * (`compileExpression` returns `undefined`). Errors are MongoDB's, as server errors.
 */
import { bsonType, compareValues, isDocument, toNumber, typeName } from './bson-order.js';
import { cloneValue } from './clone.js';
import type { Document } from './errors.js';
import { serverError } from './errors.js';

/** A compiled expression: the current document, the frame of `$map`/`$filter` variables, and the outer (`let`) variables. */
type Eval = (root: unknown, frame: unknown[], vars: Document | undefined) => unknown;

/** A compiled expression, ready to evaluate against a document; `undefined` is missing. */
export type CompiledExpression = (root: unknown, variables?: Document) => unknown;

class Unsupported extends Error {}
const unsupported = (): never => {
  throw new Unsupported();
};

interface Scope {
  /** The slot of each variable bound inside the expression, innermost binding last. */
  names: Map<string, number>;
  slots: number;
}

/**
 * The expression as a closure, or `undefined` when it uses anything this evaluator does not
 * handle (the caller then evaluates it with mingo, as a whole). Compile once, call per document.
 */
export function compileExpression(expr: unknown): CompiledExpression | undefined {
  const scope: Scope = { names: new Map(), slots: 0 };
  let fn: Eval;
  try {
    fn = compile(expr, scope);
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
  const size = scope.slots;
  if (size === 0) return (root, variables) => fn(root, EMPTY, variables);
  return (root, variables) => fn(root, new Array(size), variables);
}

const EMPTY: unknown[] = [];

/** A constant: primitives as they are; objects (the caller's) copied for each result. */
function constant(value: unknown): Eval {
  if (value === null || typeof value !== 'object') return () => value;
  return () => cloneValue(value);
}

/** MongoDB truthiness: false, null, missing and numeric zero (of any numeric type) are false. */
function truthy(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return false;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'bigint') return value !== 0n;
  if (typeof value === 'object') {
    const tag = bsonType(value);
    if (tag === 'Int32' || tag === 'Double' || tag === 'Long' || tag === 'Decimal128') {
      return toNumber(value) !== 0;
    }
  }
  return true;
}

/** Aggregation comparison (`$eq`): BSON order, with missing below null. */
function equalExpr(a: unknown, b: unknown): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a === b && typeof a !== 'number') return true;
  return compareValues(a, b) === 0;
}

function compile(expr: unknown, scope: Scope): Eval {
  if (typeof expr === 'string') {
    if (expr.startsWith('$$')) return compileVariable(expr.slice(2), scope);
    if (expr.startsWith('$')) return compileFieldPath(expr.slice(1));
    return () => expr;
  }
  if (expr === null || typeof expr !== 'object') {
    if (expr === undefined) return unsupported();
    return () => expr;
  }
  // Array literals (MongoDB turns missing elements into null): left to mingo.
  if (Array.isArray(expr)) return unsupported();
  if (!isDocument(expr)) return constant(expr);
  const keys = Object.keys(expr);
  if (keys.length === 1 && keys[0]!.startsWith('$')) return compileOperator(keys[0]!, expr[keys[0]!], scope);
  return compileObject(expr, keys, scope);
}

/** An expression object: each field evaluated, missing ones left out. */
function compileObject(expr: Document, keys: string[], scope: Scope): Eval {
  const fields: Array<[string, Eval]> = [];
  for (const key of keys) {
    if (key === '' || key.startsWith('$') || key.includes('.')) return unsupported();
    fields.push([key, compile(expr[key], scope)]);
  }
  const n = fields.length;
  return (root, frame, vars) => {
    const out: Document = {};
    for (let i = 0; i < n; i++) {
      const [key, fn] = fields[i]!;
      const value = fn(root, frame, vars);
      if (value !== undefined) out[key] = value;
    }
    return out;
  };
}

// --- paths and variables ---------------------------------------------------------------------

/** A field path from index `from` of `parts`, the way MongoDB's `ExpressionFieldPath` walks it. */
function walkDocument(doc: Document, parts: readonly string[], from: number): unknown {
  const field = parts[from]!;
  const value = Object.hasOwn(doc, field) ? doc[field] : undefined;
  if (from === parts.length - 1) return value;
  if (value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) return walkArray(value, parts, from + 1);
  if (isDocument(value)) return walkDocument(value, parts, from + 1);
  return undefined;
}

/** Through an array: the path in each element that is a document; the missing ones left out. */
function walkArray(array: readonly unknown[], parts: readonly string[], from: number): unknown[] {
  const out: unknown[] = [];
  for (let i = 0; i < array.length; i++) {
    const element = array[i];
    if (!isDocument(element)) continue;
    const value = walkDocument(element, parts, from);
    if (value !== undefined) out.push(value);
  }
  return out;
}

/** The rest of a path (`parts`, from 0) in a value, as MongoDB walks a variable's path. */
function walkValue(value: unknown, parts: readonly string[]): unknown {
  if (value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) return walkArray(value, parts, 0);
  if (isDocument(value)) return walkDocument(value, parts, 0);
  return undefined;
}

function checkParts(parts: readonly string[]): void {
  for (const part of parts) if (part === '' || part.startsWith('$')) unsupported();
}

function compileFieldPath(path: string): Eval {
  const parts = Object.freeze(path.split('.'));
  checkParts(parts);
  if (parts.length === 1) {
    const field = parts[0]!;
    return (root) => (isDocument(root) && Object.hasOwn(root, field) ? root[field] : undefined);
  }
  return (root) => (isDocument(root) ? walkDocument(root, parts, 0) : undefined);
}

const VARIABLE_NAME = /^[a-z\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*$/;

function compileVariable(text: string, scope: Scope): Eval {
  const dot = text.indexOf('.');
  const name = dot < 0 ? text : text.slice(0, dot);
  const rest = dot < 0 ? undefined : Object.freeze(text.slice(dot + 1).split('.'));
  if (rest) checkParts(rest);
  let base: Eval;
  if (name === 'REMOVE') base = () => undefined;
  else if (name === 'ROOT' || name === 'CURRENT') base = (root) => root;
  else if (!VARIABLE_NAME.test(name)) return unsupported();
  else {
    const slot = scope.names.get(name);
    if (slot !== undefined) base = (_root, frame) => frame[slot];
    else {
      // A variable of the enclosing pipeline (`$lookup`'s `let`): known only when it runs.
      base = (_root, _frame, vars) => {
        if (vars === undefined || !Object.hasOwn(vars, name)) {
          throw serverError(17276, `Use of undefined variable: ${name}`);
        }
        return vars[name];
      };
    }
  }
  if (!rest) return base;
  if (rest.length === 1) {
    const field = rest[0]!;
    return (root, frame, vars) => {
      const value = base(root, frame, vars);
      if (value === null || typeof value !== 'object') return undefined;
      if (Array.isArray(value)) return walkArray(value, rest, 0);
      return isDocument(value) && Object.hasOwn(value, field) ? value[field] : undefined;
    };
  }
  return (root, frame, vars) => walkValue(base(root, frame, vars), rest);
}

// --- operators -------------------------------------------------------------------------------

/** The single argument of an operator: `x` or `[x]`. */
function oneArg(arg: unknown): unknown {
  if (Array.isArray(arg)) return arg.length === 1 ? arg[0] : unsupported();
  return arg;
}

function bind(scope: Scope, name: unknown): [number, () => void] {
  if (typeof name !== 'string' || !VARIABLE_NAME.test(name)) return unsupported();
  const previous = scope.names.get(name);
  const slot = scope.slots++;
  scope.names.set(name, slot);
  const restore = () => {
    if (previous === undefined) scope.names.delete(name);
    else scope.names.set(name, previous);
  };
  return [slot, restore];
}

function onlyKeys(spec: Document, allowed: readonly string[], required: readonly string[]): void {
  for (const key of Object.keys(spec)) if (!allowed.includes(key)) unsupported();
  for (const key of required) if (!Object.hasOwn(spec, key)) unsupported();
}

function compileOperator(op: string, arg: unknown, scope: Scope): Eval {
  switch (op) {
    case '$literal':
      return constant(arg);
    case '$cond': {
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
    }
    case '$isArray': {
      const value = compile(oneArg(arg), scope);
      return (root, frame, vars) => Array.isArray(value(root, frame, vars));
    }
    case '$ifNull': {
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
    }
    case '$eq': {
      if (!Array.isArray(arg) || arg.length !== 2) return unsupported();
      const a = compile(arg[0], scope);
      const b = compile(arg[1], scope);
      return (root, frame, vars) => equalExpr(a(root, frame, vars), b(root, frame, vars));
    }
    case '$first': {
      const value = compile(oneArg(arg), scope);
      return (root, frame, vars) => {
        const array = value(root, frame, vars);
        if (array === undefined || array === null) return null;
        if (!Array.isArray(array)) {
          throw serverError(28689, `$first's argument must be an array, but is ${typeName(array)}`);
        }
        return array.length === 0 ? undefined : array[0];
      };
    }
    case '$mergeObjects': {
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
    }
    case '$map': {
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
    }
    case '$filter': {
      checkFilterSpec(arg);
      const input = compile(arg.input, scope);
      const limit = Object.hasOwn(arg, 'limit') ? compile(arg.limit, scope) : undefined;
      const [slot, restore] = bind(scope, arg.as ?? 'this');
      const cond = compile(arg.cond, scope);
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
          if (truthy(cond(root, frame, vars))) out.push(array[i]);
        }
        return out;
      };
    }
    default:
      return unsupported();
  }
}

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
