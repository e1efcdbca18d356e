/**
 * A path the service has, asked with a method it does not take there, is `405 METHOD_NOT_ALLOWED`
 * with `Allow` listing the methods it takes, in the envelope, decided by the route alone: before
 * any body is read or checked (its Content-Type, its size, its JSON). An unknown path is still 404,
 * and an `/api` path still needs a valid caller first.
 */
import { describe, expect, it } from 'vitest';
import { build, expectError } from '../support/helper.js';

const t = await build({ env: { BODY_LIMIT: '1024' } });
const id = '0123456789abcdef01234567';

describe('a known path with a method it does not take', () => {
  it.each([
    ['TRACE', '/api/schools', 'GET, HEAD, POST, PUT'],
    ['DELETE', `/api/schools/${id}`, 'GET, HEAD, PUT'],
    ['PATCH', `/api/students/${id}`, 'GET, HEAD, PUT'],
    ['POST', '/health', 'GET, HEAD'],
  ])('%s %s is 405 with Allow: %s', async (method, url, allow) => {
    const reply = await t.request(method as 'TRACE', url);
    const entry = expectError(reply, 405, 'METHOD_NOT_ALLOWED');
    expect(reply.headers.allow).toBe(allow);
    expect(entry.param).toBe('method');
    expect(entry.message).toContain(method);
  });

  it('QUERY without a Content-Type is 405, not a refused body', async () => {
    const bare = await t.request('QUERY' as 'GET', '/api/schools');
    expectError(bare, 405, 'METHOD_NOT_ALLOWED');
    const withBody = await t.request('QUERY' as 'GET', '/api/schools', { payload: '{"name":' });
    expectError(withBody, 405, 'METHOD_NOT_ALLOWED');
  });

  it('the route decides before the body does: a text body, a body over the limit, broken JSON are all 405', async () => {
    const text = await t.request('PATCH', '/api/schools', {
      payload: 'x',
      headers: { 'content-type': 'text/plain' },
    });
    expectError(text, 405, 'METHOD_NOT_ALLOWED');
    const large = await t.request('DELETE', '/api/schools', {
      payload: JSON.stringify({ name: 'x'.repeat(4000) }),
      headers: { 'content-type': 'application/json' },
    });
    expectError(large, 405, 'METHOD_NOT_ALLOWED');
    const broken = await t.request('PATCH', '/api/schools', {
      payload: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expectError(broken, 405, 'METHOD_NOT_ALLOWED');
  });

  it('an /api path still needs a valid caller first (401), and an unknown path stays 404', async () => {
    expectError(await t.request('TRACE', '/api/schools', { token: null }), 401, 'UNAUTHORIZED');
    expectError(await t.request('TRACE', '/api/nothing-here'), 404, 'NOT_FOUND');
    expectError(await t.request('GET', '/api/schools/'), 404, 'NOT_FOUND');
  });
});
