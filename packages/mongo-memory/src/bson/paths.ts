import type { Document } from './document.js';
import { isDocument } from './order.js';

/** Marks a path that does not resolve. */
export const MISSING: unique symbol = Symbol('missing');
export type Resolved = unknown | typeof MISSING;

const INDEX = /^(0|[1-9][0-9]*)$/;
export const isIndex = (part: string): boolean => INDEX.test(part);

/**
 * Every value a dotted path reaches, the way MongoDB's matcher walks documents: through arrays of
 * documents (not nested arrays), numeric parts index arrays, and a path that stops on a scalar or
 * a missing field yields MISSING; a path through an array that holds no document yields nothing.
 * Leaf arrays are returned whole (callers also test their elements).
 */
export function pathValues(doc: unknown, path: string): Resolved[] {
  return partsValues(doc, splitPath(path));
}

/** `pathValues` for a path already split on dots (see `splitPath`). */
export function partsValues(doc: unknown, parts: readonly string[]): Resolved[] {
  // A top-level field of a document (the common case) is what the walk would give, without it.
  if (parts.length === 1 && isDocument(doc)) {
    const part = parts[0]!;
    return [Object.hasOwn(doc, part) ? doc[part] : MISSING];
  }
  const out: Resolved[] = [];
  walk(doc, parts, 0, out);
  return out;
}

const splitCache = new Map<string, readonly string[]>();

/** A dotted path's parts, remembered (paths come from a small set of queries and sorts). */
export function splitPath(path: string): readonly string[] {
  let parts = splitCache.get(path);
  if (parts === undefined) {
    if (splitCache.size >= 4096) splitCache.clear();
    parts = Object.freeze(path.split('.'));
    splitCache.set(path, parts);
  }
  return parts;
}

function walk(value: unknown, parts: readonly string[], i: number, out: Resolved[]): void {
  if (i === parts.length) {
    out.push(value);
    return;
  }
  const part = parts[i]!;
  if (Array.isArray(value)) {
    if (isIndex(part)) {
      const idx = Number(part);
      if (idx < value.length) walk(value[idx], parts, i + 1, out);
    }
    // Only the documents of the array are walked on: an array holding none (`[]`, `[[]]`,
    // `[1, 'x']`) yields nothing, so in MongoDB 8.0 `{'a.b': null}` does not match it (9.0 does).
    for (const element of value) {
      if (isDocument(element))
        walk(Object.hasOwn(element, part) ? element[part] : MISSING, parts, i + 1, out);
    }
    return;
  }
  if (isDocument(value)) {
    walk(Object.hasOwn(value, part) ? value[part] : MISSING, parts, i + 1, out);
    return;
  }
  out.push(MISSING);
}

/** The single value at a path without array traversal (numeric parts index arrays). */
export function getPath(doc: unknown, path: string): Resolved {
  let value: unknown = doc;
  for (const part of path.split('.')) {
    if (Array.isArray(value) && isIndex(part)) value = value[Number(part)];
    else if (isDocument(value) && Object.hasOwn(value, part)) value = value[part];
    else return MISSING;
    if (value === undefined) return MISSING;
  }
  return value;
}

/**
 * A copy of `doc` with `value` at a dotted `path` (the field removed when `value` is MISSING),
 * copying, never changing, the documents along the path; a part that is not a document is
 * replaced by one. Stages (`$unwind`, `$lookup`) build their output with it.
 */
export function withPath(doc: Document, path: string, value: Resolved): Document {
  const out = { ...doc };
  const parts = path.split('.');
  let target = out;
  for (const part of parts.slice(0, -1)) {
    const next = target[part];
    target[part] = isDocument(next) ? { ...next } : {};
    target = target[part] as Document;
  }
  const last = parts.at(-1)!;
  if (value === MISSING) delete target[last];
  else target[last] = value;
  return out;
}
