/**
 * A resync repeated while the first is pending, or within the cooldown after it was sent, queues
 * nothing again: ten resyncs a second apart send each record once (docs/sync.md, "Operations"). The
 * app's clock and its worker's are one clock the test moves; the worker is driven by hand.
 */
import { describe, expect, it } from 'vitest';
import { RESYNC_COOLDOWN_MS } from '../../src/sync/sync-state.js';
import { ManualClock } from './clock.js';
import { type Json, People, syncSuite } from './fixture.js';

const clock = new ManualClock();
const { receiver, api, basics } = await syncSuite({
  sync: { autoStart: false, now: clock.now },
  now: clock.now,
});
const people = new People();

async function drain(): Promise<void> {
  for (let i = 0; i < 100 && (await api.app.school.worker.runOnce()); i++);
}

async function resync(): Promise<Json> {
  const reply = await api.request('POST', '/api/integration/sync/students/resync?user.surname=Coalescida');
  expect(reply.status).toBe(202);
  return reply.body.response;
}

const putsSince = (before: number) =>
  receiver.requests.slice(before).filter((r) => r.method === 'PUT').length;

describe('resync coalescing', () => {
  it('a resync already pending is not queued again, ten resyncs a second apart send each record once, and after the cooldown it is sent again', async () => {
    for (const name of ['Ada', 'Bea', 'Cora']) {
      const user = { ...people.someone(name), surname: 'Coalescida' };
      await api.create('students', { school: basics.schoolA, user });
    }
    // The store stamps the records with the system clock: the test's clock moves past it first.
    clock.advance(60_000);
    await drain();
    expect(receiver.requests.map((r) => r.method)).toEqual(['POST', 'POST', 'POST']);
    const before = receiver.requests.length;

    expect(await resync()).toEqual({ matched: 3, queued: 3, coalesced: 0 });
    // Not sent yet: the same resync again is already pending.
    expect(await resync()).toEqual({ matched: 3, queued: 0, coalesced: 3 });
    await drain();
    expect(putsSince(before)).toBe(3);

    for (let i = 0; i < 9; i++) {
      clock.advance(1000);
      expect(await resync()).toEqual({ matched: 3, queued: 0, coalesced: 3 });
      await drain();
    }
    expect(putsSince(before)).toBe(3);

    clock.advance(RESYNC_COOLDOWN_MS);
    expect(await resync()).toEqual({ matched: 3, queued: 3, coalesced: 0 });
    await drain();
    expect(putsSince(before)).toBe(6);
  });

  it('the reply and the OpenAPI description say so', async () => {
    const document = (await api.app.inject({ method: 'GET', url: '/docs/json' })).json() as Json;
    const operation = document.paths['/api/integration/sync/students/resync'].post;
    expect(operation.description).toContain('coalesced');
    expect(document.components.schemas.ResyncAccepted.required).toEqual(['matched', 'queued', 'coalesced']);
  });
});
