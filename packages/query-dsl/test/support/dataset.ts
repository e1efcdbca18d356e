/**
 * The conformance data set: three schools with their years, sections and grades, 30 students,
 * 8 parents and 4 staff, with fixed identifiers so tests can name every record.
 *
 * Every student, parent and staff record carries its search index (`_search` and
 * `relational_data.all`) built with `searchIndexFields`, exactly as a writer would store it; a
 * student's extra search texts are the names of its groups (grades) and of their sections.
 *
 * Quick map (S = school, ✗ = active: false):
 *
 * | school    | students                                                        | inactive        |
 * |-----------|-----------------------------------------------------------------|-----------------|
 * | andes     | st01–st20                                                       | st07 st10 st14  |
 * | pacifico  | st21–st27                                                       | st24            |
 * | sierra    | st28–st30                                                       | st29            |
 *
 * Special cases: st03's parents are [p04, a deleted parent, p05]; st04's parent p06 belongs to
 * pacifico; st17 has no years, no addresses and no emergency contacts; st28 has no citizenship.
 */

import { type CollectionDefinition, searchIndexFields } from '@school/query-dsl';
import { setDotted, YEAR_SETTINGS } from '@school/testkit/school-data';
import { ObjectId } from 'bson';
import {
  parents as parentsCollection,
  staff as staffCollection,
  students as studentsCollection,
} from './school-collections.js';

export type Doc = Record<string, unknown>;

/** The part of a driver `Db` that seeding needs (the in-process engine and a real MongoDB both fit). */
export interface SeedableDb {
  collection(name: string): {
    deleteMany(filter: Doc): Promise<unknown>;
    insertMany(docs: Doc[]): Promise<unknown>;
  };
}

const hex = (prefix: string, n: number) => `${prefix}${String(n).padStart(24 - prefix.length, '0')}`;

export const SCHOOL = {
  andes: '5a0000000000000000000001',
  pacifico: '5a0000000000000000000002',
  sierra: '5a0000000000000000000003',
} as const;

export const YEAR = {
  andes2024: '5b0000000000000000000011',
  andes2025: '5b0000000000000000000012',
  pacifico2024: '5b0000000000000000000021',
  pacifico2025: '5b0000000000000000000022',
  sierra2024: '5b0000000000000000000031',
  sierra2025: '5b0000000000000000000032',
} as const;

export const SECTION = {
  andesA: '5c0000000000000000000011',
  andesB: '5c0000000000000000000012',
  pacificoA: '5c0000000000000000000021',
  pacificoB: '5c0000000000000000000022',
  sierraA: '5c0000000000000000000031',
} as const;

export const GRADE = {
  andes8A: '6a0000000000000000000011',
  andes8B: '6a0000000000000000000012',
  andes9A: '6a0000000000000000000013',
  andesBgu: '6a0000000000000000000014',
  pacifico8A: '6a0000000000000000000021',
  pacifico9B: '6a0000000000000000000022',
  pacificoBgu: '6a0000000000000000000023',
  sierra10A: '6a0000000000000000000031',
} as const;

export const ZONE = {
  quitoNorte: '8a0000000000000000000001',
  quitoCentro: '8a0000000000000000000002',
  guayaquil: '8a0000000000000000000003',
  cumbaya: '8a0000000000000000000004',
  manta: '8a0000000000000000000005',
  portoviejo: '8a0000000000000000000006',
  riobamba: '8a0000000000000000000007',
} as const;

/** Student `n` (1..30) has `_id` `5d00…0n` (two decimal digits, so `_id` order is number order). */
export const studentId = (n: number) => hex('5d', n);
/** Parent `n` (1..8); `DELETED_PARENT` is referenced by st03 but does not exist. */
export const parentId = (n: number) => hex('5e', n);
export const DELETED_PARENT = '5e0000000000000000000099';
const staffId = (n: number) => hex('5f', n);

const oid = (value: string) => ObjectId.createFromHexString(value);
const at = (day: string, time = '08:00:00') => new Date(`${day}T${time}.000Z`);

// ---------------------------------------------------------------------------------------------
// Schools, years, sections, grades

