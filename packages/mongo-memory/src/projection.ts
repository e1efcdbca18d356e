/**
 * Projections with MongoDB's rules: find projections (inclusion, exclusion, computed fields,
 * `$elemMatch` returning the first match, `$slice`) and the `$project`, `$addFields`/`$set` and
 * `$unset` stages, with MongoDB's validation: no mixing of inclusion and exclusion, no path
 * collisions, no empty `$project`, no find-only operators in aggregation.
 */
import { isDocument, isNumberLike } from './bson-order.js';
import { cloneValue } from './clone.js';
import { type Document, MemoryEngineUnsupportedError, serverError } from './errors.js';
import { type CompiledExpression, compileExpression } from './expression/compile.js';
import { evaluate, validateExpression } from './expression/evaluate.js';
import { truthy } from './expression/values.js';
import { compileFilter } from './query/filter.js';
import { isOperatorObject } from './query/predicates.js';

type Node =
  | { type: 'include' }
  | { type: 'exclude' }
  | { type: 'expr'; expr: unknown; compiled: CompiledExpression | undefined }
  | { type: 'elemMatch'; test: (element: unknown) => boolean }
  | { type: 'slice'; skip: number; limit: number | undefined }
  | { type: 'sub'; children: Tree };
type Tree = Map<string, Node>;

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

/** An expression leaf, compiled once when the evaluator handles it natively (see `compiled.ts`). */
function exprNode(expr: unknown): Node {
  return { type: 'expr', expr, compiled: compileExpression(expr) };
}

/** An expression leaf's value for the document being projected; `undefined` is missing. */
function exprValue(
  node: { expr: unknown; compiled: CompiledExpression | undefined },
  ctx: ApplyContext,
): unknown {
  if (node.compiled !== undefined) {
    // Built from the input's values and new documents without undefined fields: kept as they are.
    const value = node.compiled(ctx.root, ctx.variables);
    return value === undefined ? undefined : ctx.keep(value);
  }
  const value = evaluate(ctx.root, node.expr, ctx.variables);
  return value === undefined ? undefined : cloneValue(value);
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

interface ApplyContext {
  root: Document;
  variables: Document | undefined;
  /** find projections descend into nested arrays; aggregation does not. */
  nestedArrays: boolean;
  /** How a value the projection keeps as it is goes into the output (see `applyProjection`). */
  keep: (value: unknown) => unknown;
}

/**
 * Apply a projection. A find projection's output is the caller's: it is a deep copy. An
 * aggregation stage's output only flows to the next stage (no stage changes its input, and
 * `aggregate` copies the final output), so the values it keeps as they are are shared with its
 * input whenever a copy would be no different (`keep`): the copy is made once, at the end.
 */
export function applyProjection(
  doc: Document,
  projection: Projection,
  variables?: Document,
  find = false,
): Document {
  const ctx: ApplyContext = { root: doc, variables, nestedArrays: find, keep: find ? cloneValue : keep };
  if (projection.mode === 'exclusion') return applyExclusion(doc, projection.tree, ctx);
  if (projection.mode === 'inclusion') return applyInclusion(doc, projection.tree, ctx);
  const out = keepFields(doc, ctx);
  applyComputed(out, projection.tree, ctx);
  return out;
}

/**
 * A value as it is when that equals its copy (`cloneValue`): nothing inside it is undefined or a
 * hole (a copy turns those into null) and its objects are plain; else its copy.
 */
function keep(value: unknown): unknown {
  return shareable(value) ? value : cloneValue(value);
}

function shareable(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const element = value[i];
      if (element === undefined || !shareable(element)) return false;
    }
    return true;
  }
  // Dates, regexes, buffers and bson values: their copies are equal values.
  if (!isDocument(value)) return true;
  if (Object.getPrototypeOf(value) !== Object.prototype) return false;
  for (const key of Object.keys(value)) {
    const field = value[key];
    if (field === undefined || !shareable(field)) return false;
  }
  return true;
}

/** A new document with the fields of `doc`, each kept (undefined ones null, as a copy has them). */
function keepFields(doc: Document, ctx: ApplyContext): Document {
  const out: Document = {};
  for (const key of Object.keys(doc)) {
    const value = doc[key];
    out[key] = value === undefined ? null : ctx.keep(value);
  }
  return out;
}

function sliceArray(value: unknown, node: { skip: number; limit: number | undefined }): unknown {
  if (!Array.isArray(value)) return cloneValue(value);
  let start = node.skip < 0 ? Math.max(0, value.length + node.skip) : Math.min(node.skip, value.length);
  if (node.limit === undefined) start = node.skip < 0 ? start : 0;
  const end = node.limit === undefined ? (node.skip < 0 ? value.length : node.skip) : start + node.limit;
  return cloneValue(value.slice(start, end));
}

