/**
 * A deterministic school data set for the HTTP benchmark, in the shape the host stores
 * (RecordStore.create): ObjectIds, `user._id`, `active`, timestamps, `_rev`, the `global_search`
 * index (`_search` tokens and `relational_data` from `searchIndexFields`, students also indexed by
 * their grades' and sections' names) and `_sync` on synced collections. Inserted straight into the
 * engine: building and inserting 3,000 students takes well under a second.
 */
import { searchIndexFields } from '@school/query-dsl';
import { ObjectId } from 'bson';
import type { Db } from 'mongodb';
import { collectionsByName } from '../src/collections/index.js';
import { initialSyncState } from '../src/sync/sync-state.js';

type Doc = Record<string, unknown>;

export interface BenchData {
  readonly schools: Doc[];
  readonly years: Doc[];
  readonly sections: Doc[];
  readonly grades: Doc[];
  readonly parents: Doc[];
  readonly students: Doc[];
  /** The first school: the scoped token is limited to it. */
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
  'Núñez',
  'Cevallos',
  'Andrade',
  'Zambrano',
  'Muñoz',
];
const CITIES = ['Quito', 'Guayaquil', 'Cuenca', 'Ambato', 'Loja', 'Manta'];
const COURSES = ['1ro', '2do', '3ro', '4to', '5to', '6to', '7mo', '8vo', '9no', '10mo'];
const SECTION_NAMES = ['A', 'B', 'C'];
const YEAR_NAMES = ['2023-2024', '2024-2025', '2025-2026'];

/** mulberry32: every run builds the same records (the ObjectIds differ, their order doesn't). */
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

const definition = (name: string) => collectionsByName.get(name)!.definition;

/** What `searchFields` (src/storage/search-text.ts) stores: `_search` and `relational_data`. */
function searchOf(collection: string, record: Doc, extras: string[]): Doc {
  const fields = searchIndexFields(definition(collection), record, extras);
  const email = (record.user as { email?: unknown }).email;
  return {
    _search: fields._search,
    relational_data: { all: fields['relational_data.all'], ...(typeof email === 'string' ? { email } : {}) },
  };
}

/**
 * `perSchool[i]` students in school i, 1–2 parents each; 3 years, 3 sections and 30 grades per school.
 */
export function buildBenchData(perSchool: readonly number[]): BenchData {
  const random = seeded(20_260_115);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const base = Date.UTC(2025, 0, 1);
  let clock = 0;
  // One record after the other: _id order is creation order; created_at spreads over days.
  const stamp = () => {
    clock += 1 + Math.floor(random() * 60_000);
    return { _id: new ObjectId(), at: new Date(base + clock) };
  };
  let idCard = 1_700_000_000;
  // Unique; 30% with a leading zero (the first digit replaced), as Ecuadorian cédulas of some provinces.
  const nextIdCard = () => (random() < 0.3 ? '0' : '1') + String(idCard++).slice(1);
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
  const sync = initialSyncState;
  const tail = (at: Date, active = true) => ({ active, created_at: at, updated_at: at, _rev: 1 });

  const data = {
    schools: [] as Doc[],
    years: [] as Doc[],
    sections: [] as Doc[],
    grades: [] as Doc[],
    parents: [] as Doc[],
    students: [] as Doc[],
  };
  for (const [index, count] of perSchool.entries()) {
    const s = stamp();
    const school = s._id;
    const domain = index === 0 ? 'colegio.edu.ec' : `escuela${index}.edu.ec`;
    data.schools.push({
      _id: school,
      name: index === 0 ? 'Unidad Educativa Los Andes' : `Escuela Fiscal ${index + 1}`,
      code: `UE-${index + 1}`,
      country: 'EC',
      ...tail(s.at),
    });
    const years = YEAR_NAMES.map((name) => {
      const y = stamp();
      return {
        _id: y._id,
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
        ...tail(y.at),
      };
    });
    const sections = SECTION_NAMES.map((name) => {
      const t = stamp();
      return { _id: t._id, school, name, code: name, ...tail(t.at) };
    });
    const grades = COURSES.flatMap((course, courseIndex) =>
      sections.map((section) => {
        const g = stamp();
        return {
          _id: g._id,
          school,
          name: course,
          code: `${courseIndex + 1}${section.name}`,
          section: section._id,
          ...tail(g.at),
          _sync: sync(g.at),
        };
      }),
    );
    data.years.push(...years);
    data.sections.push(...sections);
    data.grades.push(...grades);
    const sectionName = new Map(sections.map((section) => [String(section._id), section.name]));

    for (let n = 0; n < count; n++) {
      const parentIds: ObjectId[] = [];
      for (let p = 0, many = random() < 0.6 ? 2 : 1; p < many; p++) {
        const t = stamp();
        const parent: Doc = { _id: t._id, school, user: person(domain), ...tail(t.at) };
        Object.assign(parent, searchOf('parents', parent, []), { _sync: sync(t.at) });
        data.parents.push(parent);
        parentIds.push(t._id);
      }
      const enrolments: Doc[] = [];
      if (random() < 0.7) {
        enrolments.push({ year: years[1]!._id, enrolled: false, registered: true, group: pick(grades)._id });
      }
      enrolments.push({
        year: years[2]!._id,
        enrolled: random() > 0.1,
        registered: true,
        group: pick(grades)._id,
      });
      const t = stamp();
      const student: Doc = {
        _id: t._id,
        school,
        user: person(domain),
        parents: parentIds,
        years: enrolments,
        addresses: [{ name: 'Casa', city: pick(CITIES) }],
        citizenship: random() < 0.9 ? 'Ecuatoriana' : pick(['Colombiana', 'Venezolana', 'Peruana']),
        emergency: {
          contacts: [
            {
              name: `${pick(NAMES)} ${pick(SURNAMES)}`,
              phones: { mobile: `09${Math.floor(10_000_000 + random() * 89_999_999)}` },
            },
          ],
        },
        ...tail(t.at, random() > 0.1),
      };
      // As groupTexts: the names of the student's grades, then of their sections.
      const groups = enrolments.map(
        (entry) => grades.find((grade) => grade._id.equals(entry.group as ObjectId))!,
      );
      const extras = [
        ...groups.map((grade) => grade.name),
        ...groups.map((g) => sectionName.get(String(g.section))!),
      ];
      Object.assign(student, searchOf('students', student, extras), { _sync: sync(t.at) });
      data.students.push(student);
    }
  }
  return { ...data, schoolId: data.schools[0]!._id as ObjectId };
}

/** Inserts every collection into `db` (empty); returns the number of documents. */
export async function insertBenchData(db: Db, data: BenchData): Promise<number> {
  let total = 0;
  for (const name of ['schools', 'years', 'sections', 'grades', 'parents', 'students'] as const) {
    await db.collection(name).insertMany(data[name]);
    total += data[name].length;
  }
  return total;
}
