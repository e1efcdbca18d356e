/**
 * One record at a time: GET /api/<collection>/:id, POST, PUT /:id and PUT with `_id` in the body
 * (docs/http-api.md), as a client sees them. Queries are written with the query builder
 * (`t.find`, `t.findById`).
 */
import { describe, expect, it } from 'vitest';
import { grades } from '../../src/collections/grades.js';
import { students } from '../../src/collections/students.js';
import {
  build,
  expectError,
  expectErrors,
  expectOk,
  type Json,
  pageOf,
  type SpecOf,
} from '../support/helper.js';

const t = await build();
const { A, B } = await t.seed();

const HEX = /^[0-9a-f]{24}$/;
const HIDDEN = ['_search', '_sync', '_rev'];
const get = async (path: string): Promise<Json> => expectOk(await t.get(path));
const names = async (spec: SpecOf<typeof students>) =>
  pageOf(students, await t.find(students, { ...spec, select: ['user.name', 'school'] })).map(
    (record) => `${record.user?.name} ${record.school === A.school ? 'A' : 'B'}`,
  );

/** A fresh student in school A, for tests that change it. */
async function newStudent(user: object, extra: object = {}): Promise<Json> {
  return t.create('students', {
    school: A.school,
    user,
    parents: [A.parent],
    years: [{ year: A.year, enrolled: true, registered: true, group: A.grade }],
    addresses: [
      { name: 'Casa', city: 'Quito' },
      { name: 'Trabajo', city: 'Quito' },
    ],
    citizenship: 'Ecuatoriana',
    ...extra,
  });
}

describe('GET /api/<collection>/:id', () => {
  it('returns the record in the envelope, without hidden fields', async () => {
    const record = await get(`/api/students/${A.students[0]}`);
    expect(record._id).toBe(A.students[0]);
    expect(record.user).toMatchObject({ name: 'José', surname: 'Pérez', id_card: '1712345671' });
    expect(record.school).toBe(A.school);
    for (const hidden of HIDDEN) expect(record).not.toHaveProperty(hidden);
  });

  it('applies select and populate', async () => {
    const reply = await t.findById(students, A.students[1], {
      select: ['user.name'],
      populate: { school: 'name', 'years.group': ['name', 'code'] },
    });
    expect(expectOk(reply)).toEqual({
      _id: A.students[1],
      user: { name: 'Ana' },
      school: { _id: A.school, name: 'Colegio Andino' },
      years: [{ group: { _id: A.grade, name: '8vo', code: '8' } }],
    });
  });

  it('serves every collection', async () => {
    const cases: Array<[string, string, Record<string, unknown>]> = [
      ['schools', A.school, { name: 'Colegio Andino' }],
      ['years', A.year, { name: '2025-2026', passing_score: 7 }],
      ['courses', A.course, { name: 'Matemáticas', reference_name: 'EGB Superior' }],
      ['sections', A.section, { name: 'A' }],
      ['grades', A.grade, { name: '8vo', section: A.section }],
      ['parents', A.parent, { user: expect.objectContaining({ name: 'Rosa' }) }],
      ['staff', A.staff, { role: 'teacher' }],
    ];
    for (const [collection, id, fields] of cases) {
      const record = await get(`/api/${collection}/${id}`);
      expect(record, collection).toMatchObject({ _id: id, active: true, ...fields });
      for (const hidden of HIDDEN) expect(record, collection).not.toHaveProperty(hidden);
    }
  });

  it('answers 404 NOT_FOUND for an unknown id', async () => {
    const error = expectError(await t.get('/api/students/0123456789abcdef01234567'), 404, 'NOT_FOUND');
    expect(error.param).toBe('id');
  });

  it('answers 404 NOT_FOUND for a malformed id', async () => {
    expectError(await t.get('/api/students/not-an-id'), 404, 'NOT_FOUND');
    expectError(await t.get('/api/students/0123456789abcdef0123456'), 404, 'NOT_FOUND');
    expectError(await t.get('/api/students/0123456789abcdef0123456z'), 404, 'NOT_FOUND');
  });

  it('answers 404 NOT_FOUND for a record of a school outside the token', async () => {
    expectError(await t.get(`/api/students/${B.students[0]}`, { token: 'schoolA' }), 404, 'NOT_FOUND');
    expectError(await t.get(`/api/schools/${B.school}`, { token: 'schoolA' }), 404, 'NOT_FOUND');
  });

  it('answers 404 for an id of another collection', async () => {
    expectError(await t.get(`/api/parents/${A.students[0]}`), 404, 'NOT_FOUND');
  });

  it('selecting only _id returns only _id, never the hidden fields', async () => {
    expect(expectOk(await t.findById(students, A.students[0], { select: ['_id'] }))).toEqual({
      _id: A.students[0],
    });
  });
});