/** The first element of `value` an `$elemMatch` projection keeps, if any. */
function firstMatch(value: unknown, test: (element: unknown) => boolean): unknown[] | undefined {
  if (!Array.isArray(value)) return undefined;
  for (const element of value) if (test(element)) return [cloneValue(element)];
  return undefined;
}

/**
 * `nested`: the document is inside an array nested in an array, where find projections still
 * filter fields but leave `$slice` unapplied (MongoDB's `$slice` goes one array level deep).
 */
function applyExclusion(doc: Document, tree: Tree, ctx: ApplyContext, nested = false): Document {
  const out: Document = {};
  for (const [key, value] of Object.entries(doc)) {
    const node = tree.get(key);
    if (node === undefined) out[key] = ctx.keep(value);
    else if (node.type === 'exclude') continue;
    else if (node.type === 'slice') out[key] = nested ? ctx.keep(value) : sliceArray(value, node);
    else if (node.type === 'sub') out[key] = excludeValue(value, node.children, ctx, true, nested);
    else if (node.type === 'elemMatch') {
      const first = firstMatch(value, node.test);
      if (first !== undefined) out[key] = first;
    } else out[key] = ctx.keep(value);
  }
  return out;
}

/** Aggregation leaves arrays nested in arrays as they are; find projections descend into them. */
function excludeValue(value: unknown, tree: Tree, ctx: ApplyContext, top: boolean, nested: boolean): unknown {
  if (isDocument(value)) return applyExclusion(value, tree, ctx, nested);
  if (Array.isArray(value) && (top || ctx.nestedArrays))
    return value.map((e) => excludeValue(e, tree, ctx, false, nested || !top));
  return ctx.keep(value);
}

const hasComputed = (tree: Tree): boolean =>
  [...tree.values()].some((n) => n.type === 'expr' || (n.type === 'sub' && hasComputed(n.children)));

const SKIP: unique symbol = Symbol('skip');

function applyInclusion(doc: Document, tree: Tree, ctx: ApplyContext, nested = false): Document {
  const out: Document = {};
  for (const [key, value] of Object.entries(doc)) {
    const node = tree.get(key);
    if (node === undefined) continue;
    if (node.type === 'include') out[key] = ctx.keep(value);
    else if (node.type === 'slice') out[key] = nested ? ctx.keep(value) : sliceArray(value, node);
    else if (node.type === 'sub') {
      const projected = includeValue(value, node.children, ctx, nested);
      if (projected !== SKIP) out[key] = projected;
    }
  }
  for (const [key, node] of tree) {
    if (node.type === 'expr') {
      const value = exprValue(node, ctx);
      if (value === undefined) delete out[key];
      else out[key] = value;
    } else if (node.type === 'sub' && !Object.hasOwn(doc, key) && hasComputed(node.children)) {
      out[key] = applyInclusion({}, node.children, ctx);
    } else if (node.type === 'elemMatch') {
      const first = firstMatch(doc[key], node.test);
      if (first !== undefined) out[key] = first;
    }
  }
  return out;
}

function includeValue(value: unknown, tree: Tree, ctx: ApplyContext, nested: boolean): unknown {
  if (isDocument(value)) return applyInclusion(value, tree, ctx, nested);
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const e of value) {
      if (Array.isArray(e) && !ctx.nestedArrays) continue;
      const projected = includeValue(e, tree, ctx, nested || Array.isArray(e));
      if (projected !== SKIP) out.push(projected);
    }
    return out;
  }
  if (hasComputed(tree)) return applyInclusion({}, tree, ctx);
  return SKIP;
}

/**
 * `$addFields` semantics: set computed values along paths, through arrays of documents. `target`
 * is the stage's own (new) document; documents along the paths are copied before they change.
 */
function applyComputed(target: Document, tree: Tree, ctx: ApplyContext): void {
  for (const [key, node] of tree) {
    if (node.type === 'expr') {
      const value = exprValue(node, ctx);
      if (value === undefined) delete target[key];
      else target[key] = value;
    } else if (node.type === 'sub') {
      target[key] = computedValue(target[key], node.children, ctx);
    }
  }
}

/** `value` (kept: see `keep`) with the computed fields of `tree` set, as a new value. */
function computedValue(value: unknown, tree: Tree, ctx: ApplyContext): unknown {
  if (isDocument(value)) {
    const copy = keepFields(value, ctx);
    applyComputed(copy, tree, ctx);
    return copy;
  }
  if (Array.isArray(value)) return value.map((e) => (Array.isArray(e) ? e : computedValue(e, tree, ctx)));
  const fresh: Document = {};
  applyComputed(fresh, tree, ctx);
  return fresh;
}

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
