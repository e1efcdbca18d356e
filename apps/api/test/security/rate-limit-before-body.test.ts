/**
 * The rate limit is decided before any work on the body: a limited token's request is 429 with its
 * body never parsed (so never validated), whatever the body holds. Observed on the JSON parser
 * itself (Fastify's body parser calls `JSON.parse`), not by timing.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { build, expectError, expectOk } from '../support/helper.js';

const t = await build({ env: { RATE_LIMIT_MAX: '2', RATE_LIMIT_WINDOW_MS: '60000' } });

/**
 * An invalid student body (hundreds of wrong items: within the shape the parser takes, over the
 * schema's list limit), tagged so its parse can be recognised.
 */
const MARKER = 'body-of-a-rate-limited-request';
const invalidBody = JSON.stringify({
  user: { name: MARKER },
  parents: Array.from({ length: 500 }, () => 1),
});

/** The texts `JSON.parse` is called with from now on. */
function watchParser(): { parsedBody: () => boolean } {
  const parse = vi.spyOn(JSON, 'parse');
  return {
    parsedBody: () => parse.mock.calls.some(([text]) => typeof text === 'string' && text.includes(MARKER)),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

const post = (token: 'full') =>
  t.request('POST', '/api/students', {
    token,
    payload: invalidBody,
    headers: { 'content-type': 'application/json' },
  });

describe('a rate-limited token', () => {
  it('gets 400 for an invalid body while under the limit: the parser reads it', async () => {
    const watch = watchParser();
    expectErrors400(await post('full'));
    expect(watch.parsedBody()).toBe(true);
  });

  it('gets 429 for the same body once over the limit, and the body is never parsed', async () => {
    // The token's second request of the window; the next one is over RATE_LIMIT_MAX=2.
    expectOk(await t.get('/api/schools', { token: 'full' }));
    const watch = watchParser();
    const reply = await post('full');
    expectError(reply, 429, 'RATE_LIMITED');
    expect(watch.parsedBody()).toBe(false);
  });

  it('a request without a valid token is refused before its body is parsed', async () => {
    const watch = watchParser();
    const reply = await t.request('POST', '/api/students', {
      secret: 'not-a-token-of-this-service',
      payload: invalidBody,
      headers: { 'content-type': 'application/json' },
    });
    expect([401, 429]).toContain(reply.status);
    expect(watch.parsedBody()).toBe(false);
  });
});

function expectErrors400(reply: Awaited<ReturnType<typeof post>>): void {
  expect(reply.status).toBe(400);
  expect(reply.body.errors.every((entry) => entry.code === 'VALIDATION_FAILED')).toBe(true);
}