const schoolDocs = (): Doc[] =>
  [
    { _id: oid(SCHOOL.andes), name: 'Colegio Los Andes', code: 'AND', country: 'EC' },
    { _id: oid(SCHOOL.pacifico), name: 'Unidad Educativa Pacífico', code: 'PAC', country: 'EC' },
    { _id: oid(SCHOOL.sierra), name: 'Escuela Sierra Norte', code: 'SNO', country: 'EC' },
  ].map((school) => ({
    ...school,
    active: true,
    created_at: at('2023-06-01'),
    updated_at: at('2023-06-01'),
  }));

const yearDoc = (id: string, school: string, name: string): Doc => ({
  _id: oid(id),
  school: oid(school),
  name,
  country: 'EC',
  ...YEAR_SETTINGS,
  new_promotion_logic: name === '2025',
  active: true,
  created_at: at('2023-07-01'),
  updated_at: at('2023-07-01'),
});

const yearDocs = (): Doc[] => [
  yearDoc(YEAR.andes2024, SCHOOL.andes, '2024'),
  yearDoc(YEAR.andes2025, SCHOOL.andes, '2025'),
  yearDoc(YEAR.pacifico2024, SCHOOL.pacifico, '2024'),
  yearDoc(YEAR.pacifico2025, SCHOOL.pacifico, '2025'),
  yearDoc(YEAR.sierra2024, SCHOOL.sierra, '2024'),
  yearDoc(YEAR.sierra2025, SCHOOL.sierra, '2025'),
];

const sectionDoc = (id: string, school: string, name: string): Doc => ({
  _id: oid(id),
  school: oid(school),
  name,
  code: `SEC-${name}`,
  active: true,
  created_at: at('2023-07-01'),
  updated_at: at('2023-07-01'),
});

const sectionDocs = (): Doc[] => [
  sectionDoc(SECTION.andesA, SCHOOL.andes, 'A'),
  sectionDoc(SECTION.andesB, SCHOOL.andes, 'B'),
  sectionDoc(SECTION.pacificoA, SCHOOL.pacifico, 'A'),
  sectionDoc(SECTION.pacificoB, SCHOOL.pacifico, 'B'),
  sectionDoc(SECTION.sierraA, SCHOOL.sierra, 'A'),
];

/** Grade id → [name, section id, school id]. */
const GRADE_INFO: Record<string, readonly [name: string, section: string, school: string]> = {
  [GRADE.andes8A]: ['8vo', SECTION.andesA, SCHOOL.andes],
  [GRADE.andes8B]: ['8vo', SECTION.andesB, SCHOOL.andes],
  [GRADE.andes9A]: ['9no', SECTION.andesA, SCHOOL.andes],
  [GRADE.andesBgu]: ['1ro BGU', SECTION.andesB, SCHOOL.andes],
  [GRADE.pacifico8A]: ['8vo', SECTION.pacificoA, SCHOOL.pacifico],
  [GRADE.pacifico9B]: ['9no', SECTION.pacificoB, SCHOOL.pacifico],
  [GRADE.pacificoBgu]: ['1ro BGU', SECTION.pacificoB, SCHOOL.pacifico],
  [GRADE.sierra10A]: ['10mo', SECTION.sierraA, SCHOOL.sierra],
};

const SECTION_NAME: Record<string, string> = {
  [SECTION.andesA]: 'A',
  [SECTION.andesB]: 'B',
  [SECTION.pacificoA]: 'A',
  [SECTION.pacificoB]: 'B',
  [SECTION.sierraA]: 'A',
};

const gradeDocs = (): Doc[] =>
  Object.entries(GRADE_INFO).map(([id, [name, section, school]]) => ({
    _id: oid(id),
    school: oid(school),
    name,
    code: `${name.replace(' ', '')}-${SECTION_NAME[section]}`,
    section: oid(section),
    active: true,
    created_at: at('2023-07-01'),
    updated_at: at('2023-07-01'),
  }));

// ---------------------------------------------------------------------------------------------
// People

interface Person {
  readonly name: string;
  readonly second_name?: string;
  readonly surname: string;
  readonly second_surname?: string;
  readonly id_card: string;
  readonly email: string;
}

