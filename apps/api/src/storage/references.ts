import { ObjectId } from 'bson';
import type { Db } from 'mongodb';
import { COLLECTIONS, type HostCollection } from '../collections/index.js';
import type { ErrorEntry } from '../errors/http-error.js';

/** A field of one collection that holds identifiers of another's records. */
interface Referrer {
  readonly collection: string;
  readonly path: string;
}

/** For each collection, the fields of other collections that reference its records (`school` aside). */
const referrers: ReadonlyMap<string, readonly Referrer[]> = (() => {
  const map = new Map<string, Referrer[]>();
  for (const collection of COLLECTIONS) {
    for (const field of collection.definition.fields.values()) {
      if (!field.ref || field.path === 'school') continue;
      const list = map.get(field.ref) ?? [];
      list.push({ collection: collection.name, path: field.path });
      map.set(field.ref, list);
    }
  }
  return map;
})();

/**
 * Why a record can't leave its school: the records of that school that reference it (a grade its
 * students are in, a parent its students name). Moving it anyway would leave them pointing into
 * another school, so a later rename of it would write that school's text into theirs.
 */
export async function referencesKeepingInSchool(
  db: Db,
  collection: HostCollection,
  id: ObjectId,
  school: ObjectId,
): Promise<ErrorEntry | undefined> {
  const counts: string[] = [];
  let total = 0;
  for (const referrer of referrers.get(collection.name) ?? []) {
    const count = await db.collection(referrer.collection).countDocuments({ [referrer.path]: id, school });
    if (count === 0) continue;
    total += count;
    counts.push(`${count} by ${referrer.collection}.${referrer.path}`);
  }
  if (total === 0) return undefined;
  return {
    code: 'CONFLICT',
    param: 'school',
    message: `${collection.name} ${id.toHexString()} is referenced by ${total} record${total === 1 ? '' : 's'} of its school (${counts.join(', ')}); change or move those first, then move it.`,
  };
}

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
    const foundIds = new Set(found.map((doc) => String(doc._id)));
    const missing = ids.filter((id) => !foundIds.has(id.toHexString()));
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

/** The distinct ids among `values`, in order, keyed by their hex form (linear, whatever the count). */
function uniqueIds(values: unknown[]): ObjectId[] {
  const byHex = new Map<string, ObjectId>();
  for (const value of values) {
    if (value instanceof ObjectId && !byHex.has(value.toHexString())) byHex.set(value.toHexString(), value);
  }
  return [...byHex.values()];
}

function valuesAt(value: unknown, path: string): unknown[] {
  const [head, ...rest] = path.split('.');
  if (Array.isArray(value)) return value.flatMap((item) => valuesAt(item, path));
  if (value === null || typeof value !== 'object' || head === undefined) return [];
  const next = (value as Record<string, unknown>)[head];
  if (rest.length === 0) return Array.isArray(next) ? next : [next];
  return valuesAt(next, rest.join('.'));
}
