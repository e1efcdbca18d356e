/**
 * The host over a real socket: `app.listen` on a free port, requests with `fetch`, and raw bytes
 * that Node's HTTP parser rejects before Fastify sees them (they still get the envelope).
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { EXPECTED_HEALTH } from '../support/database.js';
import { build, type Json, SECRETS } from '../support/helper.js';

const t = await build({ env: { BODY_LIMIT: '2048' } });
const { A } = await t.seed();
await t.app.listen({ port: 0, host: '127.0.0.1' });
const { port } = t.app.server.address() as { port: number };
const base = `http://127.0.0.1:${port}`;
const headers = { authorization: `Bearer ${SECRETS.full}`, type: 'API' };

async function call(
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; headers: Headers; body: Json }> {
  const response = await fetch(`${base}${path}`, { ...init, headers: { ...headers, ...init.headers } });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: JSON.parse(text) };
}

/** Writes raw bytes to the port and reads the whole answer (the server closes the connection). */
function raw(request: Buffer | string): Promise<{ status: number; headers: string; body: Json }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body: JSON.parse(body) });
    });
  });
}

const auth = `Authorization: Bearer ${SECRETS.full}\r\ntype: API\r\n`;

describe('over a real socket', () => {
  it('/health answers JSON', async () => {
    // The database mode is a detail, for a metrics token of every school.
    const reply = await fetch(`${base}/health`, { headers: { authorization: `Bearer ${SECRETS.root}` } });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await reply.json()) as Json).response.database.mode).toBe(EXPECTED_HEALTH.mode);
  });

  it('lists with a query of JSON values, brackets and percent-encoded accents', async () => {
    const query = `global_search=${encodeURIComponent('josé pérez')}&select=user.name&__sort[user.name]=asc&populate={"school":"name"}`;
    const reply = await call(`/api/students?${query}`);
    expect(reply.status).toBe(200);
    expect(reply.body.response.map((record: Json) => record.school.name).sort()).toEqual([
      'Colegio Andino',
      'Escuela Bolívar',
    ]);
  });

  it('creates and updates with JSON bodies', async () => {
    const created = await call('/api/grades', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ school: A.school, name: 'Socket' }),
    });
    expect(created.status).toBe(201);
    const updated = await call(`/api/grades/${created.body.response._id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ code: 'SK' }),
    });
    expect(updated.status).toBe(200);
    expect(updated.body.response).toMatchObject({ name: 'Socket', code: 'SK' });
  });

  it('answers 401 with WWW-Authenticate: Bearer without a token', async () => {
    const reply = await fetch(`${base}/api/students`, { headers: { type: 'API' } });
    expect(reply.status).toBe(401);
    expect(reply.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
    expect(((await reply.json()) as Json).errors[0].code).toBe('UNAUTHORIZED');
  });

  it('answers 413 for a body over the limit', async () => {
    const reply = await call('/api/grades', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ school: A.school, name: 'x'.repeat(4000) }),
    });
    expect(reply.status).toBe(413);
    expect(reply.body).toEqual({
      response: null,
      errors: [expect.objectContaining({ code: 'PAYLOAD_TOO_LARGE' })],
    });
  });

  it('a URL with raw non-ASCII bytes is answered 400 with the envelope', async () => {
    const request = Buffer.concat([
      Buffer.from('GET /api/students?global_search='),
      Buffer.from('José', 'utf8'),
      Buffer.from(` HTTP/1.1\r\nHost: localhost\r\n${auth}\r\n`),
    ]);
    const reply = await raw(request);
    expect(reply.status).toBe(400);
    expect(reply.headers).toMatch(/content-type: application\/json/i);
    expect(reply.body).toEqual({
      response: null,
      errors: [{ code: 'INVALID_VALUE', message: expect.stringMatching(/percent-encode/), param: 'url' }],
    });
  });

  it('a raw Latin-1 byte in the path is answered the same way', async () => {
    const request = Buffer.concat([
      Buffer.from('GET /api/stud'),
      Buffer.from([0xe9]),
      Buffer.from(`nts HTTP/1.1\r\nHost: localhost\r\n${auth}\r\n`),
    ]);
    const reply = await raw(request);
    expect(reply.status).toBe(400);
    expect(reply.body.errors[0]).toMatchObject({ code: 'INVALID_VALUE', param: 'url' });
  });

  it('a request line that is not HTTP is answered 400 with the envelope, saying what was refused', async () => {
    const reply = await raw('HELLO WORLD\r\n\r\n');
    expect(reply.status).toBe(400);
    expect(reply.headers).toMatch(/\r\nConnection: close$/u);
    expect(reply.body).toEqual({
      response: null,
      errors: [
        {
          code: 'INVALID_VALUE',
          message: 'The request could not be read as HTTP/1.1 (Invalid method encountered).',
          param: '',
        },
      ],
    });
  });

  it('a header Node cannot read is answered 400 about the headers, not the URL', async () => {
    const reply = await raw(`GET /api/schools HTTP/1.1\r\nHost: localhost\r\nBad Name: x\r\n${auth}\r\n`);
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([
      {
        code: 'INVALID_VALUE',
        message: 'The request could not be read as HTTP/1.1 (Invalid header token).',
        param: 'headers',
      },
    ]);
  });

  it('raw quotes and braces in the query (as curl -g sends them) are read', async () => {
    const reply = await raw(
      `GET /api/students?addresses.city="Quito"&select={"user.name":1} HTTP/1.1\r\nHost: localhost\r\n${auth}Connection: close\r\n\r\n`,
    );
    expect(reply.status).toBe(200);
    expect(reply.body.response.map((record: Json) => record.user.name).sort()).toEqual([
      'Ana',
      'José',
      'Luis',
    ]);
  });

  it('headers over the limit are answered 431 PAYLOAD_TOO_LARGE with the envelope', async () => {
    const reply = await fetch(`${base}/api/students`, {
      headers: { ...headers, 'x-padding': 'a'.repeat(20_000) },
    });
    expect(reply.status).toBe(431);
    expect(((await reply.json()) as Json).errors[0].code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('keeps serving after hostile requests', async () => {
    const reply = await call('/api/schools');
    expect(reply.status).toBe(200);
    expect(reply.body.errors).toEqual([]);
    expect(reply.body.response).toHaveLength(2);
  });
});
