/**
 * 429 RATE_LIMITED (docs/http-api.md): RATE_LIMIT_MAX requests per RATE_LIMIT_WINDOW_MS, counted
 * per token, and per client address for every request without a valid token (401s, `/health`,
 * `/docs`). Time moves by hand (ManualClock); nothing here waits.
 */
import { describe, expect, it } from 'vitest';
import {
  build,
  expectError,
  expectOk,
  injectOptions,
  type RequestOptions,
  toReply,
} from '../support/helper.js';
import { ManualClock } from '../sync/clock.js';

const clock = new ManualClock(Date.parse('2026-03-02T08:00:00Z'));
const t = await build({ env: { RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' }, now: clock.now });

/** A request from another client address, so each test starts with fresh address counters. */
let lastAddress = 0;
const newAddress = () => `192.0.2.${++lastAddress}`;

describe('with RATE_LIMIT_MAX=3', () => {
  it('the 4th request of a token is 429 RATE_LIMITED with Retry-After', async () => {
    for (let request = 1; request <= 3; request++) expectOk(await t.get('/api/schools', { token: 'read' }));
    const reply = await t.get('/api/schools', { token: 'read' });
    expectError(reply, 429, 'RATE_LIMITED');
    const retryAfter = Number(reply.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(reply.headers['x-ratelimit-limit']).toBe('3');
    expect(reply.headers['x-ratelimit-remaining']).toBe('0');
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

  it('opens again when the window has passed', async () => {
    for (let request = 1; request <= 3; request++) expectOk(await t.get('/api/schools', { token: 'readA' }));
    expectError(await t.get('/api/schools', { token: 'readA' }), 429, 'RATE_LIMITED');
    clock.advance(59_000);
    const later = await t.get('/api/schools', { token: 'readA' });
    expectError(later, 429, 'RATE_LIMITED');
    expect(later.headers['retry-after']).toBe('1');
    clock.advance(1_000);
    expectOk(await t.get('/api/schools', { token: 'readA' }));
  });
});

describe('requests without a valid token count against the client address', () => {
  /** A request as `injectOptions` builds it, sent from `remoteAddress`. */
  const from = async (remoteAddress: string, url: string, options: RequestOptions = {}) =>
    toReply(await t.app.inject({ ...injectOptions('GET', url, options), remoteAddress }));

  it('401s are counted: after 3 bad tokens from one address the 4th is 429, not another 401', async () => {
    const address = newAddress();
    for (let guess = 1; guess <= 3; guess++) {
      expectError(
        await from(address, '/api/schools', { secret: `guess-${guess}-000000000000` }),
        401,
        'UNAUTHORIZED',
      );
    }
    const limited = await from(address, '/api/schools', { secret: 'guess-4-000000000000' });
    expectError(limited, 429, 'RATE_LIMITED');
    expect(limited.body.errors[0]?.message).toMatch(/this address without a valid token/u);
    expectError(await from(address, '/api/students', { token: null }), 429, 'RATE_LIMITED');
  });

  it('a valid token from that address keeps its own count', async () => {
    const address = newAddress();
    for (let guess = 1; guess <= 4; guess++) await from(address, '/api/schools', { token: null });
    expectError(await from(address, '/api/schools', { token: null }), 429, 'RATE_LIMITED');
    expectOk(await from(address, '/api/schools', { token: 'schoolsAB' }));
  });

  it('one crowded address does not limit another', async () => {
    const crowded = newAddress();
    for (let request = 1; request <= 3; request++) await from(crowded, '/api/schools', { token: null });
    expectError(await from(crowded, '/api/schools', { token: null }), 429, 'RATE_LIMITED');
    expectError(await from(newAddress(), '/api/schools', { token: null }), 401, 'UNAUTHORIZED');
  });

  it('/health and /docs are limited per address too (decided in onRequest, like /api)', async () => {
    const remoteAddress = newAddress();
    const health = () => t.app.inject({ method: 'GET', url: '/health', remoteAddress });
    for (let request = 1; request <= 3; request++) expect((await health()).statusCode).toBe(200);
    const limited = await health();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errors[0].code).toBe('RATE_LIMITED');
    const docs = await t.app.inject({ method: 'GET', url: '/docs/json', remoteAddress });
    expect(docs.statusCode).toBe(429);
    const elsewhere = await t.app.inject({ method: 'GET', url: '/docs/json', remoteAddress: newAddress() });
    expect(elsewhere.statusCode).toBe(200);
  });
});
