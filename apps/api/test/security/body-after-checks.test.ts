/**
 * Nothing reads a request's body before the request is accepted: the token, the `type: API`
 * header, the route and the scope are all decided first, and a refused request's body never
 * reaches the JSON parser. Its reply says `Connection: close` (the body was left unread). Observed
 * on the parser itself (Fastify's JSON parser calls `JSON.parse`), not by timing.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { build, expectError, expectOk, type RequestOptions } from '../support/helper.js';

const t = await build({ env: { BODY_LIMIT: '4096' } });

const MARKER = 'body-of-a-refused-request';
/** A valid grade body of school A, tagged so its parse can be recognised. */
const body = () => JSON.stringify({ school: t.schools.A, name: MARKER });

/** Whether `JSON.parse` was handed the tagged body since the spy started. */
function watchParser(): () => boolean {
  const parse = vi.spyOn(JSON, 'parse');
  return () => parse.mock.calls.some(([text]) => typeof text === 'string' && text.includes(MARKER));
}

afterEach(() => {
  vi.restoreAllMocks();
});

const post = (url: string, options: RequestOptions = {}) =>
  t.request('POST', url, {
    payload: body(),
    ...options,
    headers: { 'content-type': 'application/json', ...options.headers },
  });

describe('a refused request: the body is never parsed, and the reply closes the connection', () => {
  it.each([
    ['no token', '/api/grades', { token: null }, 401, 'UNAUTHORIZED'],
    ['an unknown token', '/api/grades', { secret: 'not-a-token-of-this-service' }, 401, 'UNAUTHORIZED'],
    ['no type: API header', '/api/grades', { token: 'write', type: null }, 400, 'INVALID_HEADER'],
    ['a token lacking the write scope', '/api/grades', { token: 'read' }, 403, 'FORBIDDEN'],
    ['a token without admin issuing a token', '/api/tokens', { token: 'full' }, 403, 'FORBIDDEN'],
    ['an unknown route', '/nope', { token: 'write' }, 404, 'NOT_FOUND'],
    ['an unknown route, no token', '/nope', { token: null }, 404, 'NOT_FOUND'],
    ['an unknown /api route', '/api/nothing', { token: 'write' }, 404, 'NOT_FOUND'],
    ['an unknown /api route, no token', '/api/nothing', { token: null }, 401, 'UNAUTHORIZED'],
    [
      'a body that is not JSON',
      '/api/grades',
      { token: 'write', headers: { 'content-type': 'text/csv' } },
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      'a Content-Length over BODY_LIMIT',
      '/api/grades',
      { token: 'write', headers: { 'content-length': '5000' } },
      413,
      'PAYLOAD_TOO_LARGE',
    ],
  ] as const)('%s: POST %s', async (_name, url, options, status, code) => {
    const parsed = watchParser();
    const reply = await post(url, options);
    expectError(reply, status, code);
    expect(reply.headers.connection).toBe('close');
    expect(parsed()).toBe(false);
  });

  it('an accepted create reads its body and keeps the connection', async () => {
    const parsed = watchParser();
    const reply = await post('/api/grades', { token: 'write' });
    expect(expectOk(reply, 201)).toMatchObject({ name: MARKER });
    expect(parsed()).toBe(true);
    expect(reply.headers.connection).not.toBe('close');
  });

  it('a request without a body keeps the connection whatever its answer', async () => {
    const reply = await t.get('/api/nothing', { token: 'read' });
    expectError(reply, 404, 'NOT_FOUND');
    expect(reply.headers.connection).not.toBe('close');
  });
});
