/**
 * No `GET /api` reply is larger than MAX_REPLY_BYTES: a larger one is replaced, whole, by
 * `400 REPLY_TOO_LARGE` naming its size and the limit; a smaller request gets its records. A
 * write's reply (the record it stored) is never refused: that would hide a change that was made.
 */
import { describe, expect, it } from 'vitest';
import { build, expectError, expectOk } from '../support/helper.js';

const MAX_REPLY_BYTES = 2048;
const t = await build({ env: { MAX_REPLY_BYTES: String(MAX_REPLY_BYTES) } });
await t.seed();

describe('the reply size cap', () => {
  it('answers 400 REPLY_TOO_LARGE for a page whose JSON is over the limit, never a cut-short body', async () => {
    const reply = await t.get('/api/students?populate=true&__per_page=100');
    const error = expectError(reply, 400, 'REPLY_TOO_LARGE');
    expect(error.param).toBe('query');
    expect(error.message).toMatch(/^The reply would be \d+ bytes, over the limit of 2048\. Ask for less: /);
    const bytes = Number(/would be (\d+) bytes/.exec(error.message)![1]);
    expect(bytes).toBeGreaterThan(MAX_REPLY_BYTES);
    expect(error.message).toMatch(/__per_page.*select/);
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    expect(Number(reply.headers['content-length'])).toBe(Buffer.byteLength(reply.raw.body));
  });

  it('answers the same records asked for with fewer fields', async () => {
    const reply = await t.get('/api/students?select=user.name&__per_page=100');
    expect(Buffer.byteLength(reply.raw.body)).toBeLessThanOrEqual(MAX_REPLY_BYTES);
    expect(expectOk(reply)).toHaveLength(6);
  });

  it('counts bytes, not characters: an accented letter is two bytes', async () => {
    const student = async (letter: string) => {
      const addresses = Array.from({ length: 6 }, () => ({ name: letter.repeat(180) }));
      const body = { school: t.schools.A, user: { name: 'Byte', surname: letter }, addresses };
      return expectOk(await t.post('/api/students', body), 201)._id as string;
    };
    // About 1,200 characters of JSON either way; 1,200 bytes in ASCII, 2,300 with accents.
    const plain = await t.get(`/api/students/${await student('e')}?select=addresses.name`);
    expect(plain.raw.body.length).toBeLessThan(MAX_REPLY_BYTES);
    expect(expectOk(plain).addresses).toHaveLength(6);
    const accented = await t.get(`/api/students/${await student('é')}?select=addresses.name`);
    expect(accented.raw.body.length).toBeLessThan(MAX_REPLY_BYTES);
    expectError(accented, 400, 'REPLY_TOO_LARGE');
  });

  it('answers a write whose reply is over the limit: the record was stored, and the reply says so', async () => {
    const addresses = Array.from({ length: 6 }, () => ({ name: 'ü'.repeat(180) }));
    const body = { school: t.schools.A, user: { name: 'Large', surname: 'Write' }, addresses };
    const created = await t.post('/api/students', body);
    expect(Buffer.byteLength(created.raw.body)).toBeGreaterThan(MAX_REPLY_BYTES);
    expect(expectOk(created, 201).addresses).toEqual(addresses);
  });

  it('leaves the routes outside /api alone (their size is not the client’s to choose)', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body.length).toBeGreaterThan(MAX_REPLY_BYTES);
  });
});
