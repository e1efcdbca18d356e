import type { Caller } from '../auth/caller.js';
import type { RecordStore } from './records.js';

const loader: Caller = {
  name: 'demo-data',
  tokenId: 'demo-data',
  scopes: new Set(['read', 'write', 'admin']),
  schools: '*',
};

/**
 * A small, realistic data set for embedded mode, so a first `curl` returns something real:
 * two schools with years, sections, grades, parents and students (accented names, identification
 * numbers with leading zeros, several e-mail domains, an inactive record). Written through the
 * store, so search text and sync state are what real writes produce. Loaded once, into an empty database.
 */
export async function loadDemoData(store: RecordStore): Promise<void> {
  if ((await store.db.collection('schools').countDocuments({})) > 0) return;
  const id = (record: { _id?: unknown }) => String(record._id);
  const create = (name: string, body: Record<string, unknown>) => store.create(name, body, loader);

  const andes = await create('schools', { name: 'Colegio Los Andes', code: 'CLA', country: 'EC' });
  const pacifico = await create('schools', { name: 'Unidad Educativa Pacífico', code: 'UEP', country: 'EC' });

  for (const school of [andes, pacifico]) {
    const s = id(school);
    const year = (name: string) =>
      create('years', {
        school: s,
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
      });
    const y2024 = await year('2024-2025');
    const y2025 = await year('2025-2026');
    await create('courses', {
      school: s,
      name: 'Matemáticas',
      reference_name: 'EGB Superior',
      code: 'MAT',
      weight_in_subject: 1,
    });
    await create('courses', {
      school: s,
      name: 'Lengua y Literatura',
      reference_name: 'EGB Superior',
      code: 'LEN',
      weight_in_subject: 1,
    });
    const a = await create('sections', { school: s, name: 'A', code: 'A' });
    const b = await create('sections', { school: s, name: 'B', code: 'B' });
    const octavo = await create('grades', { school: s, name: '8vo', code: '8', section: id(a) });
    const noveno = await create('grades', { school: s, name: '9no', code: '9', section: id(b) });
    const domain = school === andes ? 'colegio.edu.ec' : 'pacifico.edu.ec';
    const tag = school === andes ? '' : 'p';

    const rosa = await create('parents', {
      school: s,
      user: {
        name: 'Rosa',
        surname: 'Pérez',
        second_surname: 'Mora',
        email: `rosa.perez${tag}@gmail.com`,
        id_card: `17000000${tag ? '21' : '11'}`,
      },
    });
    const jorge = await create('parents', {
      school: s,
      user: {
        name: 'Jorge',
        surname: 'Núñez',
        email: `jorge.nunez${tag}@${domain}`,
        id_card: `09000000${tag ? '22' : '12'}`,
      },
    });
    const students = [
      {
        user: {
          name: 'José',
          second_name: 'Luis',
          surname: 'Pérez',
          second_surname: 'Mora',
          email: `jose.perez${tag}@${domain}`,
          id_card: `17123456${tag ? '81' : '78'}`,
        },
        parents: [id(rosa)],
        group: octavo,
        year: y2025,
      },
      {
        user: {
          name: 'Ana',
          second_name: 'María',
          surname: 'Núñez',
          email: `ana.nunez${tag}@${domain}`,
          id_card: `09123456${tag ? '81' : '78'}`,
        },
        parents: [id(jorge)],
        group: octavo,
        year: y2025,
      },
      {
        user: {
          name: 'María José',
          surname: 'Andrade',
          email: `mjandrade${tag}@gmail.com`,
          id_card: `01023456${tag ? '81' : '78'}`,
        },
        parents: [],
        group: noveno,
        year: y2025,
      },
      {
        user: {
          name: 'Luis',
          surname: 'Müller',
          email: `luis.muller${tag}@school.org`,
          id_card: `17987654${tag ? '31' : '32'}`,
        },
        parents: [id(rosa), id(jorge)],
        group: noveno,
        year: y2024,
        active: false,
      },
    ];
    for (const student of students) {
      await create('students', {
        school: s,
        user: student.user,
        parents: student.parents,
        years: [
          {
            year: id(student.year),
            enrolled: student.year === y2025,
            registered: true,
            group: id(student.group),
          },
        ],
        addresses: [{ name: 'Casa', city: school === andes ? 'Quito' : 'Guayaquil' }],
        citizenship: 'Ecuatoriana',
        emergency: {
          contacts: [
            {
              name: student.parents.length > 0 ? 'Rosa Pérez' : 'Tía Carmen',
              phones: { mobile: '0991234567' },
            },
          ],
        },
        ...(student.active === false ? { active: false } : {}),
      });
    }
    await create('staff', {
      school: s,
      role: 'teacher',
      user: {
        name: 'Carmen',
        surname: 'Ortiz',
        email: `carmen.ortiz${tag}@${domain}`,
        id_card: `17555555${tag ? '51' : '55'}`,
      },
    });
  }
}
