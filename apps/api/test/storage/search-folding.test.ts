/**
 * `global_search` over HTTP finds names whose letters have no accent to strip (`ł`, `ø`, `æ`, `ß`,
 * `đ`, `œ`): the service stores a record's search tokens and reads the search words through the
 * query library's one fold, so `stanislaw` finds "Stanisław" and the text is returned as written.
 */
import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { staff } from '../../src/collections/staff.js';
import { students } from '../../src/collections/students.js';
import { build, expectOk, pageOf } from '../support/helper.js';

const t = await build();
const { A } = await t.seed();

const stanislaw = expectOk(
  await t.post('/api/students', {
    school: A.school,
    user: { name: 'Stanisław', surname: 'Łukasiewicz', email: 'stanislaw.l@andino.edu.ec' },
    years: [{ year: A.year, enrolled: true, group: A.grade }],
  }),
  201,
)._id;
expectOk(
  await t.post('/api/staff', {
    school: A.school,
    user: { name: 'Søren Æbeltoft', surname: 'Đurić Straße' },
  }),
  201,
);

const studentsFound = async (search: string) =>
  pageOf(students, await t.find(students, { search })).map((record) => record.user?.name);
const staffFound = async (search: string) =>
  pageOf(staff, await t.find(staff, { search })).map((record) => record.user?.surname);

describe('global_search folds letters that are not accented forms', () => {
  it('finds Stanisław Łukasiewicz by stanislaw, lukasiewicz, a prefix, or as written', async () => {
    for (const search of ['stanislaw', 'lukasiewicz', 'STANIS luka', 'Stanisław Łukasiewicz']) {
      expect(await studentsFound(search)).toEqual(['Stanisław']);
    }
  });

  it('folds ø, æ, đ and ß the same way in staff names', async () => {
    for (const search of ['soren aebeltoft', 'duric', 'strasse', 'Søren']) {
      expect(await staffFound(search)).toEqual(['Đurić Straße']);
    }
  });

  it('stores the folded tokens and keeps the name as written', async () => {
    const stored = await t.db.collection('students').findOne({ _id: new ObjectId(stanislaw) });
    expect(stored?._search).toEqual(expect.arrayContaining(['stanislaw', 'lukasiewicz']));
    expect(stored?.user.name).toBe('Stanisław');
    const [record] = pageOf(students, await t.find(students, { search: 'stanislaw' }));
    expect(record?.relational_data).toMatchObject({ all: expect.stringContaining('Stanisław Łukasiewicz') });
  });
});
