import { RecordReader } from './record-reader.js';
import type { GradePayload, GradeRecord, StoredRecord } from './types.js';

/**
 * The body of `POST /api/integration/grades` for a stored grade (docs/external-system.md, "Grade"). `code` and `section`
 * are left out when the grade has none.
 *
 * @throws {InvalidRecordError} when the record lacks `_id`, `school` or `name`, or an identifier is
 * not an ObjectId / 24-hex string (every problem is listed).
 */
export function buildGradePayload(grade: GradeRecord | StoredRecord): GradePayload {
  const read = new RecordReader('grades');
  const { record, recordId, school } = read.stored(grade);
  const code = read.optionalText(record.code, 'code');
  const name = read.text(record.name, 'name');
  const section = read.optionalId(record.section, 'section');
  return read.done({
    ...(code === undefined ? {} : { code }),
    name,
    ...(section === undefined ? {} : { section }),
    metadata: { school, grade: recordId },
  });
}