interface Enrolment {
  readonly year: string;
  readonly group: string;
  readonly enrolled?: boolean;
  readonly registered?: boolean;
}

interface StudentSpec {
  readonly n: number;
  readonly school: string;
  readonly user: Person;
  readonly years: readonly Enrolment[];
  readonly parents?: readonly string[];
  readonly addresses?: ReadonlyArray<{ name: string; city: string; city_zone: string }>;
  /** `null`: the record has no `emergency` field. */
  readonly contacts?: ReadonlyArray<{ name: string; mobile: string }> | null;
  /** `null`: the record has no `citizenship` field. */
  readonly citizenship?: string | null;
  readonly active?: boolean;
  readonly created: Date;
  readonly sync?: string;
}

const home = (city: string, zone: string) => [{ name: 'Casa', city, city_zone: zone }];
const inQuito = home('Quito', ZONE.quitoNorte);
const inManta = home('Manta', ZONE.manta);
const inRiobamba = home('Riobamba', ZONE.riobamba);

/** Every student, as a writer receives it. Read this table to write expectations. */
const STUDENTS: readonly StudentSpec[] = [
  // ----- Colegio Los Andes (SCHOOL.andes): st01–st20
  {
    n: 1,
    school: SCHOOL.andes,
    user: {
      name: 'José',
      second_name: 'Luis',
      surname: 'Pérez',
      second_surname: 'Gómez',
      id_card: '1712345678',
      email: 'jose.perez@colegio.edu.ec',
    },
    years: [
      { year: YEAR.andes2024, group: GRADE.andes8A },
      { year: YEAR.andes2025, group: GRADE.andes9A },
    ],
    parents: [parentId(1), parentId(2)],
    addresses: [
      { name: 'Casa', city: 'Quito', city_zone: ZONE.quitoNorte },
      { name: 'Trabajo', city: 'Quito', city_zone: ZONE.quitoCentro },
    ],
    contacts: [{ name: 'Rosa Gómez', mobile: '0990000001' }],
    created: at('2024-01-10'),
    sync: 'ext-st01',
  },
  {
    n: 2,
    school: SCHOOL.andes,
    user: {
      name: 'María José',
      surname: 'Álvarez',
      second_surname: 'Ruiz',
      id_card: '0912345678',
      email: 'mariajose.alvarez@gmail.com',
    },
    years: [{ year: YEAR.andes2025, group: GRADE.andes8A }],
    parents: [parentId(3)],
    addresses: home('Guayaquil', ZONE.guayaquil),
    created: at('2024-02-01'),
  },
  {
    n: 3,
    school: SCHOOL.andes,
    user: {
      name: 'Ana',
      second_name: 'Lucía',
      surname: 'Müller',
      second_surname: 'Vega',
      id_card: '1712000111',
      email: 'ana.muller@school.org',
    },
    years: [{ year: YEAR.andes2025, group: GRADE.andes8B }],
    parents: [parentId(4), DELETED_PARENT, parentId(5)],
    addresses: [
      { name: 'Casa', city: 'Cumbayá', city_zone: ZONE.cumbaya },
      { name: 'Abuelos', city: 'Quito', city_zone: ZONE.quitoNorte },
    ],
    contacts: [
      { name: 'Klaus Müller', mobile: '0990000003' },
      { name: 'Lucía Vega', mobile: '0980000003' },
    ],
    citizenship: 'DE',
    created: at('2024-02-15'),
  },
  {
    n: 4,
    school: SCHOOL.andes,
    user: {
      name: 'Ana',
      second_name: 'Belén',
      surname: 'Ñandú',
      second_surname: 'Paredes',
      id_card: '1712999000',
      email: 'ana.nandu@colegio.edu.ec',
    },
    years: [
      { year: YEAR.andes2024, group: GRADE.andes8A },
      { year: YEAR.andes2025, group: GRADE.andes9A },
    ],
    parents: [parentId(6)],
    created: at('2024-03-01'),
  },
  {
    n: 5,
    school: SCHOOL.andes,
    user: { name: 'Mariana', surname: 'Castro', id_card: '0923456789', email: 'mariana.castro@gmail.com' },
    years: [{ year: YEAR.andes2025, group: GRADE.andes8A }],
    created: at('2024-03-10'),
  },
  {
    n: 6,
    school: SCHOOL.andes,
    user: {
      name: 'Josefina',
      surname: 'Andrade',
      id_card: '1798765432',
      email: 'josefina.andrade@colegio.edu.ec',
    },
    years: [
      { year: YEAR.andes2024, group: GRADE.andes8A },
      { year: YEAR.andes2025, group: GRADE.andes9A, enrolled: false },
    ],
    created: at('2024-04-01'),
  },
  {
    n: 7,
    school: SCHOOL.andes,
    user: { name: 'Josué', surname: 'Mena', id_card: '1755555555', email: 'josue.mena@school.org' },
    years: [{ year: YEAR.andes2025, group: GRADE.andesBgu }],
    active: false,
    created: at('2024-04-15'),
  },
  {
    n: 8,
    school: SCHOOL.andes,
    user: {
      name: 'Lucas',
      surname: 'Müller',
      second_surname: 'Pérez',
      id_card: '1712888999',
      email: 'lucas.muller@colegio.edu.ec',
    },
    years: [{ year: YEAR.andes2025, group: GRADE.andes8B, registered: false }],
    parents: [parentId(4)],
    created: at('2024-05-01'),
  },
  {
    n: 9,
    school: SCHOOL.andes,
    user: { name: 'Sofía', surname: 'Ramírez', id_card: '0911111111', email: 'sofia.ramirez@gmail.com' },
    years: [
      { year: YEAR.andes2024, group: GRADE.andes8B },
      { year: YEAR.andes2025, group: GRADE.andes9A },
    ],
    addresses: home('Cumbayá', ZONE.cumbaya),
    created: at('2024-05-15'),
  },
  {
    n: 10,
    school: SCHOOL.andes,
    user: { name: 'Mateo', surname: 'Sánchez', id_card: '1712456789', email: 'mateo.sanchez@school.org' },
    years: [{ year: YEAR.andes2025, group: GRADE.andes9A }],
    active: false,
    created: at('2024-06-01'),
  },
  {
    n: 11,
    school: SCHOOL.andes,
    user: {
      name: 'Valentina',
      surname: 'Ortiz',
      id_card: '0100000001',
      email: 'valentina.ortiz@colegio.edu.ec',
    },
    years: [{ year: YEAR.andes2025, group: GRADE.andesBgu }],
    created: at('2024-06-15'),
  },
  {
    n: 12,
    school: SCHOOL.andes,
    user: {
      name: 'Ana',
      second_name: 'Paula',
      surname: 'Rodríguez',
      id_card: '0922222222',
      email: 'anapaula.rodriguez@gmail.com',
    },
    years: [{ year: YEAR.andes2025, group: GRADE.andes9A }],
    created: at('2024-07-01'),
  },
  {
    n: 13,
    school: SCHOOL.andes,
    user: {
      name: 'Diego',
      surname: 'Fernández',
      id_card: '1713000000',
      email: 'diego.fernandez@colegio.edu.ec',
    },
    years: [{ year: YEAR.andes2025, group: GRADE.andes8B }],
    addresses: [{ name: 'Trabajo', city: 'Quito', city_zone: ZONE.quitoCentro }],
    citizenship: 'CO',
    created: at('2024-07-15'),
  },
  {
    n: 14,
    school: SCHOOL.andes,
    user: { name: 'Camila', surname: 'Herrera', id_card: '0933333333', email: 'camila@school.org' },
    years: [{ year: YEAR.andes2025, group: GRADE.andes8A, enrolled: false, registered: false }],
    active: false,
    created: at('2024-08-01'),
  },
  {
    n: 15,
    school: SCHOOL.andes,
    user: { name: 'Sebastián', surname: 'Núñez', id_card: '1712111222', email: 'sebastian.nunez@gmail.com' },
    years: [{ year: YEAR.andes2025, group: GRADE.andesBgu }],
    created: at('2024-08-15'),
  },
  {
    n: 16,
    school: SCHOOL.andes,
    user: {
      name: 'Isabella',
      surname: 'Jiménez',
      id_card: '0944444444',
      email: 'isabella.jimenez@colegio.edu.ec',
    },
    years: [{ year: YEAR.andes2025, group: GRADE.andes8A }],
    created: at('2024-09-01'),
  },
  {
    n: 17,
    school: SCHOOL.andes,
    user: { name: 'Martín', surname: 'López', id_card: '1799999999', email: 'martin.lopez@school.org' },
    years: [],
    addresses: [],
    contacts: null,
    created: at('2024-09-15'),
  },
  {
    n: 18,
    school: SCHOOL.andes,
    user: { name: 'Emilia', surname: 'Vásquez', id_card: '0955555555', email: 'emilia.vasquez@gmail.com' },
    years: [{ year: YEAR.andes2025, group: GRADE.andes9A }],
    created: at('2025-01-10'),
  },
  {
    n: 19,
    school: SCHOOL.andes,
    user: {
      name: 'Nicolás',
      surname: 'Guerrero',
      id_card: '1712345000',
      email: 'nicolas.guerrero@colegio.edu.ec',
    },
    years: [{ year: YEAR.andes2025, group: GRADE.andesBgu }],
    created: at('2025-01-20'),
  },
  {
    n: 20,
    school: SCHOOL.andes,
    user: { name: 'Renata', surname: 'Morales', id_card: '0966666666', email: 'renata.morales@school.org' },
    years: [{ year: YEAR.andes2025, group: GRADE.andes8B }],
    created: at('2025-02-01', '15:30:00'),
  },
  // ----- Unidad Educativa Pacífico (SCHOOL.pacifico): st21–st27
  {
    n: 21,
    school: SCHOOL.pacifico,
    user: {
      name: 'José',
      second_name: 'Andrés',
      surname: 'Cedeño',
      id_card: '1312345678',
      email: 'jose.cedeno@pacifico.edu.ec',
    },
    years: [{ year: YEAR.pacifico2025, group: GRADE.pacifico8A }],
    parents: [parentId(7)],
    addresses: inManta,
    created: at('2024-01-05'),
  },
  {
    n: 22,
    school: SCHOOL.pacifico,
    user: {
      name: 'Ana',
      second_name: 'María',
      surname: 'Zambrano',
      id_card: '1312000222',
      email: 'ana.zambrano@pacifico.edu.ec',
    },
    years: [
      { year: YEAR.pacifico2024, group: GRADE.pacifico8A },
      { year: YEAR.pacifico2025, group: GRADE.pacifico9B },
    ],
    addresses: inManta,
    created: at('2024-02-05'),
  },
  {
    n: 23,
    school: SCHOOL.pacifico,
    user: { name: 'Carlos', surname: 'Mendoza', id_card: '1712777888', email: 'carlos.mendoza@gmail.com' },
    years: [{ year: YEAR.pacifico2025, group: GRADE.pacifico9B }],
    addresses: inManta,
    citizenship: 'PE',
    created: at('2024-03-05'),
  },
  {
    n: 24,
    school: SCHOOL.pacifico,
    user: {
      name: 'Lucía',
      surname: 'Intriago',
      id_card: '1309876543',
      email: 'lucia.intriago@pacifico.edu.ec',
    },
    years: [{ year: YEAR.pacifico2025, group: GRADE.pacificoBgu }],
    addresses: inManta,
    active: false,
    created: at('2024-04-05'),
  },
  {
    n: 25,
    school: SCHOOL.pacifico,
    user: { name: 'Gabriel', surname: 'Loor', id_card: '1311111111', email: 'gabriel.loor@school.org' },
    years: [{ year: YEAR.pacifico2025, group: GRADE.pacifico9B }],
    addresses: [
      { name: 'Casa', city: 'Portoviejo', city_zone: ZONE.portoviejo },
      { name: 'Trabajo', city: 'Manta', city_zone: ZONE.manta },
    ],
    created: at('2024-05-05'),
  },
  {
    n: 26,
    school: SCHOOL.pacifico,
    user: { name: 'Daniela', surname: 'Vera', id_card: '0977777777', email: 'daniela.vera@gmail.com' },
    years: [{ year: YEAR.pacifico2025, group: GRADE.pacifico8A }],
    addresses: inManta,
    created: at('2024-06-05'),
  },
  {
    n: 27,
    school: SCHOOL.pacifico,
    user: {
      name: 'Andrés',
      surname: 'Macías',
      id_card: '1322222222',
      email: 'andres.macias@pacifico.edu.ec',
    },
    years: [{ year: YEAR.pacifico2025, group: GRADE.pacificoBgu }],
    addresses: inManta,
    created: at('2024-07-05'),
  },
  // ----- Escuela Sierra Norte (SCHOOL.sierra): st28–st30
  {
    n: 28,
    school: SCHOOL.sierra,
    user: { name: 'Thiago', surname: 'Quishpe', id_card: '0600000001', email: 'thiago.quishpe@gmail.com' },
    years: [{ year: YEAR.sierra2025, group: GRADE.sierra10A }],
    parents: [parentId(8)],
    addresses: inRiobamba,
    citizenship: null,
    created: at('2024-08-05'),
  },
  {
    n: 29,
    school: SCHOOL.sierra,
    user: {
      name: 'Samantha',
      surname: 'Chicaiza',
      id_card: '0611111111',
      email: 'samantha.chicaiza@school.org',
    },
    years: [{ year: YEAR.sierra2025, group: GRADE.sierra10A }],
    addresses: inRiobamba,
    active: false,
    created: at('2024-09-05'),
  },
  {
    n: 30,
    school: SCHOOL.sierra,
    user: {
      name: 'Joaquín',
      surname: 'Tene',
      id_card: '0622222222',
      email: 'joaquin.tene@sierranorte.edu.ec',
    },
    years: [
      { year: YEAR.sierra2024, group: GRADE.sierra10A },
      { year: YEAR.sierra2025, group: GRADE.sierra10A },
    ],
    addresses: inRiobamba,
    created: at('2024-10-05'),
  },
];

