/**
 * Connections are capped per client address (MAX_CONNECTIONS_PER_ADDRESS) and in total
 * (MAX_CONNECTIONS), over real sockets on loopback: past the per-address cap a new connection is
 * answered `503 TOO_MANY_CONNECTIONS` in the envelope and closed, while the connections already open
 * keep being served; once one closes, a new one is accepted. Past the total cap Node closes the new
 * connection as it accepts it, with no answer.
 */
import { type AddressInfo, connect, type Socket } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { build, SECRETS } from '../support/helper.js';
import { parseReplies } from '../support/raw-http.js';

/** A raw connection: requests written by hand, what came back read when it closes or on demand. */
class Connection {
  text = '';
  readonly closed: Promise<string>;
  private constructor(readonly socket: Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      this.text += chunk;
    });
    socket.on('error', () => undefined);
    this.closed = new Promise((resolve) => socket.on('close', () => resolve(this.text)));
  }

  static open(port: number): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => resolve(new Connection(socket)));
      socket.once('error', reject);
    });
  }

  /** Sends a GET and waits for its whole answer. */
  async get(path: string) {
    this.text = '';
    this.socket.write(
      `GET ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${SECRETS.full}\r\ntype: API\r\n\r\n`,
    );
    // A partial answer fails to parse: wait until a whole one is in.
    return vi.waitFor(
      () => {
        const replies = parseReplies(this.text);
        expect(replies).not.toEqual([]);
        return replies;
      },
      { timeout: 30_000 },
    );
  }
}

async function listening(env: Record<string, string>) {
  const api = await build({ env });
  await api.app.listen({ host: '127.0.0.1', port: 0 });
  afterAll(() => api.app.close());
  return { app: api.app, port: (api.app.server.address() as AddressInfo).port };
}

describe('MAX_CONNECTIONS_PER_ADDRESS', async () => {
  const { app, port } = await listening({ MAX_CONNECTIONS_PER_ADDRESS: '3' });

  it('refuses the connection past the cap with 503 TOO_MANY_CONNECTIONS, and serves the open ones', async () => {
    const open = await Promise.all([Connection.open(port), Connection.open(port), Connection.open(port)]);
    await vi.waitFor(() => expect(app.connections.open()).toBe(3), { timeout: 30_000 });

    const refused = await Connection.open(port);
    expect(parseReplies(await refused.closed)).toEqual([
      {
        status: 503,
        headers: expect.objectContaining({ connection: 'close', 'retry-after': '1' }),
        body: {
          response: null,
          errors: [
            {
              code: 'TOO_MANY_CONNECTIONS',
              message:
                'This address already has 3 connections open, the most it may (MAX_CONNECTIONS_PER_ADDRESS); send requests on those, or close one first.',
              param: '',
            },
          ],
        },
      },
    ]);

    const [first, second, third] = open as [Connection, Connection, Connection];
    expect((await first.get('/api/schools')).map((reply) => reply.status)).toEqual([200]);

    // One closes: a new connection takes its place and is served.
    third.socket.destroy();
    await vi.waitFor(() => expect(app.connections.open()).toBe(2), { timeout: 30_000 });
    const next = await Connection.open(port);
    expect((await next.get('/api/schools')).map((reply) => reply.status)).toEqual([200]);

    for (const connection of [first, second, next]) connection.socket.destroy();
    await vi.waitFor(() => expect(app.connections.open()).toBe(0), { timeout: 30_000 });
  });
});

describe('MAX_CONNECTIONS', async () => {
  const { app, port } = await listening({ MAX_CONNECTIONS: '2' });

  it('closes a connection past the total as it is accepted, with no answer', async () => {
    const open = await Promise.all([Connection.open(port), Connection.open(port)]);
    await vi.waitFor(() => expect(app.connections.open()).toBe(2), { timeout: 30_000 });
    const dropped = await Connection.open(port);
    expect(await dropped.closed).toBe('');
    expect((await open[0]?.get('/health'))?.map((reply) => reply.status)).toEqual([200]);
    for (const connection of open) connection.socket.destroy();
  });
});
