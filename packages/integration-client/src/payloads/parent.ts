import { InvalidRecordError } from '../errors/invalid-record-error.js';
import { readPersonFields } from './person.js';
import { RecordReader } from './record-reader.js';
import type { ParentPayload, ParentRecord, StoredRecord } from './types.js';

/**
 * The body of `POST /api/integration/parents` for a stored parent (docs/external-system.md, "Parent").
 *
 * @throws {InvalidRecordError} when the record lacks `_id`, `school`, `user._id`, `user.name` or
 * `user.surname`, or an identifier is not an ObjectId / 24-hex string (every problem is listed).
 */
export function buildParentPayload(parent: ParentRecord | StoredRecord): ParentPayload {
  const read = new RecordReader();
  const record = read.object(parent, '');
  const recordId = read.id(record._id, '_id');
  const school = read.id(record.school, 'school');
  const user = read.object(record.user, 'user');
  const userId = read.id(user._id, 'user._id');
  const person = readPersonFields(user, read);
  if (read.issues.length > 0) throw new InvalidRecordError('parents', recordId || undefined, read.issues);
  return { ...person, metadata: { role: 'parent', school, user: userId } };
}
