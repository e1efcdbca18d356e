import {
  buildGradePayload,
  buildParentPayload,
  buildStudentPayload,
  type CollectionPayload,
  type IntegrationCollection,
  isPayload,
} from '@school/integration-client';
import type { ObjectId } from 'bson';
import type { Db, Document } from 'mongodb';

/**
 * The payload the external system receives for a stored record, as it is now, with its collection.
 * A student's `parents` are the parents' `user._id`s, read from the parent records it references.
 */
export async function currentPayload(
  db: Db,
  collection: IntegrationCollection,
  record: Document,
): Promise<CollectionPayload> {
  switch (collection) {
    case 'students': {
      const ids = Array.isArray(record.parents) ? (record.parents as ObjectId[]) : [];
      const parents =
        ids.length === 0
          ? []
          : await db
              .collection('parents')
              .find({ _id: { $in: ids } }, { projection: { 'user._id': 1 } })
              .toArray();
      const parentUserIds = parents
        .map((parent) => parent.user?._id)
        .filter((id) => id !== undefined && id !== null);
      return { collection, payload: buildStudentPayload(record, { parentUserIds }) };
    }
    case 'parents':
      return { collection, payload: buildParentPayload(record) };
    case 'grades':
      return { collection, payload: buildGradePayload(record) };
  }
}

/**
 * A payload read back from the database (e.g. a pinned create body): `undefined` when it no longer
 * matches the collection's schema, as after a direct database write. Until checked it is untrusted.
 */
export function storedPayload<C extends IntegrationCollection>(
  collection: C,
  value: unknown,
): CollectionPayload<C> | undefined {
  return isPayload(collection, value) ? { collection, payload: value } : undefined;
}
