/**
 * Schools described as data (`SchoolSpec`) → the bodies a client would POST to create them, each
 * with an `_id`, references as ObjectIds, collection by collection in creation order. What a
 * store adds on create (timestamps, `_rev`, search fields, sync state) is left to the caller's own
 * code: demo data writes through the app's store, benchmarks call the app's functions. The app
 * owns this generator because its demo mode ships it; @school/testkit re-exports it for the
 * tests and benchmarks, with its seeded random schools.
 */
import type { ObjectId } from 'bson';
import { objectIds } from './object-ids.js';
import type { PersonSpec, SchoolSpec, StudentSpec } from './school-spec.js';

export type Doc = Record<string, unknown> & { _id: ObjectId };

/** The collections of a data set, in the order they are created (a record's references come first). */
export const COLLECTIONS = [
  'schools',
  'years',
  'courses',
  'sections',
  'grades',
  'parents',
  'students',
  'staff',
] as const;
export type SchoolCollection = (typeof COLLECTIONS)[number];

export type SchoolData = Record<SchoolCollection, Doc[]>;

/** The year settings every generated year has (Ecuador's 10-point scale). */
export const YEAR_SETTINGS = {
  passing_score: 7,
  base_score: 10,
  score_decimals: 2,
  weight_score: 1,
  round: true,
  calculate_by_equivalences: false,
  new_promotion_logic: true,
  enable_custom_year: false,
};

function user(person: PersonSpec): Record<string, unknown> {
  return { ...person };
}

/** Every school of `specs`, as records; `nextId` gives the `_id`s (deterministic by default). */
export function schoolRecords(specs: readonly SchoolSpec[], nextId = objectIds()): SchoolData {
  const data: SchoolData = {
    schools: [],
    years: [],
    courses: [],
    sections: [],
    grades: [],
    parents: [],
    students: [],
    staff: [],
  };
  const schools = specs.map((spec) => {
    const school = { _id: nextId(), name: spec.name, code: spec.code, country: spec.country };
    data.schools.push(school);
    return school._id;
  });
  for (const [index, spec] of specs.entries()) addSchool(data, spec, schools[index]!, nextId);
  return data;
}

function addSchool(data: SchoolData, spec: SchoolSpec, school: ObjectId, nextId: () => ObjectId): void {
  const add = (collection: SchoolCollection, body: Record<string, unknown>): ObjectId => {
    const _id = nextId();
    data[collection].push({ _id, school, ...body });
    return _id;
  };
  const years = new Map(
    spec.years.map((name) => [name, add('years', { name, country: spec.country, ...YEAR_SETTINGS })]),
  );
  for (const course of spec.courses) add('courses', { ...course, weight_in_subject: 1 });
  const sections = new Map(spec.sections.map((name) => [name, add('sections', { name, code: name })]));
  const grades = new Map(
    spec.grades.map((grade) => [
      grade.code,
      add('grades', { name: grade.name, code: grade.code, section: sections.get(grade.section)! }),
    ]),
  );
  const parents = new Map(
    Object.entries(spec.parents).map(([key, person]) => [key, add('parents', { user: user(person) })]),
  );
  for (const student of spec.students) add('students', studentBody(student, parents, years, grades));
  for (const member of spec.staff) add('staff', { role: member.role, user: user(member.user) });
}

function studentBody(
  student: StudentSpec,
  parents: ReadonlyMap<string, ObjectId>,
  years: ReadonlyMap<string, ObjectId>,
  grades: ReadonlyMap<string, ObjectId>,
): Record<string, unknown> {
  return {
    user: user(student.user),
    parents: student.parents.map((key) => parents.get(key)!),
    years: student.years.map((entry) => ({
      year: years.get(entry.year)!,
      enrolled: entry.enrolled,
      registered: true,
      group: grades.get(entry.grade)!,
    })),
    addresses: [{ name: 'Casa', city: student.city }],
    citizenship: student.citizenship,
    emergency: {
      contacts: [{ name: student.contact.name, phones: { mobile: student.contact.mobile } }],
    },
    ...(student.active === false ? { active: false } : {}),
  };
}
