/**
 * `/health` (no auth: up or down; the database mode and sync backlog for a `metrics` token of every
 * school) and the OpenAPI documentation at `/docs` and `/docs/json`.
 */
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/app-config.js';
import { EXPECTED_HEALTH } from '../support/database.js';
import { build, expectOk, type Json, memoryDatabase } from '../support/helper.js';

const t = await build();
const docs = await t.app.inject({ method: 'GET', url: '/docs/json' });
const COLLECTIONS = ['schools', 'years', 'courses', 'sections', 'grades', 'students', 'parents', 'staff'];

describe('/health', () => {
  it('answers without a token or type header, saying only that it is up', async () => {
    const health = expectOk(await t.get('/health', { token: null, type: null }));
    expect(health).toEqual({ status: 'ok' });
  });

  it('says which database is in use and how the sync stands to a metrics token of every school', async () => {
    const health = expectOk(await t.get('/health', { token: 'root', type: null }));
    expect(health.status).toBe('ok');
    expect(health.database).toEqual(EXPECTED_HEALTH);
    expect(health.sync).toMatchObject({ pending: expect.any(Number) });
  });

  it('shows no details to a token without the metrics scope, or one limited to some schools', async () => {
    const limited = expectOk(
      await t.post(
        '/api/tokens',
        { name: 'school-a-metrics', scopes: ['metrics'], schools: [t.schools.A] },
        { token: 'root' },
      ),
      201,
    );
    for (const options of [{ token: 'admin' as const }, { secret: limited.token }]) {
      expect(expectOk(await t.get('/health', { ...options, type: null }))).toEqual({ status: 'ok' });
    }
  });

  it('ignores a wrong token: it is not an /api route', async () => {
    expect(expectOk(await t.get('/health', { secret: 'not-a-token-at-all', type: 'WEB' }))).toEqual({
      status: 'ok',
    });
  });

  it('answers 503 with the envelope when the database does not answer', async () => {
    const database = { ...memoryDatabase(), ping: async () => false };
    const scraper = 'a-metrics-token-of-every-school';
    const app = await buildApp({
      config: loadConfig({
        DEMO_DATA: '0',
        API_TOKENS: JSON.stringify([{ name: 'scraper', token: scraper, scopes: ['metrics'], schools: '*' }]),
      }),
      database,
      logger: false,
    });
    try {
      const reply = await app.inject({ method: 'GET', url: '/health' });
      expect(reply.statusCode).toBe(503);
      const body = reply.json() as Json;
      expect(body.response).toEqual({ status: 'unavailable' });
      expect(body.errors).toEqual([{ code: 'INTERNAL', message: expect.any(String), param: 'database' }]);
      const detailed = await app.inject({
        method: 'GET',
        url: '/health',
        headers: { authorization: `Bearer ${scraper}` },
      });
      expect(detailed.statusCode).toBe(503);
      expect((detailed.json() as Json).response.database.reachable).toBe(false);
    } finally {
      await app.close();
      await database.closeForReal();
    }
  });
});

describe('/docs', () => {
  it('serves the documentation page without a token or type header', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/text\/html/);
  });

  describe('/docs/json', () => {
    const document = docs.json() as Json;

    it('is served without a token or type header', () => {
      expect(docs.statusCode).toBe(200);
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

describe("the document's server", () => {
  async function serversWith(env: Record<string, string>): Promise<Json[]> {
    const database = memoryDatabase();
    const app = await buildApp({
      config: loadConfig({ DEMO_DATA: '0', API_TOKENS: '[]', ...env }),
      database,
      logger: false,
    });
    try {
      const reply = await app.inject({ method: 'GET', url: '/docs/json' });
      return (reply.json() as Json).servers;
    } finally {
      await app.close();
      await database.closeForReal();
    }
  }

  it('is PUBLIC_URL when set', async () => {
    expect(await serversWith({ HOST: '0.0.0.0', PUBLIC_URL: 'https://school.example.org/' })).toEqual([
      { url: 'https://school.example.org', description: 'This service' },
    ]);
  });

  it('without PUBLIC_URL is the address the document was fetched from, never a wildcard listen address', async () => {
    for (const HOST of ['0.0.0.0', '::', '127.0.0.1']) {
      expect(await serversWith({ HOST, PORT: '3000' }), HOST).toEqual([
        { url: '/', description: 'This service, at the address this document was fetched from' },
      ]);
    }
  });
});
