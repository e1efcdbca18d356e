/**
 * Projections with MongoDB's rules: find projections (inclusion, exclusion, computed fields,
 * `$elemMatch` returning the first match, `$slice`) and the `$project`, `$addFields`/`$set` and
 * `$unset` stages, with MongoDB's validation: no mixing of inclusion and exclusion, no path
 * collisions, no empty `$project`, no find-only operators in aggregation. Parsed once into a tree
 * (here), applied per document (`apply.ts`).
 */

import type { Document } from '../bson/document.js';
import { isDocument, isNumberLike } from '../bson/order.js';
import { MemoryEngineUnsupportedError, serverError } from '../errors/engine-errors.js';
import { type CompiledExpression, compileExpression } from '../expression/compile.js';
import { validateExpression } from '../expression/evaluate.js';
import { truthy } from '../expression/values.js';
import { compileFilter } from '../query/filter.js';
import { isOperatorObject } from '../query/predicates.js';

type Node =
  | { type: 'include' }
  | { type: 'exclude' }
  | { type: 'expr'; expr: unknown; compiled: CompiledExpression | undefined }
  | { type: 'elemMatch'; test: (element: unknown) => boolean }
  | { type: 'slice'; skip: number; limit: number | undefined }
  | { type: 'sub'; children: Tree };
export type Tree = Map<string, Node>;

export type ProjectionKind = 'find' | 'project' | 'addFields';

export interface Projection {
  mode: 'inclusion' | 'exclusion' | 'addFields';
  tree: Tree;
}

function checkPart(part: string, path: string): void {
  if (part === '') throw serverError(15998, `FieldPath field names may not be empty strings.`);
  if (part.startsWith('$')) {
    throw serverError(
      16410,
      `FieldPath field names may not start with '$'. Consider using $getField or $setField.`,
    );
  }
  if (path.endsWith('.$') || path.includes('.$.') || path.includes('$[')) {
    throw new MemoryEngineUnsupportedError(`The positional projection '${path}'`);
  }
}

/** A leaf node, or a nested specification (`{a: {b: 1}}` is `{'a.b': 1}`). */
function classify(value: unknown, kind: ProjectionKind, path: string): { node: Node } | { nested: Document } {
  if (kind === 'addFields') {
    if (isDocument(value) && !isOperatorObject(value) && Object.keys(value).length > 0)
      return { nested: value };
    validateExpression(value);
    return { node: exprNode(value) };
  }
  if (typeof value === 'boolean' || isNumberLike(value)) {
    // Any numeric type includes or excludes: NumberLong(1) and NumberInt(1) as well as 1.
    return { node: truthy(value) ? { type: 'include' } : { type: 'exclude' } };
  }
  if (isOperatorObject(value)) {
    const op = Object.keys(value)[0]!;
    const arg = value[op];
    if (kind === 'find' && op === '$elemMatch') {
      if (!isDocument(arg)) throw serverError(2, '$elemMatch needs an Object');
      return { node: { type: 'elemMatch', test: elementTest(arg) } };
    }
    if (kind === 'find' && op === '$slice' && isSliceArg(arg)) return { node: sliceNode(arg) };
    if (kind === 'find' && op === '$meta') throw new MemoryEngineUnsupportedError('The $meta projection');
    validateExpression(value);
    return { node: exprNode(value) };
  }
  if (isDocument(value)) {
    if (Object.keys(value).length === 0) {
      throw serverError(
        51270,
        `An empty sub-projection is not a valid value. Found empty object at path ${path}`,
      );
    }
    return { nested: value };
  }
  validateExpression(value);
  return { node: exprNode(value) };
}

/**
 * The `$elemMatch` projection returns the first element for which the query `{f: {$elemMatch:
 * arg}}` holds, with the query's rules: an operator-only `arg` tests values (`{$gt: 2}`, `{$in:
 * […]}`, a nested `$elemMatch`), any other tests documents and arrays (`{}` matches the first).
 */
function elementTest(arg: Document): (element: unknown) => boolean {
  const test = compileFilter({ f: { $elemMatch: arg } });
  return (element) => test({ f: [element] });
}

/** An expression leaf, compiled once when the evaluator handles it natively (see `expression/compile.ts`). */
function exprNode(expr: unknown): Node {
  return { type: 'expr', expr, compiled: compileExpression(expr) };
}

const isSliceArg = (arg: unknown): boolean =>
  typeof arg === 'number' ||
  (Array.isArray(arg) && arg.length === 2 && arg.every((n) => typeof n === 'number'));

