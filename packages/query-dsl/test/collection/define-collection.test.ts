import { createQueryDsl, defineCollection, toMongo } from '@school/query-dsl';
import { describe, expect, it } from 'vitest';
import { students } from '../support/school-collections.js';

describe('defineCollection reads the JSON Schema once', () => {
  it('lists every path with its type, references and arrays', () => {
    expect(students.fields.get('years.year')).toMatchObject({
      type: 'objectId',
      ref: 'years',
      arrayAncestor: 'years',
      isArray: false,
    });
    expect(students.fields.get('parents')).toMatchObject({ type: 'objectId', ref: 'parents', isArray: true });
    expect(students.fields.get('years')).toMatchObject({ type: 'object', isArray: true });
    expect(students.fields.get('created_at')).toMatchObject({ type: 'date' });
    expect(students.fields.get('user.id_card')).toMatchObject({ type: 'string' });
    expect(students.fields.get('_search')).toMatchObject({ hidden: true });
    expect(students.hiddenPaths).toEqual(['_search', '_sync', '_rev']);
  });

  it('reads nullable fields written with anyOf', () => {
    const c = defineCollection('c', {
      schema: {
        type: 'object',
        properties: {
          n: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
          m: { type: ['number', 'null'] },
        },
      },
    });
    expect(c.fields.get('n')?.type).toBe('integer');
    expect(c.fields.get('m')?.type).toBe('number');
  });

  it('takes references and hidden fields as options too', () => {
    const c = defineCollection('c', {
      schema: {
        type: 'object',
        properties: {
          owner: { type: 'string' },
          meta: { type: 'object', properties: { a: { type: 'string' }, secret: { type: 'string' } } },
        },
      },
      references: { owner: 'c' },
      hidden: ['meta.secret'],
    });
    expect(c.fields.get('owner')).toMatchObject({ type: 'objectId', ref: 'c' });
    const dsl = createQueryDsl({ collections: [c] });
    const selected = dsl.parse('c', 'select=meta');
    // MongoDB can't include `meta` and exclude `meta.secret`: the inclusion is expanded instead.
    expect(selected.ok && toMongo(selected.plan).read).toMatchObject({
      options: { projection: { 'meta.a': 1 } },
    });
    const all = dsl.parse('c', '');
    expect(all.ok && toMongo(all.plan).read).toMatchObject({ options: { projection: { 'meta.secret': 0 } } });
  });

  it.each<[string, () => unknown, RegExp]>([
    [
      'a schema that is not an object',
      () => defineCollection('x', { schema: { type: 'string' } }),
      /object schema/,
    ],
    [
      'a reference option on a missing path',
      () => defineCollection('x', { schema: { type: 'object', properties: {} }, references: { nope: 'x' } }),
      /"nope" is not a field/,
    ],
    [
      'a search field that does not exist',
      () =>
        defineCollection('x', {
          schema: { type: 'object', properties: {} },
          search: { fields: { name: 'text' } },
        }),
      /search field "name"/,
    ],
    [
      'a default page size above the maximum',
      () =>
        defineCollection('x', {
          schema: { type: 'object', properties: {} },
          pagination: { defaultPerPage: 50, maxPerPage: 10 },
        }),
      /defaultPerPage/,
    ],
    [
      'a reference to an unknown collection',
      () =>
        createQueryDsl({
          collections: [
            defineCollection('x', {
              schema: { type: 'object', properties: { r: { type: 'string', 'x-ref': 'nope' } } },
            }),
          ],
        }),
      /unknown collection "nope"/,
    ],
    [
      'an invalid default populate',
      () =>
        createQueryDsl({
          collections: [
            defineCollection('x', {
              schema: { type: 'object', properties: { a: { type: 'string' } } },
              defaultPopulate: { a: '' },
            }),
          ],
        }),
      /invalid defaultPopulate/,
    ],
  ])('throws a TypeError for %s (a programmer error)', (_name, define, message) => {
    expect(define).toThrow(TypeError);
    expect(define).toThrow(message);
  });

  it('uses per-collection page sizes', () => {
    const c = defineCollection('c', {
      schema: { type: 'object', properties: {} },
      pagination: { defaultPerPage: 5, maxPerPage: 10 },
    });
    const dsl = createQueryDsl({ collections: [c] });
    const result = dsl.parse('c', '');
    expect(result.ok && result.plan.page).toEqual({ page: 1, perPage: 5, skip: 0 });
    expect(dsl.parse('c', '__per_page=11')).toMatchObject({
      ok: false,
      issues: [{ code: 'INVALID_PAGINATION' }],
    });
  });
});
