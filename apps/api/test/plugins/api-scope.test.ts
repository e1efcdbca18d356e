/**
 * The `/api` routes are one scope (src/plugins/api-scope.ts): every route declares the scope a
 * token needs, and the scope checks it, with the caller and `type: API`, before anything else; an
 * unknown `/api` path hears those checks before its 404; every reply says `Cache-Control: no-store`.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { apiScope } from '../../src/plugins/api-scope.js';
import { build, expectError, expectOk, type Json } from '../support/helper.js';

const t = await build();

/** A token holding only the `metrics` scope: none of the scopes an `/api` route asks for. */
const metricsOnly: string = expectOk(
  await t.post('/api/tokens', { name: 'scraper', scopes: ['metrics'], schools: '*' }, { token: 'root' }),
  201,
).token;

/** Every operation of the OpenAPI document under /api, with its path parameters filled in. */
function apiOperations(): Array<{ method: string; url: string }> {
  const paths = (t.app.swagger() as Json).paths as Record<string, Record<string, unknown>>;
  return Object.entries(paths)
    .filter(([path]) => path.startsWith('/api/'))
    .flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => ({
        method: method.toUpperCase(),
        url: path.replace('{collection}', 'students').replace(/\{[^}]+\}/gu, '64b7f0c2a1b2c3d4e5f60718'),
      })),
    );
}

/** The scope the service's rules give an operation: admin for tokens, read for reads, write for writes. */
const expectedScope = ({ method, url }: { method: string; url: string }) =>
  url.startsWith('/api/tokens') ? 'admin' : method === 'GET' ? 'read' : 'write';

describe('every /api route declares a scope', () => {
  it('a token with none of them is refused on every /api operation, naming the scope it lacks', async () => {
    const operations = apiOperations();
    expect(operations.length).toBeGreaterThan(40);
    for (const operation of operations) {
      const reply = await t.request(operation.method as 'GET', operation.url, {
        secret: metricsOnly,
        ...(operation.method === 'GET' ? {} : { body: {} }),
      });
      const error = expectError(reply, 403, 'FORBIDDEN');
      expect(error.message, `${operation.method} ${operation.url}`).toBe(
        `This token lacks the "${expectedScope(operation)}" scope.`,
      );
    }
  });

  it('a route without one stops the app from starting', async () => {
    const app = Fastify({ logger: false });
    await expect(
      app.register(apiScope, {
        prefix: '/api',
        maxReplyBytes: 1024,
        routes: async (api) => {
          api.get('/unguarded', async () => ({}));
        },
      }),
    ).rejects.toThrow('GET /api/unguarded declares no scope: give it config.scope');
    await app.close();
  });
});

describe('an unknown /api path', () => {
  it('is 401 without a token, 400 without type: API, then 404', async () => {
    expectError(await t.get('/api/nothing', { token: null }), 401, 'UNAUTHORIZED');
    expectError(await t.get('/api/nothing', { type: null }), 400, 'INVALID_HEADER');
    expect(expectError(await t.get('/api/nothing'), 404, 'NOT_FOUND').message).toBe(
      'No route GET /api/nothing.',
    );
  });

  it('a method a known path does not take is 405, after the same checks', async () => {
    expectError(await t.request('DELETE', '/api/students', { token: null }), 401, 'UNAUTHORIZED');
    expectError(await t.request('DELETE', '/api/students'), 405, 'METHOD_NOT_ALLOWED');
  });

  it('outside /api an unknown path is 404 with or without a token', async () => {
    expectError(await t.get('/nope', { token: null }), 404, 'NOT_FOUND');
    expectError(await t.get('/apinope', { token: null }), 404, 'NOT_FOUND');
  });
});

describe('Cache-Control: no-store on every /api reply', () => {
  it.each([
    ['a list', () => t.get('/api/schools'), 200],
    ['a create', () => t.post('/api/grades', { school: t.schools.A, name: 'No store' }), 201],
    ['the token list', () => t.get('/api/tokens', { token: 'admin' }), 200],
    ['a 400', () => t.get('/api/schools?__page=0'), 400],
    ['a 401', () => t.get('/api/schools', { token: null }), 401],
    ['a 403', () => t.get('/api/tokens', { token: 'read' }), 403],
    ['a 404', () => t.get('/api/nothing'), 404],
  ] as const)('%s (%s)', async (_name, send, status) => {
    const reply = await send();
    expect(reply.status).toBe(status);
    expect(reply.headers['cache-control']).toBe('no-store');
  });
});