describe('POST /api/<collection>', () => {
  it('answers 201 with the created record, as GET /:id then shows it', async () => {
    const reply = await t.post('/api/students', {
      school: A.school,
      user: {
        name: 'María',
        second_name: 'Paz',
        surname: 'Andrade',
        email: 'maria.andrade@andino.edu.ec',
        id_card: '0102030405',
      },
      parents: [A.parent],
      years: [{ year: A.year, enrolled: true, registered: true, group: A.otherGrade }],
      emergency: { contacts: [{ name: 'Tía', phones: { mobile: '0987654321' } }] },
    });
    const created = expectOk(reply, 201);
    expect(created._id).toMatch(HEX);
    expect(created).toMatchObject({
      school: A.school,
      user: { name: 'María', surname: 'Andrade', id_card: '0102030405' },
      parents: [A.parent],
      years: [{ year: A.year, enrolled: true, registered: true, group: A.otherGrade }],
      active: true,
    });
    for (const hidden of HIDDEN) expect(created).not.toHaveProperty(hidden);
    expect(await get(`/api/students/${created._id}`)).toEqual(created);
  });

  it('generates user._id, distinct for every record', async () => {
    const first = await newStudent({ name: 'Uno', surname: 'Primero' });
    const second = await newStudent({ name: 'Dos', surname: 'Segundo' });
    expect(first.user._id).toMatch(HEX);
    expect(second.user._id).toMatch(HEX);
    expect(new Set([first._id, first.user._id, second._id, second.user._id]).size).toBe(4);
  });

  it('sets created_at and updated_at to the same current instant', async () => {
    const before = Date.now();
    const created = await newStudent({ name: 'Tiempo', surname: 'Actual' });
    expect(created.created_at).toBe(created.updated_at);
    expect(new Date(created.created_at).toISOString()).toBe(created.created_at);
    expect(Date.parse(created.created_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(created.created_at)).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('maintains relational_data: names, e-mail, identification number and course', async () => {
    const created = await newStudent({
      name: 'Sofía',
      surname: 'Benítez',
      email: 'sofia.benitez@andino.edu.ec',
      id_card: '0911112222',
    });
    expect(created.relational_data.email).toBe('sofia.benitez@andino.edu.ec');
    for (const part of ['Sofía', 'Benítez', 'sofia.benitez@andino.edu.ec', '0911112222', '8vo']) {
      expect(created.relational_data.all).toContain(part);
    }
    expect(await names({ search: 'sofia benitez 8vo' })).toEqual(['Sofía A']);
  });

  it('keeps the optional fields out when they are not sent, and active defaults to true', async () => {
    const created = await t.create('grades', { school: A.school, name: '10mo' });
    expect(Object.keys(created).sort()).toEqual([
      '_id',
      'active',
      'created_at',
      'name',
      'school',
      'updated_at',
    ]);
    expect(created.active).toBe(true);
    const inactive = await t.create('grades', { school: A.school, name: '11vo', active: false });
    expect(inactive.active).toBe(false);
  });

  it('creates years and courses with the fields of docs/http-api.md', async () => {
    const year = await t.create('years', {
      school: A.school,
      country: 'EC',
      passing_score: 7,
      base_score: 10,
      score_decimals: 2,
      weight_score: 1.5,
      round: true,
      calculate_by_equivalences: false,
      new_promotion_logic: true,
      enable_custom_year: false,
    });
    expect(year).toMatchObject({ country: 'EC', weight_score: 1.5, score_decimals: 2, round: true });
    const course = await t.create('courses', {
      school: A.school,
      name: 'Física',
      reference_name: 'Bachillerato',
      code: 'FIS',
      weight_in_subject: 0.5,
    });
    expect(course).toMatchObject({ name: 'Física', reference_name: 'Bachillerato', weight_in_subject: 0.5 });
  });

  it('creates schools, which belong to no school', async () => {
    const school = await t.create('schools', { name: 'Escuela Nueva', country: 'PE' });
    expect(school).not.toHaveProperty('school');
    expect(school.name).toBe('Escuela Nueva');
  });

  it('refuses references to records of another school or to nothing', async () => {
    const errors = expectErrors(
      await t.post('/api/students', {
        school: A.school,
        user: { name: 'Ref', surname: 'Mala' },
        parents: [B.parent],
        years: [{ year: A.year, group: '0123456789abcdef01234567' }],
      }),
      400,
    );
    expect(errors.map((error) => [error.code, error.param])).toEqual([
      ['VALIDATION_FAILED', 'parents'],
      ['VALIDATION_FAILED', 'years.group'],
    ]);
    expectError(
      await t.post('/api/grades', { school: '0123456789abcdef01234567', name: 'x' }),
      400,
      'VALIDATION_FAILED',
    );
  });
});

describe('PUT /api/<collection>/:id', () => {
  it('sets the fields of the body and leaves the others as they are', async () => {
    const student = await newStudent({ name: 'Pedro', surname: 'Salas', id_card: '0933333333' });
    const updated = expectOk(await t.put(`/api/students/${student._id}`, { citizenship: 'Peruana' }));
    expect(updated).toEqual({ ...student, citizenship: 'Peruana', updated_at: updated.updated_at });
  });

  it('merges nested objects field by field: {"user":{"email":"x"}} changes only user.email', async () => {
    const student = await newStudent({
      name: 'Lucía',
      second_name: 'Inés',
      surname: 'Mora',
      email: 'lucia@old.ec',
      id_card: '0944444444',
    });
    const updated = expectOk(
      await t.put(`/api/students/${student._id}`, { user: { email: 'lucia@new.ec' } }),
    );
    expect(updated.user).toEqual({ ...student.user, email: 'lucia@new.ec' });
    expect(updated.relational_data.email).toBe('lucia@new.ec');
    expect(updated.relational_data.all).toContain('lucia@new.ec');
    expect(updated.relational_data.all).not.toContain('lucia@old.ec');
  });

  it('replaces arrays whole', async () => {
    const student = await newStudent({ name: 'Array', surname: 'Entero' });
    expect(student.addresses).toHaveLength(2);
    const updated = expectOk(await t.put(`/api/students/${student._id}`, { addresses: [{ city: 'Loja' }] }));
    expect(updated.addresses).toEqual([{ city: 'Loja' }]);
  });

  it('clears an optional field with null, at the top level and inside an object', async () => {
    const student = await newStudent({ name: 'Nulo', second_name: 'Segundo', surname: 'Claro' });
    const updated = expectOk(
      await t.put(`/api/students/${student._id}`, { citizenship: null, user: { second_name: null } }),
    );
    expect(updated).not.toHaveProperty('citizenship');
    expect(updated.user).not.toHaveProperty('second_name');
    expect(updated.user.name).toBe('Nulo');
    expect(updated.relational_data.all).not.toContain('Segundo');
  });

  it('refuses null on a required field', async () => {
    const error = expectError(
      await t.put(`/api/students/${A.students[0]}`, { user: { name: null } }),
      400,
      'VALIDATION_FAILED',
    );
    expect(error.param).toBe('user.name');
  });

  it('refuses every read-only field and changes nothing', async () => {
    const before = await get(`/api/students/${A.students[1]}`);
    const errors = expectErrors(
      await t.put(`/api/students/${A.students[1]}`, {
        _id: '0123456789abcdef01234567',
        user: { _id: '0123456789abcdef01234567', name: 'Cambiada' },
        relational_data: { all: 'x' },
        created_at: '2020-01-01T00:00:00.000Z',
        updated_at: '2020-01-01T00:00:00.000Z',
      }),
      400,
    );
    expect(errors.map((error) => error.param).sort()).toEqual([
      '_id',
      'created_at',
      'relational_data',
      'updated_at',
      'user._id',
    ]);
    for (const error of errors) {
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.message).toMatch(/read-only/);
    }
    expect(await get(`/api/students/${A.students[1]}`)).toEqual(before);
  });

  it('moves updated_at forward and keeps created_at', async () => {
    const student = await newStudent({ name: 'Reloj', surname: 'Avance' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const updated = expectOk(await t.put(`/api/students/${student._id}`, { citizenship: 'Chilena' }));
    expect(updated.created_at).toBe(student.created_at);
    expect(Date.parse(updated.updated_at)).toBeGreaterThan(Date.parse(student.updated_at));
  });

  it('refreshes relational_data and the search when names change', async () => {
    const student = await newStudent({ name: 'Ramiro', surname: 'Quintero', id_card: '0955555555' });
    expect(await names({ search: 'ramiro quintero' })).toEqual(['Ramiro A']);
    const updated = expectOk(await t.put(`/api/students/${student._id}`, { user: { name: 'Rodrigo' } }));
    expect(updated.relational_data.all).toContain('Rodrigo Quintero');
    expect(updated.relational_data.all).not.toContain('Ramiro');
    expect(await names({ search: 'ramiro quintero' })).toEqual([]);
    expect(await names({ search: 'rodrigo quintero' })).toEqual(['Rodrigo A']);
  });

  it("a grade renamed: once the refresh ran, its students' global_search finds the new name", async () => {
    const grade = await t.create('grades', { school: B.school, name: '7mo', section: B.section });
    const student = await t.create('students', {
      school: B.school,
      user: { name: 'Tomás', surname: 'Grado' },
      years: [{ year: B.year, enrolled: true, group: grade._id }],
    });
    expect(await names({ search: 'tomas 7mo' })).toEqual(['Tomás B']);
    expectOk(await t.put(`/api/grades/${grade._id}`, { name: 'Séptimo' }));
    // The students' text is rewritten in the background (storage/rename-refresh.test.ts): run it now.
    expect(await t.refreshDependents()).toBe(1);
    expect(await names({ search: 'tomas septimo' })).toEqual(['Tomás B']);
    expect(await names({ search: 'tomas 7mo' })).toEqual([]);
    expect((await get(`/api/students/${student._id}`)).relational_data.all).toContain('Séptimo');
  });

  it('a section renamed: once the refresh ran, the students of its grades find the new name', async () => {
    const section = await t.create('sections', { school: B.school, name: 'Roble' });
    const grade = await t.create('grades', { school: B.school, name: '6to', section: section._id });
    await t.create('students', {
      school: B.school,
      user: { name: 'Valeria', surname: 'Sección' },
      years: [{ year: B.year, group: grade._id }],
    });
    expect(await names({ search: 'valeria roble' })).toEqual(['Valeria B']);
    expectOk(await t.put(`/api/sections/${section._id}`, { name: 'Ceibo' }));
    expect(await t.refreshDependents()).toBe(1);
    expect(await names({ search: 'valeria ceibo' })).toEqual(['Valeria B']);
    expect(await names({ search: 'valeria roble' })).toEqual([]);
  });

  it('refuses a unique identification number taken in the same school with 409 CONFLICT', async () => {
    const student = await newStudent({ name: 'Único', surname: 'Cédula', id_card: '0966666666' });
    const error = expectError(
      await t.put(`/api/students/${student._id}`, { user: { id_card: '1712345671' } }),
      409,
      'CONFLICT',
    );
    expect(error.param).toBe('user.id_card');
    expect((await get(`/api/students/${student._id}`)).user.id_card).toBe('0966666666');
  });

  it('concurrent updates of one record all land, and its search text matches the final record', async () => {
    const student = await newStudent({ name: 'Carrera', surname: 'Simultánea', id_card: '0977777777' });
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        t.put(
          `/api/students/${student._id}`,
          index % 2 === 0 ? { user: { name: `Nombre${index}` } } : { user: { surname: `Apellido${index}` } },
        ),
      ),
    );
    for (const reply of replies) expectOk(reply);
    const final = await get(`/api/students/${student._id}`);
    expect(final.user.name).toMatch(/^Nombre\d$/);
    expect(final.user.surname).toMatch(/^Apellido\d$/);
    expect(final.relational_data.all).toContain(`${final.user.name} ${final.user.surname}`);
    expect(
      await names({ search: `${final.user.name.toLowerCase()} ${final.user.surname.toLowerCase()}` }),
    ).toEqual([`${final.user.name} A`]);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expectError(
      await t.put('/api/students/0123456789abcdef01234567', { citizenship: 'x' }),
      404,
      'NOT_FOUND',
    );
    expectError(await t.put('/api/students/nope', { citizenship: 'x' }), 404, 'NOT_FOUND');
  });

  // Regression (was a bug): `{"active": null}` unsets `active`: the record then has no `active`, `active=true` no longer finds
  // it, yet __include_totals still counts it in `active` (every record has `active`: docs/http-api.md).
  it('null on active does not leave a record without active', async () => {
    const grade = await t.create('grades', { school: A.school, name: 'Activo' });
    const reply = await t.put(`/api/grades/${grade._id}`, { active: null });
    if (reply.status === 200) expect(reply.body.response.active).toBe(true);
    else expectError(reply, 400, 'VALIDATION_FAILED');
    const found = expectOk(await t.find(grades, { filter: { active: true, _id: grade._id } }));
    expect(found).toHaveLength(1);
  });

  it('refuses school: null (a record always belongs to a school)', async () => {
    const grade = await t.create('grades', { school: A.school, name: 'Sin escuela' });
    const error = expectError(
      await t.put(`/api/grades/${grade._id}`, { school: null }),
      400,
      'VALIDATION_FAILED',
    );
    expect(error.param).toBe('school');
    expect((await get(`/api/grades/${grade._id}`)).school).toBe(A.school);
  });

  // Regression (was a bug): moving a record to another school (`{"school": B}`) does not check its references again: the
  // student keeps parents, years and groups of school A, which POST would refuse ("not a record of
  // parents in this school"); populated by a token of school B they come back null.
  it('moving a record to another school checks its references in the new school', async () => {
    const student = await newStudent({ name: 'Mudanza', surname: 'Escolar' });
    const errors = expectErrors(await t.put(`/api/students/${student._id}`, { school: B.school }), 400);
    expect(errors.map((error) => error.param).sort()).toEqual(['parents', 'years.group', 'years.year']);
  });

  it('moving a record together with references of the new school is accepted', async () => {
    const student = await newStudent({ name: 'Traslado', surname: 'Completo' });
    const moved = expectOk(
      await t.put(`/api/students/${student._id}`, {
        school: B.school,
        parents: [B.parent],
        years: [{ year: B.year, enrolled: true, group: B.grade }],
      }),
    );
    expect(moved).toMatchObject({ school: B.school, parents: [B.parent], years: [{ group: B.grade }] });
  });
});

describe('PUT /api/<collection> with _id in the body', () => {
  it('updates the record the body names', async () => {
    const year = await t.create('years', { school: A.school, name: '2026-2027', base_score: 10 });
    const updated = expectOk(await t.put('/api/years', { _id: year._id, base_score: 20, round: false }));
    expect(updated).toMatchObject({ _id: year._id, name: '2026-2027', base_score: 20, round: false });
    expect((await get(`/api/years/${year._id}`)).base_score).toBe(20);
  });

  it('works for courses as docs/http-api.md shows', async () => {
    const course = await t.create('courses', { school: A.school, name: 'Química' });
    const updated = expectOk(
      await t.put('/api/courses', { _id: course._id, code: 'QUI', weight_in_subject: 2 }),
    );
    expect(updated).toMatchObject({ name: 'Química', code: 'QUI', weight_in_subject: 2 });
  });

  it('needs a well-formed _id', async () => {
    expect(expectError(await t.put('/api/courses', { code: 'X' }), 400, 'VALIDATION_FAILED').param).toBe(
      '_id',
    );
    expect(expectError(await t.put('/api/courses', { _id: 'xyz' }), 400, 'VALIDATION_FAILED').param).toBe(
      '_id',
    );
  });

  it('answers 404 for an unknown _id, and for another school’s record', async () => {
    expectError(await t.put('/api/courses', { _id: '0123456789abcdef01234567' }), 404, 'NOT_FOUND');
    expectError(
      await t.put('/api/courses', { _id: B.course, code: 'X' }, { token: 'schoolA' }),
      404,
      'NOT_FOUND',
    );
  });

  it('merges and validates like PUT /:id', async () => {
    const updated = expectOk(
      await t.put('/api/parents', { _id: A.parent, user: { second_surname: 'Mora' } }),
    );
    expect(updated.user).toMatchObject({ name: 'Rosa', surname: 'Pérez', second_surname: 'Mora' });
    const errors = expectErrors(
      await t.put('/api/parents', { _id: A.parent, user: { nmae: 'x' }, foo: 1 }),
      400,
    );
    expect(errors.map((error) => error.param).sort()).toEqual(['foo', 'user.nmae']);
  });
});

describe('filters and search see the writes at once', () => {
  it('a created record is listed by a filter and found by global_search straight away', async () => {
    await newStudent({ name: 'Inmediato', surname: 'Visible', email: 'inmediato@andino.edu.ec' });
    expect(await names({ filter: { 'user.surname': 'Visible' } })).toEqual(['Inmediato A']);
    expect(await names({ search: 'inmediato@andino.edu.ec' })).toEqual(['Inmediato A']);
  });
});
