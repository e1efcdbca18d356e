/**
 * The school's collections as the host declares them (apps/api/src/collections/): each one's spec,
 * plain data, and `recordSchemaOf`, which builds the JSON Schema of its stored records. The query
 * library's tests define their school model from these (packages/query-dsl/test/support/school-collections.ts),
 * so the schema the tests query is the one the service serves, written once. Read from the host's
 * sources by path, as the school-data generator is (../school-data/host-generator.ts): a file
 * dependency, not a package one, so no package depends on the host.
 */
export { courses, coursesSpec } from '../../../../apps/api/src/collections/courses.js';
export type { HostCollection } from '../../../../apps/api/src/collections/define.js';
export { grades, gradesSpec } from '../../../../apps/api/src/collections/grades.js';
export { parents, parentsSpec } from '../../../../apps/api/src/collections/parents.js';
export { recordSchemaOf } from '../../../../apps/api/src/collections/record-schema.js';
export { schools, schoolsSpec } from '../../../../apps/api/src/collections/schools.js';
export { sections, sectionsSpec } from '../../../../apps/api/src/collections/sections.js';
export { staff, staffSpec } from '../../../../apps/api/src/collections/staff.js';
export { students, studentsSpec } from '../../../../apps/api/src/collections/students.js';
export { years, yearsSpec } from '../../../../apps/api/src/collections/years.js';
