/** `/health` (no auth, says the database mode) and the OpenAPI documentation at `/docs` and `/docs/json`. */
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { EXPECTED_HEALTH } from './database.js';
import { build, expectOk, type Json, memoryDatabase } from './helper.js';

const t = await build();
const docs = await t.app.inject({ method: 'GET', url: '/docs/json' });
const COLLECTIONS = ['schools', 'years', 'courses', 'sections', 'grades', 'students', 'parents', 'staff'];

describe('/health', () => {
  it('answers without a token or type header, and says which database is in use', async () => {
    const health = expectOk(await t.get('/health', { token: null, type: null }));
    expect(health.status).toBe('ok');
    expect(health.database).toEqual(EXPECTED_HEALTH);
  });

  it('ignores a wrong token: it is not an /api route', async () => {
    expectOk(await t.get('/health', { secret: 'not-a-token-at-all', type: 'WEB' }));
  });

  it('answers 503 with the envelope when the database does not answer', async () => {
    const database = { ...memoryDatabase(), ping: async () => false };
    const app = await buildApp({
      config: loadConfig({ DEMO_DATA: '0', API_TOKENS: '[]' }),
      database,
      logger: false,
    });
    try {
      const reply = await app.inject({ method: 'GET', url: '/health' });
      expect(reply.statusCode).toBe(503);
      const body = reply.json() as Json;
      expect(body.response.status).toBe('unavailable');
      expect(body.response.database.reachable).toBe(false);
      expect(body.errors).toEqual([{ code: 'INTERNAL', message: expect.any(String), param: 'database' }]);
    } finally {
      await app.close();
      await database.closeForReal();
    }
  });
});

describe('/docs', () => {
  it('serves the OpenAPI UI without a token', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/text\/html/);
    const page = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(page.body).toContain('Swagger UI');
  });

  describe('/docs/json', () => {
    const reply = docs;
    const document = docs.json() as Json;

    it('is an OpenAPI 3.1 document', () => {
      expect(reply.statusCode).toBe(200);
      expect(document.openapi).toMatch(/^3\.1\./);
      expect(document.info.title).toEqual(expect.any(String));
    });

    it('lists every collection with its list, create, update and by-id operations', () => {
      for (const collection of COLLECTIONS) {
        const list = document.paths[`/api/${collection}`];
        const one = document.paths[`/api/${collection}/{id}`];
        expect(Object.keys(list ?? {}).sort(), collection).toEqual(
          expect.arrayContaining(['get', 'post', 'put']),
        );
        expect(Object.keys(one ?? {}).sort(), collection).toEqual(expect.arrayContaining(['get', 'put']));
      }
    });

    it('lists /health and the tokens API', () => {
      expect(document.paths['/health']?.get).toBeDefined();
      expect(Object.keys(document.paths['/api/tokens'] ?? {})).toEqual(
        expect.arrayContaining(['get', 'post']),
      );
      expect(document.paths['/api/tokens/{id}']?.put).toBeDefined();
    });

    it('documents the query parameters each list takes, and only those', () => {
      const byCollection = Object.fromEntries(
        COLLECTIONS.map((collection) => {
          const parameters = (document.paths[`/api/${collection}`].get.parameters ?? []) as Json[];
          const reserved = parameters
            .filter(
              (parameter) =>
                parameter.in === 'query' &&
                /^(__|global_search|select|elemMatch|populate|include_totals)/u.test(parameter.name),
            )
            .map((parameter) => parameter.name);
          return [collection, reserved];
        }),
      );
      const always = ['select', '__sort', '__page', '__per_page', '__include_totals', 'include_totals'];
      // global_search where a collection has search, elemMatch where it has arrays of
      // subdocuments, populate where it has references.
      expect(byCollection).toEqual({
        schools: always,
        years: ['select', 'populate', ...always.slice(1)],
        courses: ['select', 'populate', ...always.slice(1)],
        sections: ['select', 'populate', ...always.slice(1)],
        grades: ['select', 'populate', ...always.slice(1)],
        students: ['global_search', 'select', 'populate', 'elemMatch', ...always.slice(1)],
        parents: ['global_search', 'select', 'populate', ...always.slice(1)],
        staff: ['global_search', 'select', 'populate', ...always.slice(1)],
      });
    });

    it('documents the bearer token and the type header', () => {
      const schemes = document.components.securitySchemes;
      expect(schemes).toMatchObject({ bearer: { type: 'http', scheme: 'bearer' } });
      expect(Object.values(schemes)).toContainEqual(expect.objectContaining({ in: 'header', name: 'type' }));
    });

    it('names every error code of the contract', () => {
      const text = JSON.stringify(document);
      for (const code of [
        'UNKNOWN_FIELD',
        'INVALID_VALUE',
        'UNSUPPORTED_OPERATOR',
        'INVALID_JSON',
        'INVALID_PAGINATION',
        'INVALID_SORT',
        'INVALID_SELECT',
        'INVALID_POPULATE',
        'QUERY_TOO_COMPLEX',
        'VALIDATION_FAILED',
        'INVALID_HEADER',
        'UNAUTHORIZED',
        'FORBIDDEN',
        'NOT_FOUND',
        'CONFLICT',
        'PAYLOAD_TOO_LARGE',
        'UNSUPPORTED_MEDIA_TYPE',
        'RATE_LIMITED',
        'INTERNAL',
      ]) {
        expect(text, code).toContain(code);
      }
    });

    it('describes the POST body of a collection with its fields, as a named component', () => {
      const body = document.paths['/api/students'].post.requestBody.content['application/json'].schema;
      expect(body).toEqual({ $ref: '#/components/schemas/StudentCreate' });
      const schema = document.components.schemas.StudentCreate;
      expect(schema.required).toEqual(['user']);
      expect(Object.keys(schema.properties)).toEqual(
        expect.arrayContaining(['school', 'user', 'years', 'parents']),
      );
    });
  });
});
