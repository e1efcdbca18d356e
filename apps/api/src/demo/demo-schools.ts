/**
 * The demo data set, as data: two schools with years, courses, sections, grades, parents, students
 * and a teacher (accented names, identification numbers with leading zeros, several e-mail domains,
 * an inactive student). The two schools differ only in what `DemoVariant` names.
 */
import type { PersonSpec, SchoolSpec, StudentSpec } from './school-spec.js';

interface DemoVariant {
  readonly name: string;
  readonly code: string;
  readonly domain: string;
  /** Added to the local part of e-mail addresses, so that both schools' addresses differ. */
  readonly tag: string;
  readonly city: string;
  /** The last two digits of each person's identification number. */
  readonly ids: Readonly<Record<'rosa' | 'jorge' | 'jose' | 'ana' | 'mariaJose' | 'luis' | 'carmen', string>>;
}

const VARIANTS: readonly DemoVariant[] = [
  {
    name: 'Colegio Los Andes',
    code: 'CLA',
    domain: 'colegio.edu.ec',
    tag: '',
    city: 'Quito',
    ids: { rosa: '11', jorge: '12', jose: '78', ana: '78', mariaJose: '78', luis: '32', carmen: '55' },
  },
  {
    name: 'Unidad Educativa Pacífico',
    code: 'UEP',
    domain: 'pacifico.edu.ec',
    tag: 'p',
    city: 'Guayaquil',
    ids: { rosa: '21', jorge: '22', jose: '81', ana: '81', mariaJose: '81', luis: '31', carmen: '51' },
  },
];

function people({ tag, domain, ids }: DemoVariant): Record<keyof DemoVariant['ids'], PersonSpec> {
  return {
    rosa: {
      name: 'Rosa',
      surname: 'Pérez',
      second_surname: 'Mora',
      email: `rosa.perez${tag}@gmail.com`,
      id_card: `17000000${ids.rosa}`,
    },
    jorge: {
      name: 'Jorge',
      surname: 'Núñez',
      email: `jorge.nunez${tag}@${domain}`,
      id_card: `09000000${ids.jorge}`,
    },
    jose: {
      name: 'José',
      second_name: 'Luis',
      surname: 'Pérez',
      second_surname: 'Mora',
      email: `jose.perez${tag}@${domain}`,
      id_card: `17123456${ids.jose}`,
    },
    ana: {
      name: 'Ana',
      second_name: 'María',
      surname: 'Núñez',
      email: `ana.nunez${tag}@${domain}`,
      id_card: `09123456${ids.ana}`,
    },
    mariaJose: {
      name: 'María José',
      surname: 'Andrade',
      email: `mjandrade${tag}@gmail.com`,
      id_card: `01023456${ids.mariaJose}`,
    },
    luis: {
      name: 'Luis',
      surname: 'Müller',
      email: `luis.muller${tag}@school.org`,
      id_card: `17987654${ids.luis}`,
    },
    carmen: {
      name: 'Carmen',
      surname: 'Ortiz',
      email: `carmen.ortiz${tag}@${domain}`,
      id_card: `17555555${ids.carmen}`,
    },
  };
}

function demoSchool(variant: DemoVariant): SchoolSpec {
  const person = people(variant);
  const student = (user: PersonSpec, parents: string[], grade: string, last = false): StudentSpec => ({
    user,
    parents,
    years: [{ year: last ? '2024-2025' : '2025-2026', enrolled: !last, grade }],
    city: variant.city,
    citizenship: 'Ecuatoriana',
    contact: { name: parents.length > 0 ? 'Rosa Pérez' : 'Tía Carmen', mobile: '0991234567' },
    ...(last ? { active: false } : {}),
  });
  return {
    name: variant.name,
    code: variant.code,
    country: 'EC',
    years: ['2024-2025', '2025-2026'],
    courses: [
      { name: 'Matemáticas', reference_name: 'EGB Superior', code: 'MAT' },
      { name: 'Lengua y Literatura', reference_name: 'EGB Superior', code: 'LEN' },
    ],
    sections: ['A', 'B'],
    grades: [
      { name: '8vo', code: '8', section: 'A' },
      { name: '9no', code: '9', section: 'B' },
    ],
    parents: { rosa: person.rosa, jorge: person.jorge },
    students: [
      student(person.jose, ['rosa'], '8'),
      student(person.ana, ['jorge'], '8'),
      student(person.mariaJose, [], '9'),
      // Last year's student, no longer active.
      student(person.luis, ['rosa', 'jorge'], '9', true),
    ],
    staff: [{ role: 'teacher', user: person.carmen }],
  };
}

export const DEMO_SCHOOLS: readonly SchoolSpec[] = VARIANTS.map(demoSchool);
