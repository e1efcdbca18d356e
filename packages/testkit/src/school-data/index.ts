export { setDotted } from './dotted.js';
export { objectIds } from './ids.js';
export { type RandomSchoolsOptions, randomSchools } from './random-schools.js';
export {
  COLLECTIONS,
  type Doc,
  groupTexts,
  type SchoolCollection,
  type SchoolData,
  schoolRecords,
  YEAR_SETTINGS,
} from './records.js';
export type { CourseSpec, EnrolmentSpec, GradeSpec, PersonSpec, SchoolSpec, StudentSpec } from './spec.js';
export { type CreateRecord, writeSchoolData } from './write.js';
