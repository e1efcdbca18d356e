export { setDotted } from './dotted.js';
export { groupTexts } from './group-texts.js';
export {
  COLLECTIONS,
  type CourseSpec,
  type CreateRecord,
  type Doc,
  type EnrolmentSpec,
  type GradeSpec,
  objectIds,
  type PersonSpec,
  type SchoolCollection,
  type SchoolData,
  type SchoolSpec,
  type StudentSpec,
  schoolRecords,
  writeSchoolData,
  YEAR_SETTINGS,
} from './host-generator.js';
export { type RandomSchoolsOptions, randomSchools } from './random-schools.js';
