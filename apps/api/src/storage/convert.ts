import type { FieldCatalog } from '@school/query-dsl';
import { ObjectId } from 'bson';
import type { HostCollection } from '../collections/index.js';

/**
 * A validated JSON body as it is stored: identifiers become ObjectIds and dates become Dates,
 * by the schema's field types (the body was validated first, so the strings are well-formed).
 */
export function toStored(fields: FieldCatalog, value: unknown, path = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => toStored(fields, item, path));
  if (value === null || value === undefined) return value;
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value))
      out[key] = toStored(fields, child, path ? `${path}.${key}` : key);
    return out;
  }
  const field = fields.get(path);
  if (typeof value === 'string' && field?.type === 'objectId') return ObjectId.createFromHexString(value);
  if (typeof value === 'string' && field?.type === 'date') return new Date(value);
  return value;
}

/**
 * A stored body as the record a create writes (search text and sync state aside): a person gets
 * its `user._id`, `active` its default, the timestamps `at`, `_rev` its first count.
 */
export function createdRecord(
  collection: HostCollection,
  stored: Readonly<Record<string, unknown>>,
  at: Date,
): Record<string, unknown> {
  return {
    ...stored,
    ...(collection.person ? { user: { _id: new ObjectId(), ...(stored.user as object) } } : {}),
    active: stored.active ?? true,
    created_at: at,
    updated_at: at,
    _rev: 1,
  };
}

/**
 * A PUT body as one atomic update: nested objects merge field by field (`{"user": {"email": x}}`
 * sets only `user.email`), arrays are replaced whole, `null` unsets.
 */
export function toUpdate(
  fields: FieldCatalog,
  body: Readonly<Record<string, unknown>>,
): { $set: Record<string, unknown>; $unset: Record<string, ''> } {
  const $set: Record<string, unknown> = {};
  const $unset: Record<string, ''> = {};
  const walk = (object: Readonly<Record<string, unknown>>, prefix: string): void => {
    for (const [key, value] of Object.entries(object)) {
      const path = prefix ? `${prefix}.${key}` : key;
      const field = fields.get(path);
      if (value === null) $unset[path] = '';
      else if (
        field?.type === 'object' &&
        !field.isArray &&
        typeof value === 'object' &&
        !Array.isArray(value)
      ) {
        walk(value as Record<string, unknown>, path);
      } else $set[path] = toStored(fields, value, path);
    }
  };
  walk(body, '');
  return { $set, $unset };
}

/** Applies `$set`/`$unset` by dotted path to a copy of a record (to know the record after an update). */
export function applyUpdate(
  record: Readonly<Record<string, unknown>>,
  update: { $set: Record<string, unknown>; $unset: Record<string, ''> },
): Record<string, unknown> {
  const copy = structuredCloneRecord(record);
  for (const [path, value] of Object.entries(update.$set)) setPath(copy, path, value);
  for (const path of Object.keys(update.$unset)) unsetPath(copy, path);
  return copy;
}

function structuredCloneRecord(record: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const clone = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(clone);
    if (value instanceof ObjectId || value instanceof Date) return value;
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, clone(child)]));
    }
    return value;
  };
  return clone(record) as Record<string, unknown>;
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys.at(-1)!] = value;
}

function unsetPath(target: Record<string, unknown>, path: string): void {
  const keys = path.split('.');
  let node: unknown = target;
  for (const key of keys.slice(0, -1)) {
    node = (node as Record<string, unknown> | undefined)?.[key];
    if (node === null || typeof node !== 'object') return;
  }
  delete (node as Record<string, unknown>)[keys.at(-1)!];
}
