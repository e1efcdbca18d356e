import {
  buildGradePayload,
  buildParentPayload,
  buildStudentPayload,
  type IntegrationCollection,
  type PayloadByCollection,
} from '@school/integration-client';
import type { ObjectId } from 'bson';
import type { Db, Document } from 'mongodb';

/**
 * The payload the external system receives for a stored record, as it is now. A student's `parents` are the
 * parents' `user._id`s, read from the parent records it references.
 */
export async function currentPayload<C extends IntegrationCollection>(
  db: Db,
  collection: C,
  record: Document,
): Promise<PayloadByCollection[C]> {
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
      return buildStudentPayload(record, { parentUserIds }) as PayloadByCollection[C];
    }
    case 'parents':
      return buildParentPayload(record) as PayloadByCollection[C];
    default:
      return buildGradePayload(record) as PayloadByCollection[C];
  }
}
