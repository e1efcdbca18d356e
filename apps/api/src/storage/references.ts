import { ObjectId } from 'bson';
import type { Db } from 'mongodb';
import type { HostCollection } from '../collections/index.js';
import type { ErrorEntry } from '../errors.js';

/**
 * Checks that every identifier a record references exists, in the record's own school (a school
 * reference must name the record's school). Returns one entry per reference path that doesn't.
 */
export async function missingReferences(
  db: Db,
  collection: HostCollection,
  record: Readonly<Record<string, unknown>>,
  paths: ReadonlySet<string> | undefined,
): Promise<ErrorEntry[]> {
  const entries: ErrorEntry[] = [];
  for (const field of collection.definition.fields.values()) {
    if (!field.ref || field.path === 'school') continue;
    if (paths && ![...paths].some((path) => field.path === path || field.path.startsWith(`${path}.`)))
      continue;
    const ids = uniqueIds(valuesAt(record, field.path));
    if (ids.length === 0) continue;
    const filter: Record<string, unknown> = { _id: { $in: ids } };
    if (field.ref !== 'schools') filter.school = record.school;
    const found = await db
      .collection(field.ref)
      .find(filter, { projection: { _id: 1 } })
      .toArray();
    const missing = ids.filter((id) => !found.some((doc) => (doc._id as ObjectId).equals(id)));
    if (missing.length > 0) {
      entries.push({
        code: 'VALIDATION_FAILED',
        param: field.path,
        message: `${field.path} references ${missing.map((id) => id.toHexString()).join(', ')}, which is not a record of ${field.ref} in this school.`,
      });
    }
  }
  return entries;
}

function uniqueIds(values: unknown[]): ObjectId[] {
  const ids = values.filter((value): value is ObjectId => value instanceof ObjectId);
  return ids.filter((id, index) => ids.findIndex((other) => other.equals(id)) === index);
}

function valuesAt(value: unknown, path: string): unknown[] {
  const [head, ...rest] = path.split('.');
  if (Array.isArray(value)) return value.flatMap((item) => valuesAt(item, path));
  if (value === null || typeof value !== 'object' || head === undefined) return [];
  const next = (value as Record<string, unknown>)[head];
  if (rest.length === 0) return Array.isArray(next) ? next : [next];
  return valuesAt(next, rest.join('.'));
}
