import type { ObjectId } from 'bson';
import { COLLECTIONS, type Doc, type SchoolCollection, type SchoolData } from './school-records.js';

/** Creates one record the way the caller's app does, and answers its stored `_id`. */
export type CreateRecord = (
  collection: SchoolCollection,
  body: Record<string, unknown>,
) => Promise<{ _id?: unknown }>;

/**
 * Writes a data set through the caller's own create (an app's store, an API client), collection by
 * collection; each reference is replaced by the id the referenced record got, as a hex string.
 */
export async function writeSchoolData(data: SchoolData, create: CreateRecord): Promise<void> {
  const stored = new Map<string, string>();
  const ref = (id: unknown) => stored.get(String(id as ObjectId)) ?? String(id);
  for (const collection of COLLECTIONS) {
    for (const { _id, ...body } of data[collection]) {
      const created = await create(collection, withStoredReferences(body, ref));
      stored.set(String(_id), String(created._id));
    }
  }
}

/** The reference fields a generated record can hold: `school`, `section`, `parents`, `years[].year/group`. */
function withStoredReferences(body: Omit<Doc, '_id'>, ref: (id: unknown) => string): Record<string, unknown> {
  const out: Record<string, unknown> = { ...body };
  if ('school' in body) out.school = ref(body.school);
  if ('section' in body) out.section = ref(body.section);
  if (Array.isArray(body.parents)) out.parents = body.parents.map(ref);
  if (Array.isArray(body.years)) {
    out.years = body.years.map((entry: Record<string, unknown>) => ({
      ...entry,
      year: ref(entry.year),
      group: ref(entry.group),
    }));
  }
  return out;
}
