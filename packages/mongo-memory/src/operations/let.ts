/**
 * A command's `let`: variables every expression of the command sees as `$$name` — in `$expr` of
 * its filter, in an aggregation's stages, in a pipeline update, in a find's projection. Each is an
 * expression evaluated once, before any document is read, so it may not read a field (MongoDB's
 * error 4890500); names follow the rules of user variables (16866–16868, as `$let`'s and
 * `$lookup`'s).
 */
import type { Document } from '../bson/document.js';
import { isDocument, typeName } from '../bson/order.js';
import { serverError } from '../errors/engine-errors.js';
import { evaluate, validateExpression } from '../expression/evaluate.js';
import { checkVariableName } from '../expression/operators.js';

/** Whether an expression reads the current document: a field path, `$$ROOT` or `$$CURRENT`. */
function readsDocument(expr: unknown): boolean {
  if (typeof expr === 'string') {
    if (!expr.startsWith('$')) return false;
    if (!expr.startsWith('$$')) return true;
    const name = expr.slice(2).split('.')[0];
    return name === 'ROOT' || name === 'CURRENT';
  }
  if (Array.isArray(expr)) return expr.some(readsDocument);
  if (!isDocument(expr)) return false;
  const keys = Object.keys(expr);
  if (keys.length === 1 && keys[0] === '$literal') return false;
  return keys.some((key) => readsDocument(expr[key]));
}

/** The values of a command's `let` (undefined without one). */
export function letVariables(spec: unknown): Document | undefined {
  if (spec === undefined) return undefined;
  if (!isDocument(spec)) {
    throw serverError(14, `BSON field 'let' is the wrong type '${typeName(spec)}', expected type 'object'`);
  }
  const variables: Document = {};
  for (const [name, expr] of Object.entries(spec)) {
    checkVariableName(name);
    validateExpression(expr);
    if (readsDocument(expr)) {
      throw serverError(
        4890500,
        'Command let Expression tried to access a field, but this is not allowed because command let expressions run before the query examines any documents.',
      );
    }
    variables[name] = evaluate({}, expr);
  }
  return variables;
}
