/**
 * A deterministic school data set for the engine benchmark: schools, years, sections, grades,
 * parents and students with realistic fields and their `global_search` index
 * (`searchIndexFields`, students also indexed by their course and section names).
 */
import { searchIndexFields } from '@school/query-dsl';
import { ObjectId } from 'bson';
import { parents as parentsCollection, students as studentsCollection } from '../test/school-collections.js';

type Doc = Record<string, unknown>;

export interface SchoolData {
  readonly schools: Doc[];
  readonly years: Doc[];
  readonly sections: Doc[];
  readonly grades: Doc[];
  readonly parents: Doc[];
  readonly students: Doc[];
  /** The school the benchmark's caller is scoped to; `studentsInScope` students belong to it. */
  readonly schoolId: ObjectId;
}

const NAMES = [
  'Ana',
  'José',
  'María',
  'Luis',
  'Sofía',
  'Mateo',
  'Valentina',
  'Santiago',
  'Camila',
  'Sebastián',
  'Isabella',
  'Nicolás',
  'Martina',
  'Diego',
  'Lucía',
  'Samuel',
  'Emilia',
  'Gabriel',
  'Renata',
  'Joaquín',
  'Daniela',
  'Andrés',
  'Paula',
  'Tomás',
  'Antonella',
  'Emiliano',
  'Julieta',
  'Benjamín',
  'Mía',
  'Alejandro',
  'Ángel',
  'Zoe',
  'David',
  'Salomé',
  'Ignacio',
  'Victoria',
  'Felipe',
  'Abril',
  'Adrián',
  'Regina',
];
const SURNAMES = [
  'Pérez',
  'González',
  'Rodríguez',
  'López',
  'Martínez',
  'Sánchez',
  'Ramírez',
  'Torres',
  'Flores',
  'Rivera',
  'Gómez',
  'Díaz',
  'Cruz',
  'Morales',
  'Reyes',
  'Gutiérrez',
  'Ortiz',
  'Chávez',
  'Ruiz',
  'Jiménez',
  'Mora',
  'Vargas',
  'Castillo',
  'Romero',
  'Herrera',
  'Medina',
  'Aguilar',
  'Vega',
  'Castro',
  'Mendoza',
  'Guerrero',
  'Núñez',
  'Rojas',
  'Cevallos',
  'Andrade',
  'Zambrano',
  'Paredes',
  'Salazar',
  'Villacís',
  'Muñoz',
];
const CITIES = ['Quito', 'Guayaquil', 'Cuenca', 'Ambato', 'Loja', 'Manta', 'Ibarra', 'Riobamba'];
const COURSES = ['1ro', '2do', '3ro', '4to', '5to', '6to', '7mo', '8vo', '9no', '10mo', '1ro BGU', '2do BGU'];
const SECTION_NAMES = ['A', 'B', 'C', 'D'];
const YEAR_NAMES = ['2023-2024', '2024-2025', '2025-2026'];

/** mulberry32: a small seeded generator, so every run builds the same data. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function ascii(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Puts `{ _search: [...], 'relational_data.all': '...' }` into the record, dotted keys as subdocuments. */
function assignDotted(record: Doc, fields: Record<string, unknown>): void {
  for (const [path, value] of Object.entries(fields)) {
    const parts = path.split('.');
    let target = record;
    for (const part of parts.slice(0, -1)) {
      target[part] ??= {};
      target = target[part] as Doc;
    }
    target[parts.at(-1)!] = value;
  }
}

/**
 * `studentsInScope` students in the caller's school, plus `studentsElsewhere` in a second school
 * (which the caller's scope must leave out); 1–2 parents per student.
 */
