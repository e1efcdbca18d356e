/**
 * A native evaluator for the aggregation expressions that `populate` and most `$set`/`$project`
 * stages use: field paths, `$$` variables, constants, expression objects, `$literal`, `$cond`,
 * `$isArray`, `$map`, `$filter`, `$mergeObjects`, `$first`, `$ifNull` and `$eq`, with MongoDB's
 * semantics (missing is `undefined`). An expression is compiled once (per stage) into a closure;
 * any operator, variable or shape not handled here makes the whole expression fall back to mingo
 * (`compileExpression` returns `undefined`). Errors are MongoDB's, as server errors.
 */

import type { Document } from '../bson/document.js';
import { isDocument } from '../bson/order.js';
import { EXPRESSION_OPERATORS } from './operators.js';
import { constant, type Eval, type Scope, Unsupported, unsupported } from './scope.js';
import { compileFieldPath, compileVariable } from './variables.js';

/** A compiled expression, ready to evaluate against a document; `undefined` is missing. */
export type CompiledExpression = (root: unknown, variables?: Document) => unknown;

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
  if (keys.length === 1 && keys[0]!.startsWith('$')) {
    const operator = EXPRESSION_OPERATORS.get(keys[0]!);
    return operator === undefined ? unsupported() : operator(expr[keys[0]!], scope, compile);
  }
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
