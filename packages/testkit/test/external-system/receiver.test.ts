import { afterEach, describe, expect, it } from 'vitest';
import { Receiver } from '../../src/external-system/receiver.js';

const KEY = 'create-students-65f0c2a1b4d3e2f1a0b9c801';
let receiver: Receiver;
afterEach(() => receiver?.close());

const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${receiver.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }).then(async (response) => ({ status: response.status, body: await response.json() }));

describe('the fake external system', () => {
  it('creates once per Idempotency-Key and answers the same id to a repeated create', async () => {
    receiver = await Receiver.start();
    const first = await send(
      'POST',
      '/api/integration/students',
      { name: 'Ana' },
      { 'idempotency-key': KEY },
    );
    const again = await send(
      'POST',
      '/api/integration/students',
      { name: 'Other' },
      { 'idempotency-key': KEY },
    );
    expect(first).toEqual({ status: 201, body: { status: 'success', data: { userId: 'ext-st-1' } } });
    expect(again).toEqual(first);
    expect(receiver.replays).toBe(1);
    expect(receiver.entityOf('students', '65f0c2a1b4d3e2f1a0b9c801')?.state).toEqual({ name: 'Ana' });
    expect(receiver.requestsFor('students', '65f0c2a1b4d3e2f1a0b9c801').map((r) => r.seq)).toEqual([1, 2]);
  });

  it('applies an update as a JSON Merge Patch: null clears, objects merge, arrays are replaced', async () => {
    receiver = await Receiver.start();
    await send(
      'POST',
      '/api/integration/students',
      { a: 1, b: { c: 1, d: 2 }, e: [1, 2] },
      { 'idempotency-key': KEY },
    );
    const update = await send('PUT', '/api/integration/students/ext-st-1', { a: null, b: { d: 3 }, e: [3] });
    expect(update.status).toBe(200);
    expect(receiver.entities.get('students/ext-st-1')?.state).toEqual({ b: { c: 1, d: 3 }, e: [3] });
  });

  it('refuses and notes an update of an entity it never created', async () => {
    receiver = await Receiver.start();
    expect((await send('PUT', '/api/integration/parents/nope', { a: 1 })).status).toBe(404);
    expect(receiver.updatesBeforeCreate).toEqual(['PUT /api/integration/parents/nope']);
  });

  it('answers queued replies first, then the script, then its own store', async () => {
    receiver = await Receiver.start();
    receiver.replies.push({ status: 503 });
    receiver.script = (request) => (request.seq === 2 ? { status: 429, body: { slow: 'down' } } : undefined);
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push(
        (await fetch(`${receiver.url}/api/integration/failures`, { method: 'POST', body: '{}' })).status,
      );
    expect(statuses).toEqual([503, 429, 200]);
    expect(receiver.requests.map((r) => [r.status, r.scripted])).toEqual([
      [503, true],
      [429, true],
      [200, false],
    ]);
    expect(receiver.notices).toEqual([{}]);
  });

  it('in acknowledge mode answers every request with a valid reply and keeps nothing', async () => {
    receiver = await Receiver.start({ mode: 'acknowledge' });
    const arrived = receiver.after(2);
    const created = await send('POST', '/api/integration/grades', { name: 'x' });
    const updated = await send('PUT', '/api/integration/grades/x1', { name: 'y' });
    await arrived;
    expect(created).toEqual({ status: 201, body: { status: 'ok', data: { userId: 'x1', id: 'x1' } } });
    expect(updated.status).toBe(200);
    expect(receiver.requests).toEqual([]);
    expect(receiver.arrivals.has('/api/integration/grades/x1')).toBe(true);
  });
});