export function buildSchoolData(studentsInScope: number, studentsElsewhere: number): SchoolData {
  const random = seeded(20_250_301);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const day = (from: number, span: number) =>
    new Date(Date.UTC(2024, 0, 1) + Math.floor(random() * span + from) * 86_400_000);
  let idCard = 1_700_000_000;
  const nextIdCard = () => `${random() < 0.3 ? '0' : ''}${idCard++}`.slice(0, 10).padStart(10, '0');
  const common = () => {
    const created = day(0, 400);
    return { active: random() > 0.1, created_at: created, updated_at: created };
  };
  const person = (domain: string) => {
    const name = pick(NAMES);
    const surname = pick(SURNAMES);
    return {
      _id: new ObjectId(),
      id_card: nextIdCard(),
      name,
      second_name: pick(NAMES),
      surname,
      second_surname: pick(SURNAMES),
      email: `${ascii(name)}.${ascii(surname)}${Math.floor(random() * 1000)}@${domain}`,
    };
  };

  const data = {
    schools: [] as Doc[],
    years: [] as Doc[],
    sections: [] as Doc[],
    grades: [] as Doc[],
    parents: [] as Doc[],
    students: [] as Doc[],
  };
  const schoolIds: ObjectId[] = [];
  for (const [index, count] of [studentsInScope, studentsElsewhere].entries()) {
    const school = new ObjectId();
    schoolIds.push(school);
    const domain = index === 0 ? 'colegio.edu.ec' : 'escuela.edu.ec';
    data.schools.push({
      _id: school,
      name: index === 0 ? 'Unidad Educativa Los Andes' : 'Escuela Fiscal Manta',
      code: `UE-${index + 1}`,
      country: 'EC',
      ...common(),
    });
    const years = YEAR_NAMES.map((name) => ({
      _id: new ObjectId(),
      school,
      name,
      country: 'EC',
      passing_score: 7,
      base_score: 10,
      score_decimals: 2,
      weight_score: 1,
      round: true,
      calculate_by_equivalences: false,
      new_promotion_logic: true,
      enable_custom_year: false,
      ...common(),
    }));
    const sections = SECTION_NAMES.map((name) => ({
      _id: new ObjectId(),
      school,
      name,
      code: name,
      ...common(),
    }));
    const grades = COURSES.flatMap((course, courseIndex) =>
      sections.map((section) => ({
        _id: new ObjectId(),
        school,
        name: `${course} ${section.name}`,
        code: `${courseIndex + 1}${section.name}`,
        section: section._id,
        ...common(),
      })),
    );
    data.years.push(...years);
    data.sections.push(...sections);
    data.grades.push(...grades);

    for (let n = 0; n < count; n++) {
      const parentIds: ObjectId[] = [];
      for (let p = 0, parents = random() < 0.6 ? 2 : 1; p < parents; p++) {
        const parent: Doc = { _id: new ObjectId(), school, user: person(domain), ...common() };
        assignDotted(parent, searchIndexFields(parentsCollection, parent));
        data.parents.push(parent);
        parentIds.push(parent._id as ObjectId);
      }
      const grade = pick(grades);
      const section = sections.find((item) => item._id.equals(grade.section))!;
      const enrolments = [
        { year: years[2]!._id, enrolled: random() > 0.05, registered: true, group: grade._id },
      ];
      if (random() < 0.7) {
        enrolments.unshift({
          year: years[1]!._id,
          enrolled: false,
          registered: true,
          group: pick(grades)._id,
        });
      }
      const student: Doc = {
        _id: new ObjectId(),
        school,
        user: person(domain),
        parents: parentIds,
        years: enrolments,
        addresses: [{ name: 'Casa', city: pick(CITIES), city_zone: new ObjectId() }],
        citizenship: random() < 0.9 ? 'EC' : pick(['CO', 'VE', 'PE']),
        emergency: {
          contacts: [
            {
              name: `${pick(NAMES)} ${pick(SURNAMES)}`,
              phones: { mobile: `09${Math.floor(10_000_000 + random() * 89_999_999)}` },
            },
          ],
        },
        relational_data: { email: '' },
        _sync: { external_id: `ext-${n}` },
        ...common(),
      };
      (student.relational_data as Doc).email = (student.user as Doc).email;
      assignDotted(student, searchIndexFields(studentsCollection, student, [grade.name, section.name]));
      data.students.push(student);
    }
  }
  return { ...data, schoolId: schoolIds[0]! };
}
