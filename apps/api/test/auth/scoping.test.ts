/**
 * Authentication and school scoping (docs/http-api.md): a token limited to some schools sees and writes
 * only records of those schools — in lists, totals, GET /:id, populated references, PUT and POST —
 * and no query parameter can widen that.
 *
 * Requests are written with the query builder (`t.find`, `t.findById`); the attempts to widen the
 * scope stay strings, as an attacker would send them (operators in the bracket and JSON forms, quoted
 * and bare identifiers, `$or`), and so does a populate chain, which is no path of a student.
 */
import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { courses } from '../../src/collections/courses.js';
import type { HostCollection } from '../../src/collections/define.js';
import { grades } from '../../src/collections/grades.js';
import { parents } from '../../src/collections/parents.js';
import { schools } from '../../src/collections/schools.js';
import { sections } from '../../src/collections/sections.js';
import { staff } from '../../src/collections/staff.js';
import { students } from '../../src/collections/students.js';
import { years } from '../../src/collections/years.js';
import {
  build,
  expectError,
  expectOk,
  ids,
  type Json,
  pageOf,
  q,
  type TokenName,
} from '../support/helper.js';

const t = await build();
const { A, B } = await t.seed();

const SCOPED = [years, courses, sections, grades, students, parents, staff] as const;
const schoolOf = (letter: 'A' | 'B') => (letter === 'A' ? A.school : B.school);

/** The schools of the records a token lists in a collection. */
async function schoolsListed(collection: HostCollection, token: TokenName): Promise<string[]> {
  const field = collection.name === 'schools' ? '_id' : 'school';
  const records = pageOf(collection, await t.find(collection, { perPage: 100 }, { token }));
  return [...new Set(records.map((record) => String(record[field])))].sort();
}

describe('what each token sees', () => {
  const matrix: Array<[TokenName, Array<'A' | 'B'>]> = [
    ['full', ['A', 'B']],
    ['read', ['A', 'B']],
    ['schoolA', ['A']],
    ['readA', ['A']],
    ['schoolB', ['B']],
    ['schoolsAB', ['A', 'B']],
  ];
  for (const [token, letters] of matrix) {
    it(`a ${token} token lists records of ${letters.join(' and ')} only, in every collection`, async () => {
      const expected = letters.map(schoolOf).sort();
      for (const collection of [schools, ...SCOPED]) {
        expect(await schoolsListed(collection, token), `${token} ${collection.name}`).toEqual(expected);
      }
    });
  }
});

