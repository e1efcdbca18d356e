/**
 * The places an update path names in a document (several through `$[]` and `$[<id>]`), created on
 * the way when the operator creates, and how a value is written to or removed from one. A path's
 * `$` is replaced by the matched position before it gets here.
 */

import type { Document } from '../bson/document.js';
import { isDocument } from '../bson/order.js';
import { isIndex } from '../bson/paths.js';
import { serverError } from '../errors/engine-errors.js';
import type { ElementTest } from './array-filters.js';
import { bsonString } from './bson-string.js';
import { arrayUpdateIdentifier, describe } from './check.js';

export interface Slot {
  parent: Document | unknown[];
  key: string;
  exists: boolean;
  value: unknown;
  /** The slot's own dotted path, positions written out (`a.1.b`). */
  path: string;
}

/** How a path is resolved: whether the operator creates, fails on a blocked path, and the array filters. */
interface Walk {
  parts: readonly string[];
  create: boolean;
  viable: boolean;
  filters: ReadonlyMap<string, ElementTest>;
  out: Slot[];
}

function describeElement(key: string, value: unknown): string {
  return `{${key}: ${describe(value)}}`;
}

/** The positions `$[]` (all) or `$[<id>]` (those its filter selects) names in `array`. */
function positions(
  array: unknown[],
  identifier: string,
  filters: ReadonlyMap<string, ElementTest>,
): string[] {
  const test = identifier === '' ? undefined : filters.get(identifier);
  const out: string[] = [];
  array.forEach((element, i) => {
    if (test === undefined || test(element)) out.push(String(i));
  });
  return out;
}

/** The index of the next `$[…]` part at or after `from`, or -1. */
const nextArrayUpdate = (parts: readonly string[], from: number): number =>
  parts.findIndex((part, i) => i >= from && arrayUpdateIdentifier(part) !== undefined);

/**
 * MongoDB's `UpdateArrayNode`: the value before a `$[…]` part must be there (whatever the
 * operator) and be an array.
 */
function mustBeArray(
  walk: Walk,
  at: string[],
  i: number,
  key: string,
  value: unknown,
  found: boolean,
): unknown[] {
  if (!found) {
    const j = nextArrayUpdate(walk.parts, i + 1);
    const path = [...at, key, ...walk.parts.slice(i + 1, j)].join('.');
    throw serverError(2, `The path '${path}' must exist in the document in order to apply array updates.`);
  }
  if (!Array.isArray(value))
    throw serverError(2, `Cannot apply array updates to non-array element ${key}: ${bsonString(value)}`);
  return value;
}

function visit(walk: Walk, node: Document | unknown[], i: number, at: string[]): void {
  const part = walk.parts[i]!;
  const last = i === walk.parts.length - 1;
  const identifier = arrayUpdateIdentifier(part);
  const keys = identifier === undefined ? [part] : positions(node as unknown[], identifier, walk.filters);
  for (const key of keys) {
    const inArray = Array.isArray(node);
    if (inArray && !isIndex(key)) {
      if (nextArrayUpdate(walk.parts, i + 1) !== -1) mustBeArray(walk, at, i, key, undefined, false);
      if (!walk.viable) continue;
      throw serverError(
        28,
        `Cannot create field '${key}' in element ${describeElement(at.at(-1) ?? '', node)}`,
      );
    }
    const exists = inArray ? Number(key) < node.length : Object.hasOwn(node, key);
    const current = inArray ? node[Number(key)] : exists ? node[key] : undefined;
    const here = [...at, key];
    if (last) {
      walk.out.push({ parent: node, key, exists, value: current, path: here.join('.') });
      continue;
    }
    const found = exists && current !== undefined;
    if (arrayUpdateIdentifier(walk.parts[i + 1]!) !== undefined) {
      visit(walk, mustBeArray(walk, at, i, key, current, found), i + 1, here);
    } else if (isDocument(current) || Array.isArray(current)) visit(walk, current, i + 1, here);
    else if (!found || nextArrayUpdate(walk.parts, i + 1) !== -1) {
      // A `$[…]` further on needs its array to be there: MongoDB reports the whole path missing.
      if (nextArrayUpdate(walk.parts, i + 1) !== -1) mustBeArray(walk, at, i, key, undefined, false);
      if (!walk.create) continue;
      const fresh: Document = {};
      write({ parent: node, key, exists, value: undefined, path: '' }, fresh);
      visit(walk, fresh, i + 1, here);
    } else if (walk.viable) {
      throw serverError(
        28,
        `Cannot create field '${walk.parts[i + 1]}' in element ${describeElement(key, current)}`,
      );
    }
  }
}

/**
 * The slots a path names (several with `$[]` and `$[<id>]`), creating intermediate documents when
 * `create`. A path blocked by a scalar or by an array it cannot index fails (code 28) when `viable`
 * (the operators that create, and `$pop`), else names nothing.
 */
export function resolveSlots(
  doc: Document,
  path: string,
  create: boolean,
  viable = create,
  filters: ReadonlyMap<string, ElementTest> = new Map(),
): Slot[] {
  const walk: Walk = { parts: path.split('.'), create, viable, filters, out: [] };
  visit(walk, doc, 0, []);
  return walk.out;
}

export function write(slot: Slot, value: unknown): void {
  if (Array.isArray(slot.parent)) {
    const idx = Number(slot.key);
    while (slot.parent.length < idx) slot.parent.push(null);
    slot.parent[idx] = value;
  } else slot.parent[slot.key] = value;
}

export function remove(slot: Slot): void {
  if (!slot.exists) return;
  if (Array.isArray(slot.parent)) slot.parent[Number(slot.key)] = null;
  else delete slot.parent[slot.key];
}

/** The `_id` as error messages show it. */
export function idOf(doc: Document): string {
  return describe(doc._id);
}