interface PersonSpec {
  readonly n: number;
  readonly school: string;
  readonly user: Person;
  readonly active?: boolean;
  readonly role?: string;
}

const PARENTS: readonly PersonSpec[] = [
  {
    n: 1,
    school: SCHOOL.andes,
    user: { name: 'Roberto', surname: 'Pérez', id_card: '1700000001', email: 'roberto.perez@gmail.com' },
  },
  {
    n: 2,
    school: SCHOOL.andes,
    user: { name: 'Rosa', surname: 'Gómez', id_card: '1700000002', email: 'rosa.gomez@colegio.edu.ec' },
  },
  {
    n: 3,
    school: SCHOOL.andes,
    user: { name: 'Pedro', surname: 'Álvarez', id_card: '0900000003', email: 'pedro.alvarez@gmail.com' },
  },
  {
    n: 4,
    school: SCHOOL.andes,
    user: { name: 'Klaus', surname: 'Müller', id_card: '1700000004', email: 'klaus.muller@school.org' },
  },
  {
    n: 5,
    school: SCHOOL.andes,
    user: { name: 'Lucía', surname: 'Vega', id_card: '1700000005', email: 'lucia.vega@gmail.com' },
    active: false,
  },
  {
    n: 6,
    school: SCHOOL.pacifico,
    user: { name: 'Ramiro', surname: 'Ñandú', id_card: '1300000006', email: 'ramiro.nandu@pacifico.edu.ec' },
  },
  {
    n: 7,
    school: SCHOOL.pacifico,
    user: { name: 'Marco', surname: 'Cedeño', id_card: '1300000007', email: 'marco.cedeno@pacifico.edu.ec' },
  },
  {
    n: 8,
    school: SCHOOL.sierra,
    user: { name: 'Elena', surname: 'Quishpe', id_card: '0600000008', email: 'elena.quishpe@gmail.com' },
  },
];

