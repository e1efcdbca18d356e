/**
 * A parsed projection applied to one document: kept, excluded, computed, `$elemMatch` and `$slice`
 * fields, following the tree `parse.ts` built.
 */

import { cloneValue } from '../bson/clone.js';
import type { Document } from '../bson/document.js';
import { isDocument } from '../bson/order.js';
import type { CompiledExpression } from '../expression/compile.js';
import { evaluate } from '../expression/evaluate.js';
import type { Projection, Tree } from './parse.js';

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
