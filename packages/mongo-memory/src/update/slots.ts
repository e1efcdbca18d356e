/**
 * The places an update path names in a document (several through `$[]`), created on the way when
 * the operator creates, and how a value is written to or removed from one.
 */

import type { Document } from '../bson/document.js';
import { isDocument } from '../bson/order.js';
import { isIndex } from '../bson/paths.js';
import { serverError } from '../errors/engine-errors.js';
import { describe } from './check.js';

export interface Slot {
  parent: Document | unknown[];
  key: string;
  exists: boolean;
  value: unknown;
}

function describeElement(key: string, value: unknown): string {
  return `{${key}: ${describe(value)}}`;
}

/**
 * The slots a path names (several with `$[]`), creating intermediate documents when `create`. A
 * path blocked by a scalar or by an array it cannot index fails (code 28) when `viable` (the
 * operators that create, and `$pop`), else names nothing.
 */
export function resolveSlots(doc: Document, path: string, create: boolean, viable = create): Slot[] {
  const parts = path.split('.');
  let frontier: Array<{ node: Document | unknown[]; name: string }> = [{ node: doc, name: '' }];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const last = i === parts.length - 1;
    const next: Array<{ node: Document | unknown[]; name: string }> = [];
    const slots: Slot[] = [];
    for (const { node, name } of frontier) {
      const keys: string[] = [];
      if (part === '$[]') {
        if (!Array.isArray(node)) {
          throw serverError(
            2,
            `The path '${parts.slice(0, i).join('.')}' must exist in the document in order to apply array updates.`,
          );
        }
        for (let idx = 0; idx < node.length; idx++) keys.push(String(idx));
      } else keys.push(part);
      for (const key of keys) {
        if (Array.isArray(node) && !isIndex(key)) {
          if (!viable) continue;
          throw serverError(28, `Cannot create field '${key}' in element ${describeElement(name, node)}`);
        }
        const current = Array.isArray(node)
          ? node[Number(key)]
          : Object.hasOwn(node, key)
            ? node[key]
            : undefined;
        const exists = Array.isArray(node) ? Number(key) < node.length : Object.hasOwn(node, key);
        if (last) {
          slots.push({ parent: node, key, exists, value: current });
          continue;
        }
        if (isDocument(current) || Array.isArray(current)) next.push({ node: current, name: key });
        else if (!exists || current === undefined) {
          if (!create) continue;
          const fresh: Document = {};
          write({ parent: node, key, exists, value: undefined }, fresh);
          next.push({ node: fresh, name: key });
        } else if (viable) {
          throw serverError(
            28,
            `Cannot create field '${parts[i + 1]}' in element ${describeElement(key, current)}`,
          );
        }
      }
    }
    if (last) return slots;
    frontier = next;
  }
  return [];
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