const STAFF: readonly PersonSpec[] = [
  {
    n: 1,
    school: SCHOOL.andes,
    role: 'teacher',
    user: { name: 'Patricia', surname: 'Salazar', id_card: '1700000101', email: 'psalazar@colegio.edu.ec' },
  },
  {
    n: 2,
    school: SCHOOL.andes,
    role: 'director',
    user: { name: 'Jorge', surname: 'Benítez', id_card: '1700000102', email: 'jorge.benitez@colegio.edu.ec' },
  },
  {
    n: 3,
    school: SCHOOL.pacifico,
    role: 'teacher',
    user: {
      name: 'Mónica',
      surname: 'Zambrano',
      id_card: '1300000103',
      email: 'monica.zambrano@pacifico.edu.ec',
    },
  },
  {
    n: 4,
    school: SCHOOL.sierra,
    role: 'secretary',
    user: { name: 'Raúl', surname: 'Tene', id_card: '0600000104', email: 'raul.tene@gmail.com' },
    active: false,
  },
];

// ---------------------------------------------------------------------------------------------
// Building stored records, as the service's writer does

function userDoc(user: Person, userId: string): Doc {
  return { _id: oid(userId), ...user };
}

function indexed(collection: CollectionDefinition, record: Doc, extraTexts: string[] = []): Doc {
  return setDotted(record, searchIndexFields(collection, record, extraTexts));
}

