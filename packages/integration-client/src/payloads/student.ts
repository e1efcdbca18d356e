import { InvalidRecordError } from '../errors/invalid-record-error.js';
import type { IdLike } from './ids.js';
import { readPersonFields } from './person.js';
import { RecordReader } from './record-reader.js';
import type { StoredRecord, StudentPayload, StudentRecord } from './types.js';

export interface StudentPayloadOptions {
  /**
   * The `user._id` of each of the student's parents: the builder cannot read the parent records
   * that `student.parents` points at, so the caller looks them up. Order and repeats do not matter:
   * the payload carries them sorted and without repeats, so a different lookup order never shows
   * up as a change. Pass `[]` for a student without parents.
   */
  readonly parentUserIds: readonly IdLike[];
}

/**
 * The body of `POST /api/integration/students` for a stored student (docs/external-system.md, "Student").
 *
 * @throws {InvalidRecordError} when the record lacks `_id`, `school`, `user._id`, `user.name` or
 * `user.surname`, or an identifier is not an ObjectId / 24-hex string (every problem is listed).
 *
 * @example
 * buildStudentPayload(student, { parentUserIds: [motherUserId] });
 * // => { name: 'Ana', surname: 'Pérez', email: 'ana@…', parents: ['65a…'],
 * //      metadata: { role: 'student', school: '65b…', user: '65c…' } }
 */
export function buildStudentPayload(
  student: StudentRecord | StoredRecord,
  options: StudentPayloadOptions,
): StudentPayload {
  const read = new RecordReader();
  const record = read.object(student, '');
  const recordId = read.id(record._id, '_id');
  const school = read.id(record.school, 'school');
  const user = read.object(record.user, 'user');
  const userId = read.id(user._id, 'user._id');
  const person = readPersonFields(user, read);
  const parents = new Set<string>();
  const parentUserIds: unknown = options?.parentUserIds;
  if (Array.isArray(parentUserIds)) {
    parentUserIds.forEach((id, i) => {
      const hex = read.id(id, `options.parentUserIds[${i}]`);
      if (hex !== '') parents.add(hex);
    });
  } else {
    const message = 'is required (an array of ObjectIds, may be empty)';
    read.issues.push({ code: 'INVALID_VALUE', param: 'options.parentUserIds', message });
  }
  if (read.issues.length > 0) throw new InvalidRecordError('students', recordId || undefined, read.issues);
  return {
    ...person,
    parents: [...parents].sort(),
    metadata: { role: 'student', school, user: userId },
  };
}
