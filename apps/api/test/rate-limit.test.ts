/** 429 RATE_LIMITED (docs/http-api.md): a per-token limit, RATE_LIMIT_MAX requests per window. */
import { describe, expect, it } from 'vitest';
import { build, expectError, expectOk } from './helper.js';

const t = await build({ env: { RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' } });

describe('with RATE_LIMIT_MAX=3', () => {
  it('the 4th request of a token is 429 RATE_LIMITED with Retry-After', async () => {
    for (let request = 1; request <= 3; request++) expectOk(await t.get('/api/schools', { token: 'read' }));
    const reply = await t.get('/api/schools', { token: 'read' });
    expectError(reply, 429, 'RATE_LIMITED');
    const retryAfter = Number(reply.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('counts every method and route of the token alike', async () => {
    expectOk(await t.get('/api/schools', { token: 'admin' }));
    expectOk(await t.get('/api/tokens', { token: 'admin' }));
    expectOk(await t.post('/api/schools', { name: 'Tercera' }, { token: 'admin' }), 201);
    expectError(await t.get('/api/years', { token: 'admin' }), 429, 'RATE_LIMITED');
  });

  it('another token is not limited by the first one’s requests', async () => {
    expectOk(await t.get('/api/schools', { token: 'full' }));
    expectOk(await t.get('/api/schools', { token: 'schoolA' }));
  });

  it('/health and /docs are not limited', async () => {
    for (let request = 0; request < 6; request++) {
      expectOk(await t.get('/health', { token: null, type: null }));
    }
    const docs = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(docs.statusCode).toBe(200);
  });
});
