/**
 * Each operation takes exactly the query parameters its OpenAPI operation declares, derived from
 * the same collection definitions the query reader uses, and refuses the rest (400 UNKNOWN_FIELD,
 * the key as sent in `param`) instead of ignoring or applying it: a record read by id takes
 * `select` and `populate` only; the token list, `/health`, creates, updates and retries take none;
 * bracket keys are declared (and accepted) only where the document says `deepObject`.
 */
import { describe, expect, it } from 'vitest';
import { build, expectError, expectOk, type Json, labeller, q } from '../support/helper.js';

const t = await build();
const seed = await t.seed();
const { A } = seed;
const label = labeller(seed);
const document = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as Json;

const queryNames = (path: string, method: string): string[] =>
  (document.paths[path][method].parameters as Json[])
    .filter((parameter) => parameter.in === 'query')
    .map((parameter) => parameter.name);

describe('a record read by id takes select and populate only', () => {
  it('declares select and populate, and nothing else', () => {
    expect(queryNames('/api/students/{id}', 'get')).toEqual(['select', 'populate']);
  });

  for (const query of ['user.name=Nobody', 'global_search=nobody', '__page=2', 'include_totals=true']) {
    it(`GET /api/students/<id>?${query} is 400 UNKNOWN_FIELD, not applied`, async () => {
      const error = expectError(await t.get(`/api/students/${A.students[0]}?${query}`), 400, 'UNKNOWN_FIELD');
      expect(error.param).toBe(query.split('=')[0]);
    });
  }

  it('a misspelt field is undeclared there, with no suggestion of a filter it does not take', async () => {
    const error = expectError(
      await t.get(`/api/students/${A.students[0]}?user.nam=Ana`),
      400,
      'UNKNOWN_FIELD',
    );
    expect(error.param).toBe('user.nam');
    expect(error.message).not.toContain('user.name');
  });

  it('select and populate still apply', async () => {
    const record = expectOk(
      await t.get(
        `/api/students/${A.students[0]}?${q({ select: 'user.name', populate: '{"school":"name"}' })}`,
      ),
    );
    expect(record).toEqual({
      _id: A.students[0],
      user: { name: 'José' },
      school: { _id: A.school, name: 'Colegio Andino' },
    });
  });
});

describe('operations without query parameters refuse any', () => {
  const cases: Array<[string, string, unknown]> = [
    ['GET', '/api/tokens?foo=1', undefined],
    ['GET', '/health?verbose=true', undefined],
    ['POST', '/api/sections?dry_run=true', { school: A.school, name: 'Z' }],
    ['PUT', `/api/sections/${A.section}?upsert=true`, { code: 'A1' }],
    ['POST', `/api/integration/sync/students/${A.students[0]}/retry?now=1`, undefined],
  ];
  for (const [method, url, body] of cases) {
    it(`${method} ${url.replace(/[0-9a-f]{24}/gu, '<id>')} is 400 UNKNOWN_FIELD, and nothing is done`, async () => {
      const before = await t.db.collection('sections').countDocuments();
      const reply = await t.request(method as 'GET', url, {
        token: 'admin',
        ...(body === undefined ? {} : { body }),
        ...(url.startsWith('/health') ? { type: null, token: null } : {}),
      });
      const error = expectError(reply, 400, 'UNKNOWN_FIELD');
      expect(error.param).toBe(url.split('?')[1]!.split('=')[0]);
      expect(await t.db.collection('sections').countDocuments()).toBe(before);
    });
  }
});

describe('the refusal names at most 20 keys', () => {
  it('30 undeclared keys: 20 named, one entry counting the other 10', async () => {
    const query = Array.from({ length: 30 }, (_, index) => `k${index}=1`).join('&');
    const errors = (await t.get(`/api/tokens?${query}`, { token: 'admin' })).body.errors;
    expect(errors).toHaveLength(21);
    expect(errors.slice(0, 20).map((entry) => entry.param)).toEqual(
      Array.from({ length: 20 }, (_, index) => `k${index}`),
    );
    expect(errors[20]).toEqual({
      code: 'UNKNOWN_FIELD',
      param: 'query',
      message: '10 more query keys are not parameters of GET /api/tokens.',
    });
  });
});