/** A student's extra search texts: each group's name and its section's name. */
function studentExtraTexts(spec: StudentSpec): string[] {
  return spec.years.flatMap(({ group }) => {
    const [name, section] = GRADE_INFO[group]!;
    return [name, SECTION_NAME[section]!];
  });
}

function studentDoc(spec: StudentSpec): Doc {
  const record: Doc = {
    _id: oid(studentId(spec.n)),
    school: oid(spec.school),
    user: userDoc(spec.user, hex('7a', spec.n)),
    parents: (spec.parents ?? []).map(oid),
    years: spec.years.map((entry) => ({
      year: oid(entry.year),
      enrolled: entry.enrolled ?? true,
      registered: entry.registered ?? true,
      group: oid(entry.group),
    })),
    addresses: (spec.addresses ?? inQuito).map((address) => ({
      ...address,
      city_zone: oid(address.city_zone),
    })),
    relational_data: { email: spec.user.email },
    active: spec.active ?? true,
    created_at: spec.created,
    updated_at: spec.created,
  };
  if (spec.citizenship !== null) record.citizenship = spec.citizenship ?? 'EC';
  if (spec.contacts !== null) {
    const contacts = spec.contacts ?? [
      { name: `Contacto ${spec.n}`, mobile: `09900000${String(spec.n).padStart(2, '0')}` },
    ];
    record.emergency = { contacts: contacts.map(({ name, mobile }) => ({ name, phones: { mobile } })) };
  }
  if (spec.sync) record._sync = { external_id: spec.sync };
  return indexed(studentsCollection, record, studentExtraTexts(spec));
}

