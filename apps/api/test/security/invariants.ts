/**
 * What the database must hold after any sequence of requests, read straight from the database
 * (never through the API): every reference a record holds points to a record of the same school.
 */
import type { Db, Document } from 'mongodb';
import { COLLECTIONS } from '../../src/collections/index.js';

/** One reference that points outside its record's school (or to nothing). */
export interface Violation {
  readonly collection: string;
  readonly record: string;
  readonly path: string;
  readonly target: string;
  readonly reason: 'missing' | 'other school';
}

export async function referenceViolations(db: Db): Promise<Violation[]> {
  const violations: Violation[] = [];
  const schoolOf = new Map<string, string>();
  for (const collection of COLLECTIONS) {
    for (const record of await db.collection(collection.name).find({}).toArray()) {
      schoolOf.set(
        `${collection.name}:${record._id}`,
        String(collection.scoped ? record.school : record._id),
      );
    }
  }
  for (const collection of COLLECTIONS) {
    if (!collection.scoped) continue;
    const refs = [...collection.definition.fields.values()].filter((field) => field.ref !== undefined);
    for (const record of await db.collection(collection.name).find({}).toArray()) {
      for (const field of refs) {
        for (const target of valuesAt(record, field.path)) {
          if (target === null || target === undefined) continue;
          const school = schoolOf.get(`${field.ref}:${target}`);
          if (school === String(record.school)) continue;
          violations.push({
            collection: collection.name,
            record: String(record._id),
            path: field.path,
            target: String(target),
            reason: school === undefined ? 'missing' : 'other school',
          });
        }
      }
    }
  }
  return violations;
}

function valuesAt(value: unknown, path: string): unknown[] {
  if (Array.isArray(value)) return value.flatMap((item) => valuesAt(item, path));
  if (value === null || typeof value !== 'object') return [];
  const [head = '', ...rest] = path.split('.');
  const next = (value as Document)[head];
  if (rest.length === 0) return Array.isArray(next) ? next : [next];
  return valuesAt(next, rest.join('.'));
}