describe('bracket keys', () => {
  it('the bracket operators and __sort[field] are declared deepObject and read as meant', async () => {
    const parameters = document.paths['/api/students'].get.parameters as Json[];
    const byName = new Map(parameters.map((parameter) => [parameter.name, parameter]));
    expect(byName.get('created_at')).toMatchObject({ style: 'deepObject', explode: true });
    expect(byName.get('__sort')).toMatchObject({ style: 'deepObject', explode: true });
    const reply = await t.get(
      `/api/students?${q({ 'user.surname[$in]': '["Pérez","Núñez"]', 'created_at[$gte]': '2000-01-01', '__sort[user.surname]': 'desc' })}`,
      { token: 'schoolA' },
    );
    expect(label(expectOk(reply))).toEqual(['José A', 'Ana A']);
  });

  for (const key of ['user[name]', 'user.name[$in][]', 'select[user.name]']) {
    it(`${key}, which the query reader would take, is not declared: 400 UNKNOWN_FIELD naming it`, async () => {
      const error = expectError(await t.get(`/api/students?${q({ [key]: '1' })}`), 400, 'UNKNOWN_FIELD');
      expect(error.param).toBe(key);
    });
  }

  for (const [key, code] of [
    ['populate[school]', 'INVALID_POPULATE'],
    ['__sort[user][name]', 'INVALID_SORT'],
  ]) {
    it(`${key}, which the query reader refuses itself, answers its own error (${code})`, async () => {
      expectError(await t.get(`/api/students?${q({ [key!]: '1' })}`), 400, code!);
    });
  }

  it('an unknown field still hears which one was meant (the query reader speaks first)', async () => {
    const error = expectError(await t.get('/api/students?user.nmae=Ana'), 400, 'UNKNOWN_FIELD');
    expect(error.message).toContain('user.name');
  });
});

describe('reserved parameters where the collection has them', () => {
  it('global_search is declared only where a collection has search, and refused elsewhere', async () => {
    for (const collection of ['students', 'parents', 'staff'])
      expect(queryNames(`/api/${collection}`, 'get')).toContain('global_search');
    for (const collection of ['schools', 'years', 'courses', 'sections', 'grades'])
      expect(queryNames(`/api/${collection}`, 'get')).not.toContain('global_search');
    expect(queryNames('/api/integration/deliveries', 'get')).not.toContain('global_search');
    expectError(await t.get('/api/grades?global_search=8vo'), 400, 'UNKNOWN_FIELD');
  });

  it('__page declares the maximum the query reader takes, whatever __per_page says', async () => {
    const page = (document.paths['/api/students'].get.parameters as Json[]).find(
      (parameter) => parameter.name === '__page',
    );
    expect(page.schema).toEqual({ type: 'integer', minimum: 1, maximum: 90071992547409 });
    expectOk(await t.get('/api/students?__page=90071992547409&__per_page=100'));
    expectError(await t.get('/api/students?__page=90071992547410&__per_page=1'), 400, 'INVALID_PAGINATION');
  });
});

describe('resync: one operation per synced collection, each with its own filters', () => {
  it('declares exactly the fields of its collection', () => {
    expect(document.paths['/api/integration/sync/{collection}/resync']).toBeUndefined();
    const grades = queryNames('/api/integration/sync/grades/resync', 'post');
    expect(grades).toContain('section');
    expect(grades).not.toContain('user.name');
    expect(queryNames('/api/integration/sync/students/resync', 'post')).toContain('user.name');
  });

  for (const query of [
    'global_search=jose',
    'elemMatch={"property":"years","parameters":{"enrolled":true}}',
    '__page=1',
  ]) {
    it(`resync refuses ${query.split('=')[0]}, which it does not declare`, async () => {
      const error = expectError(
        await t.request('POST', `/api/integration/sync/students/resync?${encodeURI(query)}`),
        400,
        'UNKNOWN_FIELD',
      );
      expect(error.param).toBe(query.split('=')[0]);
    });
  }

  it('a bad value of a parameter resync does not take is answered as undeclared, not as a bad value', async () => {
    const error = expectError(
      await t.request('POST', '/api/integration/sync/students/resync?__page=abc'),
      400,
      'UNKNOWN_FIELD',
    );
    expect(error.param).toBe('__page');
  });

  it('a collection that is not synced has no resync', async () => {
    expectError(await t.request('POST', '/api/integration/sync/staff/resync'), 404, 'NOT_FOUND');
  });
});

describe('every operation declares x-request-id', () => {
  it('as an optional header', () => {
    for (const item of Object.values<Json>(document.paths)) {
      for (const operation of Object.values<Json>(item)) {
        expect(operation.parameters).toContainEqual(
          expect.objectContaining({ name: 'x-request-id', in: 'header', required: false }),
        );
      }
    }
  });
});
