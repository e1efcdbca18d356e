/**
 * A request refused before its body is read gets its answer with `Connection: close`, and the
 * connection closes: the body is never read, however large its `Content-Length` (kept open, Node
 * would read the whole body to reach the next request). With `Expect: 100-continue` the client
 * hears `100 Continue` only when its body is about to be read. Over a real socket, byte by byte.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { build, SECRETS } from '../support/helper.js';
import { RawConnection, requestHead } from '../support/raw-connection.js';

const t = await build({ env: { BODY_LIMIT: '4096' } });
const { A } = await t.seed();
await t.app.listen({ port: 0, host: '127.0.0.1' });
const { port } = t.app.server.address() as { port: number };

const MARKER = 'body-of-a-refused-request';
/** A JSON body of exactly `length` bytes, tagged so its parse can be recognised. */
const bodyOf = (length: number) => {
  const start = `{"name":"${MARKER}`;
  return `${start}${'x'.repeat(length - start.length - 2)}"}`;
};

/** Whether `JSON.parse` was handed the tagged body since the spy started. */
function watchParser(): () => boolean {
  const parse = vi.spyOn(JSON, 'parse');
  return () => parse.mock.calls.some(([text]) => typeof text === 'string' && text.includes(MARKER));
}

afterEach(() => {
  vi.restoreAllMocks();
});

const json = { 'content-type': 'application/json', type: 'API' };
const token = (name: keyof typeof SECRETS) => ({ authorization: `Bearer ${SECRETS[name]}` });
const connections: RawConnection[] = [];
async function open(): Promise<RawConnection> {
  const connection = await RawConnection.open(port);
  connections.push(connection);
  return connection;
}
afterEach(() => {
  for (const connection of connections.splice(0)) connection.destroy();
});

describe('a request refused before its body is read', () => {
  it('no token, 10 GB announced: 401 with Connection: close, then the connection closes', async () => {
    const connection = await open();
    connection.write(requestHead('POST', '/api/students', { ...json, 'content-length': '10000000000' }));
    const [reply] = await connection.until(1);
    expect(reply?.status).toBe(401);
    expect(reply?.headers.connection).toBe('close');
    expect(reply?.headers['www-authenticate']).toMatch(/^Bearer /u);
    await connection.closed;
  });

  it('the body sent after the 401 is never read: no next request is served on that connection', async () => {
    const parsed = watchParser();
    const connection = await open();
    const body = bodyOf(200);
    connection.write(requestHead('POST', '/api/students', { ...json, 'content-length': '200' }));
    await connection.until(1);
    // Kept open, the server would read these 200 bytes as the body and answer the next request.
    connection.write(`${body}${requestHead('GET', '/health', { connection: 'close' })}`);
    await connection.closed;
    expect(connection.responses().map((reply) => reply.status)).toEqual([401]);
    expect(parsed()).toBe(false);
  });

  it.each([
    ['a token lacking the scope', '/api/students', 403, token('read')],
    ['an unknown route', '/nope', 404, token('write')],
    ['an unknown /api route', '/api/nothing', 404, token('write')],
    ['no type: API header', '/api/students', 400, { ...token('write'), type: 'other' }],
  ] as const)(
    '%s: POST %s is answered %s, and the connection closes',
    async (_name, path, status, headers) => {
      const parsed = watchParser();
      const connection = await open();
      connection.write(requestHead('POST', path, { ...json, ...headers, 'content-length': '200' }));
      const [reply] = await connection.until(1);
      expect(reply?.status).toBe(status);
      expect(reply?.headers.connection).toBe('close');
      connection.write(`${bodyOf(200)}${requestHead('GET', '/health', { connection: 'close' })}`);
      await connection.closed;
      expect(connection.responses()).toHaveLength(1);
      expect(parsed()).toBe(false);
    },
  );
});

describe('Expect: 100-continue', () => {
  const expecting = { ...json, expect: '100-continue' };

  it('no 100 Continue before a 401: the refusal is the first thing the client hears', async () => {
    const connection = await open();
    connection.write(requestHead('POST', '/api/students', { ...expecting, 'content-length': '200' }));
    await connection.closed;
    expect(connection.text).toMatch(/^HTTP\/1\.1 401 /u);
    expect(connection.text).not.toMatch(/100 Continue/u);
  });

  it.each([
    ['a token lacking the scope', 403, { ...token('read'), 'content-length': '200' }],
    ['a body over BODY_LIMIT', 413, { ...token('write'), 'content-length': '5000' }],
    [
      'a body that is not JSON',
      415,
      { ...token('write'), 'content-length': '200', 'content-type': 'text/csv' },
    ],
  ] as const)('no 100 Continue for %s: %s, and the connection closes', async (_name, status, headers) => {
    const connection = await open();
    connection.write(requestHead('POST', '/api/grades', { ...expecting, ...headers }));
    await connection.closed;
    expect(connection.responses().map((reply) => reply.status)).toEqual([status]);
  });

  it('an authorized create hears 100 Continue, sends its body, and gets 201', async () => {
    const body = JSON.stringify({ school: A.school, name: 'Continued' });
    const connection = await open();
    connection.write(
      requestHead('POST', '/api/grades', {
        ...expecting,
        ...token('write'),
        'content-length': String(Buffer.byteLength(body)),
      }),
    );
    const [interim] = await connection.until(1);
    expect(interim?.status).toBe(100);
    connection.write(body);
    const [, created] = await connection.until(2);
    expect(created?.status).toBe(201);
    expect(JSON.parse(created?.body ?? '')).toMatchObject({ response: { name: 'Continued' }, errors: [] });
    expect(created?.headers.connection).not.toBe('close');
  });
});