describe('a token limited to school A reads nothing of school B', () => {
  it('totals count only school A: actual_total too', async () => {
    const a = expectOk(await t.find(students, { includeTotals: true }, { token: 'schoolA' }));
    expect(a).toMatchObject({ total: 3, actual_total: 3, active: 2, inactive: 1 });
    const all = expectOk(await t.find(students, { includeTotals: true }, { token: 'full' }));
    expect(all).toMatchObject({ total: 6, actual_total: 6 });
    const filtered = expectOk(
      await t.find(students, { includeTotals: true, filter: { active: false } }, { token: 'schoolA' }),
    );
    expect(filtered).toMatchObject({ total: 1, actual_total: 3, active: 0, inactive: 1 });
  });

  it('GET /:id of a school B record is 404 in every collection', async () => {
    const records: Array<[string, string]> = [
      ['schools', B.school],
      ['years', B.year],
      ['courses', B.course],
      ['sections', B.section],
      ['grades', B.grade],
      ['students', B.students[0]],
      ['parents', B.parent],
      ['staff', B.staff],
    ];
    for (const [collection, id] of records) {
      expectError(await t.get(`/api/${collection}/${id}`, { token: 'schoolA' }), 404, 'NOT_FOUND');
      expectOk(await t.get(`/api/${collection}/${id}`, { token: 'schoolB' }));
    }
  });

  it('global_search finds only records of school A', async () => {
    const found = expectOk(await t.find(students, { search: 'jose perez' }, { token: 'schoolA' }));
    expect(ids(found)).toEqual([A.students[0]]);
    expect(expectOk(await t.find(students, { search: 'bolivar.edu.ec' }, { token: 'schoolA' }))).toEqual([]);
  });

  it('a populated reference to a record of school B becomes null', async () => {
    // The API refuses such references; put one behind its back, as old data might hold.
    const student = expectOk(
      await t.post('/api/students', {
        school: A.school,
        user: { name: 'Cruce', surname: 'Escolar' },
        parents: [A.parent],
        years: [{ year: A.year, group: A.grade }],
      }),
      201,
    );
    const cleanUp = () => t.db.collection('students').deleteOne({ _id: new ObjectId(student._id as string) });
    await t.db.collection('students').updateOne(
      { _id: new ObjectId(student._id as string) },
      {
        $set: {
          parents: [new ObjectId(A.parent), new ObjectId(B.parent)],
          'years.0.group': new ObjectId(B.grade),
        },
      },
    );
    try {
      const populated = {
        populate: { parents: 'user.name', 'years.group': 'name' },
        select: ['user.name'],
      } as const;
      const seenByA = expectOk(await t.findById(students, student._id, populated, { token: 'schoolA' }));
      expect(seenByA.parents).toEqual([{ _id: A.parent, user: { name: 'Rosa' } }, null]);
      expect(seenByA.years).toEqual([{ group: null }]);
      const listedByA = expectOk(
        await t.find(students, { filter: { _id: student._id }, ...populated }, { token: 'schoolA' }),
      );
      expect(listedByA[0].parents[1]).toBeNull();
      const seenByAll = expectOk(await t.findById(students, student._id, populated, { token: 'full' }));
      expect(seenByAll.parents[1]).toEqual({ _id: B.parent, user: { name: 'Rosa' } });
      expect(seenByAll.years[0].group).toEqual({ _id: B.grade, name: '8vo' });
    } finally {
      await cleanUp();
    }
  });

  it('a populate chain stops at a record of school B too', async () => {
    const populate = q({ populate: '{"years.group.section.school":"name"}', select: 'user.name' });
    const record = expectOk(await t.get(`/api/students/${A.students[0]}?${populate}`, { token: 'schoolA' }));
    expect(record.years[0].group.section.school).toEqual({ _id: A.school, name: 'Colegio Andino' });
  });
});

describe('query parameters cannot widen the scope', () => {
  const cases: Array<[string, string]> = [
    ['school=<B>', `school=${B.school}`],
    ['school="<B>"', `school="${B.school}"`],
    ['school[$ne]=<A>', `school[$ne]=${A.school}`],
    ['school={"$ne":"<A>"}', q({ school: `{"$ne":"${A.school}"}` })],
    ['school[$nin]=[<A>]', q({ 'school[$nin]': `["${A.school}"]` })],
    ['school[$exists]=false', 'school[$exists]=false'],
    ['_id=<B student>', `_id=${B.students[0]}`],
    ['_id[$in]=[<B students>]', q({ '_id[$in]': JSON.stringify(B.students) })],
    ['parents=<B parent>', `parents=${B.parent}`],
    ['years.year=<B year>', `years.year=${B.year}`],
    ['elemMatch on a B year', q({ elemMatch: `{"property":"years","parameters":{"year":"${B.year}"}}` })],
  ];
  const studentsOfA = async () =>
    expectOk(await t.find(students, { includeTotals: true, perPage: 1 }, { token: 'schoolA' }))
      .total as number;

  for (const [name, query] of cases) {
    it(`${name} returns nothing of school B`, async () => {
      const actualTotal = await studentsOfA();
      const found = expectOk(
        await t.get(`/api/students?${query}&__include_totals=true`, { token: 'schoolA' }),
      );
      expect(found.results).toEqual([]);
      expect(found.total).toBe(0);
      expect(found.actual_total).toBe(actualTotal);
    });
  }

  it('school[$in]=[<A>,<B>] returns school A only', async () => {
    const found = expectOk(
      await t.find(
        students,
        { filter: { school: { $in: [A.school, B.school] } }, select: ['school'] },
        { token: 'schoolA' },
      ),
    ) as Json[];
    expect(found).toHaveLength(await studentsOfA());
    expect(new Set(found.map((record) => record.school))).toEqual(new Set([A.school]));
  });

  it('the schools collection: _id=<B> returns nothing', async () => {
    expect(expectOk(await t.find(schools, { filter: { _id: B.school } }, { token: 'schoolA' }))).toEqual([]);
  });

  it('$or, $where and friends are refused, not interpreted', async () => {
    for (const query of [q({ $or: `[{"school":"${B.school}"}]` }), q({ 'school[$where]': '1' })]) {
      expectError(await t.get(`/api/students?${query}`, { token: 'schoolA' }), 400, 'UNSUPPORTED_OPERATOR');
    }
  });
});

