/**
 * Regression: the auth hook looked at the request target as sent, so an absolute-form target
 * (`GET http://host/api/students`) or a percent-encoded path (`/%61pi/students`) reached the route
 * without the hook: a valid token got 401, and with no token the request was not challenged.
 * Auth is decided on the route the router matched. Over a real socket, as a client sends them.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { build, type Json, SECRETS } from '../support/helper.js';

// Five requests per token (and per address without a token) and window: the rate-limit test's
// sixth is one too many, and the five requests without a token below stay within their address's.
const t = await build({ env: { RATE_LIMIT_MAX: '5' } });
await t.app.listen({ port: 0, host: '127.0.0.1' });
const { port } = t.app.server.address() as { port: number };

interface RawReply {
  status: number;
  headers: string;
  body: Json;
}

/** Sends one request with the target exactly as given and reads the whole answer. */
function send(target: string, headers: Record<string, string>): Promise<RawReply> {
  const head = Object.entries({ host: `127.0.0.1:${port}`, connection: 'close', ...headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${target} HTTP/1.1\r\n${head}\r\n`));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const headText = text.slice(0, split);
      let body = text.slice(split + 4);
      // Chunked transfer: the JSON is the first chunk.
      if (/transfer-encoding: chunked/iu.test(headText)) body = body.split('\r\n')[1] ?? '';
      resolve({ status: Number(headText.split(' ')[1]), headers: headText, body: JSON.parse(body) });
    });
  });
}

const valid = { authorization: `Bearer ${SECRETS.schoolA}`, type: 'API' };
const targets = [
  ['origin form', '/api/students?__per_page=1'],
  ['absolute form', `http://127.0.0.1:${port}/api/students?__per_page=1`],
  ['a percent-encoded path', '/%61pi/students?__per_page=1'],
  ['percent-encoded letters in the collection', '/api/%73tudents?__per_page=1'],
] as const;

describe('auth is decided on the route the router matched', () => {
  for (const [name, target] of targets) {
    it(`${name}: a valid token is served`, async () => {
      const reply = await send(target, valid);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body.errors).toEqual([]);
    });

    it(`${name}: no token is 401 with WWW-Authenticate`, async () => {
      const reply = await send(target, { type: 'API' });
      expect(reply.status).toBe(401);
      expect(reply.body.errors[0].code).toBe('UNAUTHORIZED');
      expect(reply.headers).toMatch(/^www-authenticate: Bearer/imu);
    });
  }

  it('an unknown /api path in absolute form is 401 before it is 404', async () => {
    const reply = await send(`http://127.0.0.1:${port}/%61pi/nothing-here`, {});
    expect(reply.status).toBe(401);
  });

  it('the rate limit counts requests in every target form', async () => {
    const limited = { authorization: `Bearer ${SECRETS.readA}`, type: 'API' };
    const statuses: number[] = [];
    for (const [, target] of [...targets, targets[0], targets[1]])
      statuses.push((await send(target, limited)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
