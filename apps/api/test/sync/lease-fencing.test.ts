/**
 * A worker that stalls between its claim and its send (a busy event loop, a long GC pause) past its
 * lease must not send: another worker has claimed the record meanwhile and sent it. Before the send
 * the worker renews its lease, conditional on still holding it (docs/sync.md, "Guarantees"). The
 * stall is made by the test's clock, not by how busy the machine is.
 */
import type { IntegrationClient } from '@school/integration-client';
import { describe, expect, it } from 'vitest';
import { SyncWorker } from '../../src/sync/worker.js';
import { ManualClock } from './clock.js';
import { clientFor, differences, PUBLIC_URL, person, syncOf, syncSuite } from './fixture.js';

const LEASE_MS = 5000;

const { receiver, api, basics, cleanup } = await syncSuite({ sync: { autoStart: false } });
const clients: IntegrationClient[] = [];
cleanup.push(async () => {
  for (const client of clients) await client.close();
});

function worker(clock: ManualClock, onClaimed?: () => Promise<void>): SyncWorker {
  const client = clientFor(receiver);
  clients.push(client);
  return new SyncWorker({
    db: api.db,
    client,
    publicUrl: PUBLIC_URL,
    log: api.app.log,
    leaseMs: LEASE_MS,
    concurrency: 1,
    now: clock.now,
    onStep: async (step) => {
      if (step === 'claimed') await onClaimed?.();
    },
  });
}

describe('a worker whose lease ran out while it stalled', () => {
  it('does not send: the record reaches the external system once, from the worker that claimed it after', async () => {
    const { _id: id } = await api.create('students', { school: basics.schoolA, user: person('Lía') });
    const clock = new ManualClock();
    const successor = worker(clock);
    let successorRan = false;
    const stalled = worker(clock, async () => {
      // The stall: the clock passes the lease, and another worker claims and delivers the record.
      clock.advance(LEASE_MS + 1);
      successorRan = await successor.runOnce();
    });
    expect(await stalled.runOnce()).toBe(true);
    expect(successorRan).toBe(true);
    expect(receiver.requestsFor('students', id).map((r) => [r.method, r.status])).toEqual([['POST', 201]]);
    expect(await syncOf(api.db, 'students', id)).toMatchObject({ state: 'synced', lease: null });
    expect(await differences(api.db, receiver, { collection: 'students', id })).toEqual([]);
  });

  it('still sends when no other worker took the record: its lease is renewed first', async () => {
    const { _id: id } = await api.create('students', { school: basics.schoolA, user: person('Noa') });
    const clock = new ManualClock();
    const stalled = worker(clock, async () => clock.advance(LEASE_MS + 1));
    expect(await stalled.runOnce()).toBe(true);
    expect(receiver.requestsFor('students', id).map((r) => [r.method, r.status])).toEqual([['POST', 201]]);
    expect(await syncOf(api.db, 'students', id)).toMatchObject({ state: 'synced', lease: null });
  });
});
