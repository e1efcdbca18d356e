import { readPerson } from './person.js';
import { RecordReader } from './record-reader.js';
import type { ParentPayload, ParentRecord, StoredRecord } from './types.js';

/**
 * The body of `POST /api/integration/parents` for a stored parent (docs/external-system.md, "Parent").
 *
 * @throws {InvalidRecordError} when the record lacks `_id`, `school`, `user._id`, `user.name` or
 * `user.surname`, or an identifier is not an ObjectId / 24-hex string (every problem is listed).
 */
export function buildParentPayload(parent: ParentRecord | StoredRecord): ParentPayload {
  const read = new RecordReader('parents');
  const { school, userId, person } = readPerson(read, parent);
  return read.done({ ...person, metadata: { role: 'parent', school, user: userId } });
}
