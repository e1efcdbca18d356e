import type { IdLike } from './ids.js';
import { readPerson } from './person.js';
import { RecordReader } from './record-reader.js';
import type { StoredRecord, StudentPayload, StudentRecord } from './types.js';

/** Options of {@link buildStudentPayload}: what the student record does not hold itself. */
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
  const read = new RecordReader('students');
  const { school, userId, person } = readPerson(read, student);
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
  return read.done({
    ...person,
    parents: [...parents].sort(),
    metadata: { role: 'student', school, user: userId },
  });
}
