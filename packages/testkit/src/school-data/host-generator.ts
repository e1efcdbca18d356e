/**
 * The school-data generator (a school described as data → records, and writing them through an
 * app's own create) belongs to the host: its demo mode ships it (apps/api/src/demo/), and a shipped
 * app must not bundle this private package. The kit reads it from the host's sources by path, so
 * the tests and benchmarks build their data with the very code the demo uses; it is a file
 * dependency, not a package one: the host devDepends on the kit and no package depends on the host.
 */
export {
  COLLECTIONS,
  type Doc,
  type SchoolData,
  schoolRecords,
  YEAR_SETTINGS,
} from '../../../../apps/api/src/demo/school-records.js';
export type {
  EnrolmentSpec,
  GradeSpec,
  PersonSpec,
  SchoolSpec,
  StudentSpec,
} from '../../../../apps/api/src/demo/school-spec.js';
