/**
 * An update never leaves a record that create would refuse: `null` clears an optional field only.
 * A field create requires (a school's `name`, a student's `user` or `user.name`), and the school of
 * a record, can be changed but not cleared: such a PUT is 400 naming the field, the record is kept,
 * and the update schemas in the OpenAPI document say so. An array is replaced whole, so its new
 * elements are checked as on create.
 */

import { ObjectId } from 'bson';
import type { Document } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { build, expectError, expectOk, type Json } from '../support/helper.js';

const t = await build();
const { A } = await t.seed();
const document = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as Json;

const stored = (collection: string, id: string): Promise<Document | null> =>
  t.db.collection(collection).findOne({ _id: ObjectId.createFromHexString(id) });

describe('a field every record has cannot be cleared', () => {
  const cases: Array<[string, () => string, Json, string]> = [
    ['schools', () => A.school, { name: null }, 'name'],
    ['courses', () => A.course, { name: null }, 'name'],
    ['sections', () => A.section, { name: null }, 'name'],
    ['grades', () => A.grade, { name: null }, 'name'],
    ['grades', () => A.grade, { school: null }, 'school'],
    ['students', () => A.students[0], { user: null }, 'user'],
    ['students', () => A.students[0], { user: { surname: null } }, 'user.surname'],
    ['parents', () => A.parent, { user: null }, 'user'],
    ['staff', () => A.staff, { user: { name: null } }, 'user.name'],
    ['years', () => A.year, { active: null }, 'active'],
  ];
  for (const [collection, id, body, field] of cases) {
    it(`PUT /api/${collection}/<id> ${JSON.stringify(body)} is 400 naming ${field}, and the record keeps it`, async () => {
      const before = await stored(collection, id());
      const error = expectError(await t.put(`/api/${collection}/${id()}`, body), 400, 'VALIDATION_FAILED');
      expect(error.param).toBe(field);
      expect(error.message).toMatch(/can't be cleared/u);
      expect(await stored(collection, id())).toEqual(before);
    });
  }

  it('PUT by body id refuses it too', async () => {
    const error = expectError(
      await t.put('/api/courses', { _id: A.course, name: null }),
      400,
      'VALIDATION_FAILED',
    );
    expect(error.param).toBe('name');
  });

  it('an optional field is cleared by null', async () => {
    const record = expectOk(await t.put(`/api/courses/${A.course}`, { code: null }));
    expect(record).not.toHaveProperty('code');
    expect(await stored('courses', A.course)).not.toHaveProperty('code');
    expect((await stored('courses', A.course))?.name).toBe('Matemáticas');
  });

  it('new array elements are checked as on create: a year enrolment without its year is refused', async () => {
    const before = await stored('students', A.students[1]);
    const error = expectError(
      await t.put(`/api/students/${A.students[1]}`, { years: [{ enrolled: true }] }),
      400,
      'VALIDATION_FAILED',
    );
    expect(error.param).toBe('years.0.year');
    expect(await stored('students', A.students[1])).toEqual(before);
  });
});

describe('the update schemas say what can be cleared', () => {
  const schemas = document.components.schemas;
  const nullable = (schema: Json) =>
    Array.isArray(schema.anyOf) && schema.anyOf.some((branch: Json) => branch.type === 'null');

  it('a field create requires is not nullable, an optional one is', () => {
    expect(nullable(schemas.SchoolUpdate.properties.name)).toBe(false);
    expect(schemas.SchoolUpdate.properties.name.description).toMatch(/can be changed, not cleared/u);
    expect(nullable(schemas.SchoolUpdate.properties.code)).toBe(true);
    expect(nullable(schemas.GradeUpdate.properties.school)).toBe(false);
    expect(nullable(schemas.StudentUpdate.properties.user)).toBe(false);
    expect(nullable(schemas.StudentUpdate.properties.user.properties.name)).toBe(false);
    expect(nullable(schemas.StudentUpdate.properties.user.properties.email)).toBe(true);
    expect(nullable(schemas.StudentUpdate.properties.citizenship)).toBe(true);
    expect(schemas.StudentUpdate.properties.years.anyOf[0].items.required).toEqual(['year']);
  });
});

describe("a year's school on create", () => {
  it('the create schema says when school is required', () => {
    expect(document.components.schemas.YearCreate.properties.school.description).toMatch(
      /Required unless your token is limited to exactly one school/u,
    );
  });

  it('is required from a token of every school (400 naming school)', async () => {
    const error = expectError(await t.post('/api/years', { name: '2030' }), 400, 'VALIDATION_FAILED');
    expect(error.param).toBe('school');
  });

  it("is the token's school for a token of exactly one school", async () => {
    const year = expectOk(await t.post('/api/years', { name: '2031' }, { token: 'schoolA' }), 201);
    expect(year.school).toBe(A.school);
  });
});
