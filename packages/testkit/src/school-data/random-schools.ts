/**
 * Schools of any size drawn from a seed: the same seed and sizes always describe the same schools.
 * Each school has three years, sections A–C and 30 grades (10 courses × 3 sections); each student
 * 1–2 parents, an enrolment in the current year (and in 70% of cases one in the year before), and
 * one in ten is inactive. Identification numbers are unique, 30% with a leading zero.
 */

import type { EnrolmentSpec, GradeSpec, PersonSpec, SchoolSpec, StudentSpec } from './host-generator.js';
import { ascii, pick, seededRandom } from './random.js';
import { CITIES, CITIZENSHIPS, COURSES, NAMES, SECTION_NAMES, SURNAMES, YEAR_NAMES } from './vocabulary.js';

export interface RandomSchoolsOptions {
  readonly seed: number;
  /** Students per school: `[2000, 1000]` makes two schools. */
  readonly students: readonly number[];
}

export function randomSchools(options: RandomSchoolsOptions): SchoolSpec[] {
  const random = seededRandom(options.seed);
  const draw = <T>(list: readonly T[]) => pick(random, list);
  let idCard = 1_700_000_000;
  const person = (domain: string): PersonSpec => {
    const name = draw(NAMES);
    const surname = draw(SURNAMES);
    return {
      id_card: (random() < 0.3 ? '0' : '1') + String(idCard++).slice(1),
      name,
      second_name: draw(NAMES),
      surname,
      second_surname: draw(SURNAMES),
      email: `${ascii(name)}.${ascii(surname)}${Math.floor(random() * 1000)}@${domain}`,
    };
  };
  const grades: GradeSpec[] = COURSES.flatMap((course, index) =>
    SECTION_NAMES.map((section) => ({ name: course, code: `${index + 1}${section}`, section })),
  );
  return options.students.map((count, index): SchoolSpec => {
    const domain = index === 0 ? 'colegio.edu.ec' : `escuela${index}.edu.ec`;
    const parents: Record<string, PersonSpec> = {};
    const students: StudentSpec[] = [];
    for (let n = 0; n < count; n++) {
      const keys = Array.from({ length: random() < 0.6 ? 2 : 1 }, (_, p) => `${n}.${p}`);
      for (const key of keys) parents[key] = person(domain);
      const years: EnrolmentSpec[] = [];
      if (random() < 0.7) years.push({ year: YEAR_NAMES[1]!, enrolled: false, grade: draw(grades).code });
      years.push({ year: YEAR_NAMES[2]!, enrolled: random() > 0.1, grade: draw(grades).code });
      students.push({
        user: person(domain),
        parents: keys,
        years,
        city: draw(CITIES),
        citizenship: random() < 0.9 ? 'Ecuatoriana' : draw(CITIZENSHIPS),
        contact: {
          name: `${draw(NAMES)} ${draw(SURNAMES)}`,
          mobile: `09${Math.floor(10_000_000 + random() * 89_999_999)}`,
        },
        active: random() > 0.1,
      });
    }
    return {
      name: index === 0 ? 'Unidad Educativa Los Andes' : `Escuela Fiscal ${index + 1}`,
      code: `UE-${index + 1}`,
      country: 'EC',
      years: YEAR_NAMES,
      courses: [],
      sections: SECTION_NAMES,
      grades,
      parents,
      students,
      staff: [],
    };
  });
}