function personDoc(
  collection: CollectionDefinition,
  spec: PersonSpec,
  idOf: (n: number) => string,
  userPrefix: string,
): Doc {
  const record: Doc = {
    _id: oid(idOf(spec.n)),
    school: oid(spec.school),
    user: userDoc(spec.user, hex(userPrefix, spec.n)),
    ...(spec.role ? { role: spec.role } : {}),
    active: spec.active ?? true,
    created_at: at('2023-12-01'),
    updated_at: at('2023-12-01'),
  };
  return indexed(collection, record);
}

/** The stored records, collection by collection (built afresh on every call). */
function buildDataset(): Record<string, Doc[]> {
  return {
    schools: schoolDocs(),
    years: yearDocs(),
    sections: sectionDocs(),
    grades: gradeDocs(),
    students: STUDENTS.map(studentDoc),
    parents: PARENTS.map((spec) => personDoc(parentsCollection, spec, parentId, '7b')),
    staff: STAFF.map((spec) => personDoc(staffCollection, spec, staffId, '7c')),
  };
}

/** Empties every collection of the data set and inserts every record. */
export async function seed(db: SeedableDb): Promise<void> {
  for (const [name, docs] of Object.entries(buildDataset())) {
    const collection = db.collection(name);
    await collection.deleteMany({});
    await collection.insertMany(docs);
  }
}

/** The stored student `n`, as `seed` inserts it (for expectations on whole records). */
export function storedStudent(n: number): Doc {
  const spec = STUDENTS.find((student) => student.n === n);
  if (!spec) throw new Error(`No student ${n}`);
  return studentDoc(spec);
}
