/**
 * Field paths (`$a.b`) and variables (`$$name.b`, `$$ROOT`, `$$CURRENT`, `$$REMOVE`) compiled to
 * closures that walk documents the way MongoDB's `ExpressionFieldPath` does.
 */

import type { Document } from '../bson/document.js';
import { isDocument } from '../bson/order.js';
import { serverError } from '../errors/engine-errors.js';
import { type Eval, type Scope, unsupported, VARIABLE_NAME } from './scope.js';

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

export function compileFieldPath(path: string): Eval {
  const parts = Object.freeze(path.split('.'));
  checkParts(parts);
  if (parts.length === 1) {
    const field = parts[0]!;
    return (root) => (isDocument(root) && Object.hasOwn(root, field) ? root[field] : undefined);
  }
  return (root) => (isDocument(root) ? walkDocument(root, parts, 0) : undefined);
}

export function compileVariable(text: string, scope: Scope): Eval {
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
