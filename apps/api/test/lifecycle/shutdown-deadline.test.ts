/**
 * No slow client holds a shutdown hostage. At the shutdown timeout (SHUTDOWN_TIMEOUT_MS) a
 * connection still sending its request is closed and the process exits 0: every request it had
 * received whole was answered. Only a request received whole and still unanswered makes the exit 1.
 * The timeout and the exit are functions the test controls; the connections are raw sockets.
 */
import { type AddressInfo, connect, type Socket } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/app-config.js';
import { AFTER_TIMEOUT_MS, shutdown } from '../../src/lifecycle/shutdown.js';
import { memoryDatabase } from '../support/database.js';
import { build, SECRETS } from '../support/helper.js';
import { listeningPort, startServer } from '../support/server-process.js';

/** Timeouts the test ends by hand, in the order they are asked for. */
function controlledTimeouts() {
  const asked: number[] = [];
  const ends: (() => void)[] = [];
  const expire = (ms: number) => {
    asked.push(ms);
    return new Promise<void>((resolve) => ends.push(resolve));
  };
  return { asked, expire, end: (index: number) => ends[index]?.() };
}

/** Exit codes, recorded instead of ending the test process. */
function recordedExits() {
  const codes: number[] = [];
  let exited: (code: number) => void = () => undefined;
  const first = new Promise<number>((resolve) => {
    exited = resolve;
  });
  return {
    codes,
    first,
    exit: (code: number) => {
      codes.push(code);
      exited(code);
    },
  };
}

/** A connection whose request has begun: headers whole, the body not (or nothing after the headers). */
function sending(port: number, request: string): Promise<{ socket: Socket; closed: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(request);
      resolve({ socket, closed });
    });
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('error', reject);
    const closed = new Promise<string>((done) => socket.on('close', () => done(text)));
  });
}

const BODY_PENDING = `POST /api/grades HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${SECRETS.full}\r\ntype: API\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"name":"`;

async function listening() {
  // Deadlines far beyond the test: only the shutdown closes what is still sending.
  const api = await build({ env: { REQUEST_TIMEOUT_MS: '3600000', HEADERS_TIMEOUT_MS: '3600000' } });
  return api;
}

describe('the shutdown timeout', () => {
  it('closes the connections still sending a request and exits 0', async () => {
    const api = await listening();
    await api.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = api.app.server.address() as AddressInfo;
    const slow = await sending(port, BODY_PENDING);
    await vi.waitFor(() => expect(api.app.connections.open()).toBe(1), { timeout: 30_000 });

    const timeouts = controlledTimeouts();
    const exits = recordedExits();
    void shutdown(api.app, [], {
      signal: 'SIGTERM',
      graceMs: 0,
      timeoutMs: 25_000,
      expire: timeouts.expire,
      exit: exits.exit,
    });
    expect(timeouts.asked).toEqual([25_000]);
    expect(api.app.connections.unanswered()).toBe(0);
    timeouts.end(0);

    expect(await exits.first).toBe(0);
    expect(await slow.closed).toBe('');
    expect(api.app.server.listening).toBe(false);
    // The close finished within the allowance after the timeout: its end changes nothing.
    expect(timeouts.asked).toEqual([25_000, AFTER_TIMEOUT_MS]);
    timeouts.end(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(exits.codes).toEqual([0]);
  });

  it('exits 1 when a request received whole is still unanswered', async () => {
    // An app of its own, to add a route whose answer the test holds back.
    const database = memoryDatabase();
    const app = await buildApp({ config: loadConfig({ DEMO_DATA: '0' }, false), database, logger: false });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    app.get('/held', async () => {
      await held;
      return { response: 'late', errors: [] };
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const waiting = await sending(port, 'GET /held HTTP/1.1\r\nHost: x\r\n\r\n');
    await vi.waitFor(() => expect(app.connections.unanswered()).toBe(1), { timeout: 30_000 });

    const timeouts = controlledTimeouts();
    const exits = recordedExits();
    const closing = shutdown(app, [], {
      signal: 'SIGTERM',
      graceMs: 0,
      timeoutMs: 25_000,
      expire: timeouts.expire,
      exit: exits.exit,
    });
    timeouts.end(0);
    expect(await exits.first).toBe(1);

    release();
    expect(await waiting.closed).toMatch(/^HTTP\/1\.1 200 /u);
    await closing;
    await database.closeForReal();
  });
});

describe('the real server, SIGTERM with a client still sending a body', () => {
  it('closes that connection at SHUTDOWN_TIMEOUT_MS and exits 0', { timeout: 120_000 }, async () => {
    const server = startServer('node', {
      DEMO_TOKEN: 'shutdown-deadline-token-0001',
      REQUEST_TIMEOUT_MS: '3600000',
      HEADERS_TIMEOUT_MS: '3600000',
      SHUTDOWN_GRACE_MS: '0',
      SHUTDOWN_TIMEOUT_MS: '1000',
    });
    try {
      await server.waitFor('"ready" log line', () =>
        server.logs().some((line) => line.msg?.startsWith('ready')),
      );
      const port = listeningPort(server) as number;
      const slow = await sending(port, BODY_PENDING.replace(SECRETS.full, 'shutdown-deadline-token-0001'));
      await server.waitFor('the request', () =>
        server.logs().some((line) => line.msg === 'incoming request'),
      );
      server.signal('SIGTERM', 'server');

      const { code } = await server.exited;
      expect(code).toBe(0);
      expect(await slow.closed).toBe('');
      expect(server.logs().map((line) => line.msg)).toContain(
        'closing 1 connections still sending a request after 1000 ms (SHUTDOWN_TIMEOUT_MS)',
      );
    } finally {
      if (server.groupAlive()) server.signal('SIGKILL', 'group');
    }
  });
});