function sliceNode(arg: unknown): Node {
  if (typeof arg === 'number') {
    return arg >= 0 ? { type: 'slice', skip: 0, limit: arg } : { type: 'slice', skip: arg, limit: undefined };
  }
  const [skip, limit] = arg as [number, number];
  if (limit <= 0) throw serverError(28724, 'Second argument to $slice must be a positive number');
  return { type: 'slice', skip, limit };
}

function insert(tree: Tree, parts: string[], node: Node, fullPath: string): void {
  let current = tree;
  for (let i = 0; i < parts.length - 1; i++) {
    const part = parts[i]!;
    const existing = current.get(part);
    if (existing === undefined) {
      const children: Tree = new Map();
      current.set(part, { type: 'sub', children });
      current = children;
    } else if (existing.type === 'sub') current = existing.children;
    else {
      throw serverError(
        31250,
        `Path collision at ${fullPath} remaining portion ${parts.slice(i + 1).join('.')}`,
      );
    }
  }
  const last = parts[parts.length - 1]!;
  if (current.has(last)) throw serverError(31250, `Path collision at ${fullPath}`);
  current.set(last, node);
}

function build(
  spec: Document,
  kind: ProjectionKind,
  tree: Tree,
  prefix: string[],
  leaves: Array<[string, Node]>,
): void {
  for (const [key, value] of Object.entries(spec)) {
    const parts = key.split('.');
    const fullPath = [...prefix, key].join('.');
    for (const part of parts) checkPart(part, fullPath);
    const classified = classify(value, kind, fullPath);
    if ('node' in classified) {
      insert(tree, parts, classified.node, fullPath);
      leaves.push([fullPath, classified.node]);
      continue;
    }
    const children: Tree = new Map();
    insert(tree, parts, { type: 'sub', children }, fullPath);
    build(classified.nested, kind, children, [...prefix, key], leaves);
  }
}

export function parseProjection(spec: unknown, kind: ProjectionKind): Projection {
  if (!isDocument(spec)) throw serverError(2, `projection must be an object`);
  if (kind === 'project' && Object.keys(spec).length === 0) {
    throw serverError(
      51272,
      'Invalid $project :: caused by :: projection specification must have at least one field',
    );
  }
  const tree: Tree = new Map();
  const leaves: Array<[string, Node]> = [];
  build(spec, kind, tree, [], leaves);
  if (kind === 'addFields') return { mode: 'addFields', tree };
  let mode: 'inclusion' | 'exclusion' | undefined;
  for (const [path, node] of leaves) {
    if (path === '_id') continue;
    if (node.type === 'exclude') {
      if (mode === 'inclusion')
        throw serverError(31254, `Cannot do exclusion on field ${path} in inclusion projection`);
      mode = 'exclusion';
    } else if (node.type === 'include') {
      if (mode === 'exclusion')
        throw serverError(31253, `Cannot do inclusion on field ${path} in exclusion projection`);
      mode = 'inclusion';
    } else if (node.type === 'expr') {
      if (mode === 'exclusion') {
        throw serverError(31252, `Cannot use expression other than $meta in exclusion projection`);
      }
      mode = 'inclusion';
    }
  }
  const id = tree.get('_id');
  // `$elemMatch` goes with either kind; alone (or with `$slice`) it makes an inclusion.
  const elemMatch = leaves.some(([, node]) => node.type === 'elemMatch');
  if (mode === undefined) {
    mode = id?.type === 'include' || id?.type === 'expr' || elemMatch ? 'inclusion' : 'exclusion';
  }
  if (mode === 'inclusion' && id === undefined) {
    const include: Node = { type: 'include' };
    tree.set('_id', include);
  }
  if (mode === 'exclusion' && id?.type === 'include') tree.delete('_id');
  return { mode, tree };
}

// --- application -------------------------------------------------------------------------------

/** `$unset`: a field name or a non-empty list of them, as an exclusion projection. */
export function parseUnset(spec: unknown): Projection {
  const fields = typeof spec === 'string' ? [spec] : spec;
  if (!Array.isArray(fields) || fields.length === 0 || !fields.every((f) => typeof f === 'string')) {
    throw serverError(
      31002,
      '$unset specification must be a string or an array containing at least one field',
    );
  }
  return parseProjection(Object.fromEntries(fields.map((f) => [f, 0])), 'project');
}
