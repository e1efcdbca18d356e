/**
 * The test suite's model of a school-management service: eight collections with every feature the
 * library reads (references, arrays of subdocuments, hidden fields, search, default populates). The
 * README's query examples and the benchmarks run on them too. Their schemas are the host's
 * (apps/api/src/collections/), read through `@school/testkit/school-collections` (a file dependency,
 * so the library still depends on no host): each spec's record schema, search, default populate and
 * indexes, written once. Each collection is defined here with the library's own `defineCollection`,
 * so the record types the tests check are the ones it infers from the schema. No option here is the
 * tests' own: a test that needs a property the host's school lacks defines its own collection.
 */
import { createQueryDsl, defineCollection } from '@school/query-dsl';
import {
  coursesSpec,
  gradesSpec,
  type HostCollection,
  courses as hostCourses,
  grades as hostGrades,
  parents as hostParents,
  schools as hostSchools,
  sections as hostSections,
  staff as hostStaff,
  students as hostStudents,
  years as hostYears,
  parentsSpec,
  recordSchemaOf,
  schoolsSpec,
  sectionsSpec,
  staffSpec,
  studentsSpec,
  yearsSpec,
} from '@school/testkit/school-collections';

/**
 * What the host tells the query reader besides the schema and search: the default populate and
 * the indexes (the cost estimate reads them), as `hostCollection` passes them.
 */
function hostOptions(host: HostCollection) {
  return {
    defaultPopulate: host.definition.defaultPopulate,
    indexes: [...host.indexes, ...host.unique].map((index) => index.keys),
  };
}

const schools = defineCollection(schoolsSpec.name, {
  schema: recordSchemaOf(schoolsSpec),
  ...hostOptions(hostSchools),
});

export const years = defineCollection(yearsSpec.name, {
  schema: recordSchemaOf(yearsSpec),
  ...hostOptions(hostYears),
});

const courses = defineCollection(coursesSpec.name, {
  schema: recordSchemaOf(coursesSpec),
  ...hostOptions(hostCourses),
});

const sections = defineCollection(sectionsSpec.name, {
  schema: recordSchemaOf(sectionsSpec),
  ...hostOptions(hostSections),
});

export const grades = defineCollection(gradesSpec.name, {
  schema: recordSchemaOf(gradesSpec),
  ...hostOptions(hostGrades),
});

export const students = defineCollection(studentsSpec.name, {
  schema: recordSchemaOf(studentsSpec),
  search: studentsSpec.search,
  ...hostOptions(hostStudents),
});

export const parents = defineCollection(parentsSpec.name, {
  schema: recordSchemaOf(parentsSpec),
  search: parentsSpec.search,
  ...hostOptions(hostParents),
});

export const staff = defineCollection(staffSpec.name, {
  schema: recordSchemaOf(staffSpec),
  search: staffSpec.search,
  ...hostOptions(hostStaff),
});

export const collections = [schools, years, courses, sections, grades, students, parents, staff];

/** The name of one of the test collections. */
export type CollectionName = (typeof collections)[number]['name'];

/** The query reader for every test collection. */
export const dsl = createQueryDsl({ collections });