describe('a token limited to school A writes nothing of school B', () => {
  it('POST naming school B is 403 FORBIDDEN, and nothing is created', async () => {
    for (const collection of SCOPED) {
      const body =
        collection === students || collection === parents || collection === staff
          ? { school: B.school, user: { name: 'Intruso', surname: 'Ajeno' } }
          : { school: B.school, name: 'Intruso' };
      const error = expectError(
        await t.post(`/api/${collection.name}`, body, { token: 'schoolA' }),
        403,
        'FORBIDDEN',
      );
      expect(error.param).toBe('school');
    }
    expect(expectOk(await t.find(students, { filter: { 'user.name': 'Intruso' } }))).toEqual([]);
  });

  it('PUT of a record of school B is 404, and the record is unchanged', async () => {
    const before = expectOk(await t.get(`/api/students/${B.students[0]}`));
    expectError(
      await t.put(`/api/students/${B.students[0]}`, { citizenship: 'Cambiada' }, { token: 'schoolA' }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await t.put('/api/students', { _id: B.students[0], citizenship: 'Cambiada' }, { token: 'schoolA' }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await t.put(`/api/schools/${B.school}`, { name: 'Tomada' }, { token: 'schoolA' }),
      404,
      'NOT_FOUND',
    );
    expect(expectOk(await t.get(`/api/students/${B.students[0]}`))).toEqual(before);
  });

  it('PUT moving a record of A to school B is 403, and the record stays in A', async () => {
    const error = expectError(
      await t.put(`/api/grades/${A.otherGrade}`, { school: B.school }, { token: 'schoolA' }),
      403,
      'FORBIDDEN',
    );
    expect(error.param).toBe('school');
    expect(expectOk(await t.get(`/api/grades/${A.otherGrade}`)).school).toBe(A.school);
  });

  it('references to records of school B are refused like references to nothing', async () => {
    const reply = await t.post(
      '/api/students',
      { school: A.school, user: { name: 'Ref', surname: 'Ajena' }, parents: [B.parent] },
      { token: 'schoolA' },
    );
    expect(expectError(reply, 400, 'VALIDATION_FAILED').param).toBe('parents');
  });

  it("can't create schools", async () => {
    expectError(
      await t.post('/api/schools', { name: 'Escuela Propia' }, { token: 'schoolA' }),
      403,
      'FORBIDDEN',
    );
  });

  it('writes records of its own school as usual', async () => {
    const grade = expectOk(
      await t.post('/api/grades', { school: A.school, name: 'Propio' }, { token: 'schoolA' }),
      201,
    );
    const updated = expectOk(await t.put(`/api/grades/${grade._id}`, { code: 'P' }, { token: 'schoolA' }));
    expect(updated).toMatchObject({ school: A.school, name: 'Propio', code: 'P' });
  });
});

describe('which school a POST goes to', () => {
  it('a token limited to exactly one school gets school defaulted to it', async () => {
    const a = expectOk(await t.post('/api/sections', { name: 'Por defecto A' }, { token: 'schoolA' }), 201);
    expect(a.school).toBe(A.school);
    const b = expectOk(
      await t.post('/api/students', { user: { name: 'Defecto', surname: 'Be' } }, { token: 'schoolB' }),
      201,
    );
    expect(b.school).toBe(B.school);
  });

  it('a token of every school must send school', async () => {
    const error = expectError(
      await t.post('/api/sections', { name: 'Sin escuela' }, { token: 'full' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(error.param).toBe('school');
  });

  it('a token of two schools must send school, and may send either', async () => {
    expectError(
      await t.post('/api/sections', { name: 'Dos' }, { token: 'schoolsAB' }),
      400,
      'VALIDATION_FAILED',
    );
    for (const school of [A.school, B.school]) {
      const created = expectOk(
        await t.post('/api/sections', { school, name: 'Dos' }, { token: 'schoolsAB' }),
        201,
      );
      expect(created.school).toBe(school);
    }
  });
});
