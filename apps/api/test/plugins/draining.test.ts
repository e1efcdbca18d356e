/**
 * Closing the app loses no request: one being received when the shutdown starts is finished (and
 * its write lands), one that arrives on an open connection while closing is answered 503
 * `UNAVAILABLE` in the envelope, with `Retry-After`, and the connection is closed after it; a sync
 * delivery in flight is finished and acknowledged before the database closes.
 * Driven over raw sockets so each step happens in a known order, without timing.
 */

import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { ObjectId } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { build, SECRETS } from '../support/helper.js';
import { Receiver, seedBasics, sharedDatabase, startApp, syncOf } from '../sync/fixture.js';

interface RawReply {
  status: number;
  headers: Record<string, string>;
  body: { response: unknown; errors: { code: string; message: string; param: string }[] };
}

/** A socket with the whole reply it receives until the server closes the connection. */
function open(port: number): Promise<{ socket: Socket; reply: Promise<RawReply> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const reply = new Promise<RawReply>((done, fail) => {
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('error', fail);
      socket.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const [head = '', body = ''] = text.split('\r\n\r\n');
        const [statusLine = '', ...lines] = head.split('\r\n');
        const headers = Object.fromEntries(
          lines.map((line) => [
            line.slice(0, line.indexOf(':')).toLowerCase(),
            line.slice(line.indexOf(':') + 1).trim(),
          ]),
        );
        done({ status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) });
      });
    });
    socket.once('connect', () => resolve({ socket, reply }));
    socket.once('error', reject);
  });
}

/** Event-loop turns until `condition` holds (bounded: the test timeout). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

const auth = `Authorization: Bearer ${SECRETS.full}\r\ntype: API\r\n`;

describe('closing the app', () => {
  it('finishes a request in flight and answers one arriving while closing with 503 UNAVAILABLE', async () => {
    const api = await build();
    await api.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = api.app.server.address() as AddressInfo;

    // In flight: headers received (the request passed its hooks), the body not yet complete.
    const body = JSON.stringify({ name: 'Colegio del Cierre', code: 'CC' });
    const inFlight = await open(port);
    inFlight.socket.write(
      `POST /api/schools HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    // Arriving: the request has begun on an open connection, its headers not yet complete.
    const arriving = await open(port);
    arriving.socket.write(`GET /api/students HTTP/1.1\r\nHost: x\r\n${auth}`);
    // A full round trip on a third connection, opened after both writes: the server has read them.
    const health = await fetch(`http://127.0.0.1:${port}/health`);
    expect(health.status).toBe(200);

    const closed = api.app.close();
    await until(() => !api.app.server.listening);

    arriving.socket.write('\r\n');
    const refused = await arriving.reply;
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.headers.connection).toBe('close');
    expect(refused.body).toEqual({
      response: null,
      errors: [
        { code: 'UNAVAILABLE', message: 'The service is shutting down; retry the request.', param: '' },
      ],
    });

    inFlight.socket.write(body.slice(10));
    const created = await inFlight.reply;
    expect(created.status).toBe(201);
    expect(created.body.errors).toEqual([]);
    expect(created.headers.connection).toBe('close');
    const id = (created.body.response as { _id: string })._id;
    await closed;
    expect(await api.db.collection('schools').findOne({ _id: new ObjectId(id) })).toMatchObject({
      name: 'Colegio del Cierre',
    });
  });
});

describe('closing the app with a sync delivery in flight', () => {
  it('stops the worker after its delivery is acknowledged, then closes the database', async () => {
    const receiver = await Receiver.start();
    // What the database holds for the grade at the moment the app closes it.
    let gradeId = '';
    let stateAtClose: unknown;
    const shared = sharedDatabase();
    const database = {
      ...shared,
      close: async () => {
        stateAtClose = (await syncOf(shared.db, 'grades', gradeId))?.state;
      },
    };
    const api = await startApp({ database, env: { INTEGRATION_BASE_URL: receiver.url } });
    try {
      const { schoolA } = await seedBasics(api);
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let arrived: () => void = () => undefined;
      const inFlight = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      receiver.script = async (request) => {
        if (request.method === 'POST' && request.record?.startsWith('grades/')) {
          arrived();
          await held;
        }
        return undefined;
      };
      const { _id: id } = await api.create('grades', { school: schoolA, name: 'Duodécimo' });
      gradeId = id;
      await inFlight;

      let closed = false;
      const closing = api.close().then(() => {
        closed = true;
      });
      await new Promise((resolve) => setImmediate(resolve));
      expect(closed).toBe(false);
      release();
      await closing;
      expect(stateAtClose).toBe('synced');
      expect((await api.app.school.worker.status()).running).toBe(false);
      expect(receiver.entityOf('grades', id)).toBeDefined();
    } finally {
      await api.close();
      await receiver.close();
    }
  });
});
