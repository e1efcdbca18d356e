/**
 * The shutdown's grace (SHUTDOWN_GRACE_MS): from the signal on, a keep-alive connection left idle is
 * kept open, and the request its client sends on it next is answered 503 `UNAVAILABLE` with
 * `Connection: close` instead of meeting a closed connection; a new connection is answered the same
 * way; once the grace is over, what is still idle is closed and the app closes. With no connection
 * open there is nothing to wait for. The grace is waited through a function the test controls, and
 * each connection is a raw socket, so every step happens in a known order.
 */
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { drainAndClose } from '../../src/lifecycle/shutdown.js';
import { build, SECRETS } from '../support/helper.js';

interface Reply {
  status: number;
  headers: Record<string, string>;
  body: { response: unknown; errors: { code: string }[] };
}

/** A raw keep-alive connection: several requests in turn, each reply read by its Content-Length. */
class Connection {
  readonly closed: Promise<void>;
  #buffer = '';
  #waiting: (() => void) | undefined;

  private constructor(readonly socket: Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      this.#buffer += chunk;
      this.#waiting?.();
    });
    this.closed = new Promise((resolve) => socket.on('close', () => resolve()));
  }

  static open(port: number): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => resolve(new Connection(socket)));
      socket.once('error', reject);
    });
  }

  async get(path: string): Promise<Reply> {
    this.socket.write(
      `GET ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${SECRETS.full}\r\ntype: API\r\n\r\n`,
    );
    for (;;) {
      const reply = this.#take();
      if (reply) return reply;
      await new Promise<void>((resolve, reject) => {
        this.#waiting = resolve;
        this.socket.once('close', () => reject(new Error(`closed without a reply: ${this.#buffer}`)));
      });
    }
  }

  #take(): Reply | undefined {
    const end = this.#buffer.indexOf('\r\n\r\n');
    if (end < 0) return undefined;
    const [statusLine = '', ...lines] = this.#buffer.slice(0, end).split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => [
        line.slice(0, line.indexOf(':')).toLowerCase(),
        line.slice(line.indexOf(':') + 1).trim(),
      ]),
    );
    const length = Number(headers['content-length']);
    const body = this.#buffer.slice(end + 4);
    if (Buffer.byteLength(body) < length) return undefined;
    this.#buffer = body.slice(length);
    return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body.slice(0, length)) };
  }
}

/** A grace the test ends by hand, recording how long it was asked to be. */
function controlledGrace() {
  const asked: number[] = [];
  let end: () => void = () => undefined;
  const over = new Promise<void>((resolve) => {
    end = resolve;
  });
  const wait = (ms: number) => {
    asked.push(ms);
    return over;
  };
  return { asked, end, wait };
}

async function listening(env: Record<string, string> = {}) {
  const api = await build({ env });
  await api.app.listen({ host: '127.0.0.1', port: 0 });
  return { api, port: (api.app.server.address() as AddressInfo).port };
}

describe('the shutdown grace', () => {
  it('answers the next request on an idle keep-alive connection 503 with Connection: close', async () => {
    const { api, port } = await listening({ SHUTDOWN_GRACE_MS: '7000' });
    const idle = await Connection.open(port);
    const before = await idle.get('/api/schools');
    expect(before.status).toBe(200);
    // Clients are told how long an idle connection stays usable (the grace covers it by default)
    // and how many requests it serves (MAX_REQUESTS_PER_SOCKET).
    expect(before.headers['keep-alive']).toBe('timeout=5, max=1000');
    expect(before.headers.connection).toBe('keep-alive');

    const grace = controlledGrace();
    let closed = false;
    const graceMs = api.app.school.config.shutdownGraceMs;
    const closing = drainAndClose(api.app, [], { signal: 'SIGTERM', graceMs, wait: grace.wait }).then(() => {
      closed = true;
    });

    const next = await idle.get('/api/schools');
    expect(next.status).toBe(503);
    expect(next.headers.connection).toBe('close');
    expect(next.headers['retry-after']).toBe('5');
    expect(next.body).toEqual({
      response: null,
      errors: [
        { code: 'UNAVAILABLE', message: 'The service is shutting down; retry the request.', param: '' },
      ],
    });
    await idle.closed;

    // The listener is still up during the grace: a client that reconnects is answered too.
    const reconnected = await Connection.open(port);
    expect((await reconnected.get('/health')).status).toBe(503);
    await reconnected.closed;

    expect(grace.asked).toEqual([7000]);
    expect(closed).toBe(false);
    grace.end();
    await closing;
    expect(api.app.server.listening).toBe(false);
  });

  it('by default lasts the keep-alive timeout, then closes the connections still idle and the app', async () => {
    const { api, port } = await listening();
    const idle = await Connection.open(port);
    expect((await idle.get('/api/schools')).status).toBe(200);

    const { shutdownGraceMs, keepAliveTimeoutMs } = api.app.school.config;
    expect(shutdownGraceMs).toBe(keepAliveTimeoutMs);
    const grace = controlledGrace();
    const closing = drainAndClose(api.app, [], {
      signal: 'SIGINT',
      graceMs: shutdownGraceMs,
      wait: grace.wait,
    });
    let socketClosed = false;
    void idle.closed.then(() => {
      socketClosed = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(socketClosed).toBe(false);

    expect(grace.asked).toEqual([5000]);
    grace.end();
    await closing;
    await idle.closed;
    expect(api.app.server.listening).toBe(false);
  });

  it('waits for nothing when no connection is open', async () => {
    const { api } = await listening();
    const grace = controlledGrace();
    await drainAndClose(api.app, [], { signal: 'SIGTERM', graceMs: 5000, wait: grace.wait });
    expect(grace.asked).toEqual([]);
    expect(api.app.server.listening).toBe(false);
  });
});
