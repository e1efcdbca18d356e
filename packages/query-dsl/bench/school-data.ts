/**
 * The engine benchmark's data set: @school/testkit's seeded random schools, each parent and student
 * with its `global_search` index (`searchIndexFields`; students also indexed by the names of their
 * grades and sections) and the timestamps a store keeps.
 */
import { searchIndexFields } from '@school/query-dsl';
import {
  groupTexts,
  type SchoolData as Records,
  randomSchools,
  schoolRecords,
  setDotted,
} from '@school/testkit/school-data';
import type { ObjectId } from 'bson';
import { parents, students } from '../test/support/school-collections.js';

export interface SchoolData extends Records {
  /** The school the benchmark's caller is scoped to; `studentsInScope` students belong to it. */
  readonly schoolId: ObjectId;
}

/**
 * `studentsInScope` students in the caller's school, plus `studentsElsewhere` in a second school
 * (which the caller's scope must leave out); 1–2 parents per student.
 */
export function buildSchoolData(studentsInScope: number, studentsElsewhere: number): SchoolData {
  const data = schoolRecords(
    randomSchools({ seed: 20_250_301, students: [studentsInScope, studentsElsewhere] }),
  );
  for (const records of Object.values(data)) {
    for (const record of records) {
      const at = record._id.getTimestamp();
      Object.assign(record, { active: record.active ?? true, created_at: at, updated_at: at });
    }
  }
  for (const parent of data.parents) setDotted(parent, searchIndexFields(parents, parent));
  for (const student of data.students) {
    student.relational_data = { email: (student.user as { email: string }).email };
    setDotted(student, searchIndexFields(students, student, groupTexts(data, student)));
  }
  return { ...data, schoolId: data.schools[0]!._id };
}
