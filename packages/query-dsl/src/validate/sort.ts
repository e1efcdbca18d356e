import type { CollectionDefinition } from '../define-collection.js';
import type { SortKey } from '../plan/types.js';
import type { ValidationContext } from './context.js';
import { lookupField } from './field-lookup.js';
import { describeValue, readObjectParam } from './json.js';

const PARAM = '__sort';
const DIRECTIONS: Readonly<Record<string, 1 | -1>> = { asc: 1, desc: -1, '1': 1, '-1': -1 };

/**
 * `__sort={"user.surname": "asc", "created_at": "desc"}` or `__sort[user.surname]=asc`: key order
 * is kept and `_id` is appended as the final tie-breaker, so pages never overlap.
 */
export function readSort(
  collection: CollectionDefinition,
  raw: unknown,
  context: ValidationContext,
): SortKey[] {
  const keys: SortKey[] = [];
  if (raw !== undefined) {
    const spec = sortObject(raw, context);
    for (const [path, order] of Object.entries(spec ?? {})) {
      const key = readKey(collection, path, order, context);
      if (key) keys.push(key);
    }
  }
  if (!keys.some((key) => key.path === '_id')) keys.push({ path: '_id', direction: 1 });
  return keys;
}

function sortObject(raw: unknown, context: ValidationContext): Record<string, unknown> | undefined {
  return readObjectParam(
    raw,
    PARAM,
    context,
    'INVALID_SORT',
    '__sort takes {"<field>": "asc"|"desc", ...} or __sort[<field>]=asc|desc.',
  );
}

function directionOf(order: unknown): 1 | -1 | undefined {
  if (order === 'asc' || order === 1 || order === '1') return 1;
  if (order === 'desc' || order === -1 || order === '-1') return -1;
  const text = typeof order === 'string' ? order.trim().toLowerCase() : '';
  return Object.hasOwn(DIRECTIONS, text) ? DIRECTIONS[text] : undefined;
}

function readKey(
  collection: CollectionDefinition,
  path: string,
  order: unknown,
  context: ValidationContext,
): SortKey | undefined {
  const field = lookupField(collection, path, path, context.issues);
  if (!field) return undefined;
  if (field.type === 'object') {
    context.issues.add(
      'INVALID_SORT',
      path,
      `Sort by a field that holds a value, not the subdocument ${path}.`,
    );
    return undefined;
  }
  const direction = directionOf(order);
  if (direction === undefined) {
    context.issues.add(
      'INVALID_SORT',
      path,
      `The order for ${path} must be asc, desc, 1 or -1, got ${describeValue(order)}.`,
    );
    return undefined;
  }
  return { path, direction };
}
