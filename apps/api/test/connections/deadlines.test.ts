/**
 * Every connection has a deadline, over real sockets on loopback. A body that never finishes — sent
 * a byte at a time, so the connection is never idle — is cut at the request deadline
 * (REQUEST_TIMEOUT_MS) with `408 REQUEST_TIMEOUT` when the service was still waiting for it, or
 * closed without a second answer when it had already refused it (no token); headers that never end
 * are cut at the headers deadline. Each such connection is closed and the server's count of open
 * connections returns to where it was, while a normal client is served meanwhile. The deadlines
 * are small so that the test is quick; it asserts what clients see, never how long it took.
 */
import { type AddressInfo, connect, type Socket } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { build, type Json, SECRETS } from '../support/helper.js';
import { getClosing, parseReplies } from '../support/raw-http.js';

const api = await build({ env: { HEADERS_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '1500' } });
await api.app.listen({ host: '127.0.0.1', port: 0 });
const { port } = api.app.server.address() as AddressInfo;
afterAll(() => api.app.close());

/** Most bytes a slow sender trickles: far more than the deadline lets through, so it stops by being cut. */
const MAX_TRICKLE = 2000;

/** A client that sends `head`, then one byte of `unit` every 50 ms until the server closes the connection. */
function slowSender(head: string, unit: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, '127.0.0.1', () => socket.write(head));
    let text = '';
    let sent = 0;
    const timer = setInterval(() => {
      sent += 1;
      if (sent > MAX_TRICKLE) return socket.destroy(new Error('never cut'));
      if (socket.writable) socket.write(unit);
    }, 50);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    // The server may reset a connection whose bytes it no longer reads; what arrived still counts.
    socket.on('error', (error: Error) => {
      if (error.message === 'never cut') reject(error);
    });
    socket.on('close', () => {
      clearInterval(timer);
      resolve(text);
    });
  });
}

const post = (auth: string) =>
  `POST /api/grades HTTP/1.1\r\nHost: x\r\n${auth}type: API\r\nContent-Type: application/json\r\nContent-Length: 1048000\r\n\r\n{"name":"`;

const withToken = post(`Authorization: Bearer ${SECRETS.full}\r\n`);

describe('a request that never finishes arriving', () => {
  it('is cut at the deadline, with or without a token, while others are served and the connections are released', async () => {
    const before = api.app.connections.open();
    const slow = [
      ...Array.from({ length: 3 }, () => slowSender(withToken, 'x')),
      ...Array.from({ length: 3 }, () => slowSender(post(''), 'x')),
    ];
    // A normal client is served while they hang on.
    const normal = await getClosing(port, '/api/schools', { authorization: `Bearer ${SECRETS.full}` });
    expect(normal.status).toBe(200);
    expect((normal.body as Json).errors).toEqual([]);

    const texts = await Promise.all(slow);
    const [tokened, tokenless] = [texts.slice(0, 3), texts.slice(3)];
    for (const text of tokened) {
      expect(parseReplies(text)).toEqual([
        {
          status: 408,
          headers: expect.objectContaining({ connection: 'close' }),
          body: {
            response: null,
            errors: [
              {
                code: 'REQUEST_TIMEOUT',
                message:
                  'The request did not arrive in time: its headers must arrive within 1000 ms and the whole request, body included, within 1500 ms of its first byte.',
                param: '',
              },
            ],
          },
        },
      ]);
    }
    // Refused before its body: the one answer is the refusal, and the connection still closes.
    for (const text of tokenless) {
      const replies = parseReplies(text);
      expect(replies.map((reply) => [reply.status, (reply.body as Json).errors[0].code])).toEqual([
        [401, 'UNAUTHORIZED'],
      ]);
    }
    // The server sees each close a moment after the client does.
    await vi.waitFor(() => expect(api.app.connections.open()).toBe(before), { timeout: 30_000 });
  });

  it('is cut at the headers deadline when its headers never end', async () => {
    const text = await slowSender(
      `GET /api/schools HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${SECRETS.full}\r\n`,
      'x-more: 1\r\n',
    );
    expect(parseReplies(text)).toEqual([
      expect.objectContaining({
        status: 408,
        body: { response: null, errors: [expect.objectContaining({ code: 'REQUEST_TIMEOUT' })] },
      }),
    ]);
  });

  it('closes a connection that never sends a byte, answering 408', async () => {
    const text = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let received = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        received += chunk;
      });
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(received));
    });
    expect(parseReplies(text).map((reply) => reply.status)).toEqual([408]);
  });
});
