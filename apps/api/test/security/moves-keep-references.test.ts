/**
 * Regression: an admin could move a grade that school-A students are in to school B; renaming it
 * afterwards wrote B's text into those students' search text, and the school-A token found it with
 * `global_search`. A record that records of its school reference can't leave that school.
 */
import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { build, expectError, expectOk, ids } from '../support/helper.js';
import { referenceViolations } from './invariants.js';

const t = await build();
const { A, B } = await t.seed();

const stored = (collection: string, id: string) =>
  t.db.collection(collection).findOne({ _id: new ObjectId(id) });

describe('a referenced record cannot leave its school', () => {
  const cases: Array<[string, string, object, RegExp]> = [
    [
      'grades',
      A.grade,
      { school: B.school, section: B.section },
      /referenced by 2 records .*students\.years\.group/,
    ],
    ['parents', A.parent, { school: B.school }, /referenced by 3 records .*students\.parents/],
    ['sections', A.section, { school: B.school }, /referenced by 2 records .*grades\.section/],
    ['years', A.year, { school: B.school }, /referenced by 3 records .*students\.years\.year/],
  ];
  for (const [collection, id, body, message] of cases) {
    it(`moving a referenced ${collection} record to school B is 409 CONFLICT and nothing changes`, async () => {
      const before = await stored(collection, id);
      const error = expectError(
        await t.put(`/api/${collection}/${id}`, body, { token: 'full' }),
        409,
        'CONFLICT',
      );
      expect(error.param).toBe('school');
      expect(error.message).toMatch(message);
      expect(await stored(collection, id)).toEqual(before);
      expect(await referenceViolations(t.db)).toEqual([]);
    });
  }

  it('a record nothing references moves, and its old school no longer sees it', async () => {
    const grade = expectOk(
      await t.post('/api/grades', { school: A.school, name: '10mo', code: '10', section: A.section }),
      201,
    );
    const moved = expectOk(await t.put(`/api/grades/${grade._id}`, { school: B.school, section: B.section }));
    expect(moved.school).toBe(B.school);
    expect(String((await stored('grades', grade._id))?.school)).toBe(B.school);
    expectError(await t.get(`/api/grades/${grade._id}`, { token: 'schoolA' }), 404, 'NOT_FOUND');
    expect(await referenceViolations(t.db)).toEqual([]);
  });

  it("renaming a school-B grade never writes into a school-A student's search text", async () => {
    // A reference across schools that the API refuses, put behind its back as old data might hold.
    const student = { _id: new ObjectId(A.students[0]) };
    const original = await t.db.collection('students').findOne(student);
    await t.db
      .collection('students')
      .updateOne(student, { $set: { 'years.0.group': new ObjectId(B.grade) } });
    try {
      expectOk(await t.put(`/api/grades/${B.grade}`, { name: 'Octavo Bolívar' }, { token: 'full' }));
      await t.refreshDependents();
      const text = (await t.db.collection('students').findOne(student))?.relational_data.all as string;
      expect(text).toBe(original?.relational_data.all);
      expect(ids(expectOk(await t.get('/api/students?global_search=octavo', { token: 'schoolA' })))).toEqual(
        [],
      );
    } finally {
      await t.db.collection('students').replaceOne(student, original!);
    }
  });

  it('the move is refused for a token of both schools too', async () => {
    expectError(
      await t.put(`/api/parents/${A.parent}`, { school: B.school }, { token: 'schoolsAB' }),
      409,
      'CONFLICT',
    );
  });
});
