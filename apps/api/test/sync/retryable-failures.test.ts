/**
 * Retryable failures: 5xx, 429 with Retry-After and refused connections; each attempt is in the
 * delivery log. Time-outs and a create whose reply was lost: time-outs.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { SyncWorker } from '../../src/sync/worker.js';
import { ManualClock } from './clock.js';
import {
  clientFor,
  closedPort,
  deliveriesOf,
  deliverySuite,
  People,
  PUBLIC_URL,
  seedBasics,
  sharedDatabase,
  startApp,
  syncOf,
  waitFor,
  waitState,
  waitSynced,
} from './fixture.js';

const { receiver, api, basics, cleanup } = await deliverySuite();
const people = new People();
const someone = (name: string) => people.someone(name);

describe('retryable failures', () => {
  it('a create answered 500 twice is retried and then acknowledged, each attempt in the deliveries', async () => {
    const user = someone('Olga');
    let n = 0;
    receiver.script = (request) =>
      request.method === 'POST' && request.body?.surname === user.surname && ++n <= 2
        ? { status: 500, body: { status: 'error' } }
        : undefined;
    try {
      const { _id: id } = await api.create('parents', { school: basics.schoolA, user });
      const sync = await waitSynced(api.db, 'parents', id);
      expect(receiver.requestsFor('parents', id).map((r) => r.status)).toEqual([500, 500, 201]);
      expect(sync).toMatchObject({ attempts: 0, last_error: null });
      const log = await deliveriesOf(api, id);
      expect(log.map((d) => [d.operation, d.method, d.status, d.outcome, d.attempt, d.error_class])).toEqual([
        ['create', 'POST', 500, 'retryable', 1, 'DeliveryHttpError'],
        ['create', 'POST', 500, 'retryable', 2, 'DeliveryHttpError'],
        ['create', 'POST', 201, 'acknowledged', 3, null],
      ]);
      // The path at the external system, never its address.
      expect(log[0].url).toBe('/api/integration/parents');
    } finally {
      receiver.script = undefined;
    }
  });

  it('a 429 with Retry-After: 1 holds every delivery for a second and then the record is sent', async () => {
    await api.app.school.worker.stop(); // the worker below goes step by step on its own clock
    const client = clientFor(receiver);
    const clock = new ManualClock(Date.now() + 1000);
    const worker = new SyncWorker({
      db: api.db,
      client,
      publicUrl: PUBLIC_URL,
      log: api.app.log,
      now: clock.now,
    });
    const user = someone('Pia');
    let n = 0;
    receiver.script = (request) =>
      request.method === 'POST' && request.body?.surname === user.surname && ++n === 1
        ? { status: 429, headers: { 'retry-after': '1' }, body: { status: 'slow down' } }
        : undefined;
    try {
      const { _id: id } = await api.create('students', { school: basics.schoolA, user });
      expect(await worker.runOnce()).toBe(true);
      const sync = await syncOf(api.db, 'students', id);
      const wait = sync.due_at.getTime() - clock.now().getTime();
      // Retry-After is only ever lengthened (by the jitter, up to 20 %), never shortened.
      expect(wait).toBeGreaterThanOrEqual(1000);
      expect(wait).toBeLessThanOrEqual(1200);
      expect(sync).toMatchObject({ state: 'pending', attempts: 1, last_error: 'DeliveryHttpError 429' });
      // Every sender waits, not only this record.
      expect(worker.breakerState).toBe('open');
      clock.advance(999);
      expect(await worker.runOnce()).toBe(false);
      clock.advance(wait - 999);
      expect(await worker.runOnce()).toBe(true);
      expect(receiver.requestsFor('students', id).map((r) => r.status)).toEqual([429, 201]);
      expect(await syncOf(api.db, 'students', id)).toMatchObject({ state: 'synced', attempts: 0 });
    } finally {
      receiver.script = undefined;
      await client.close();
      api.app.school.worker.start();
    }
  });
});

describe('a receiver that cannot be reached', () => {
  it('refused connections are retried (ECONNREFUSED), then the record is failed and counted by /health', async () => {
    const database = sharedDatabase();
    const port = await closedPort();
    const app = await startApp({ database, env: { INTEGRATION_BASE_URL: `http://127.0.0.1:${port}` } });
    cleanup.push(() => app.close());
    const local = await seedBasics(app);
    const { _id: id } = await app.create('grades', { school: local.schoolA, name: 'Séptimo' });
    const sync = await waitState(app, 'grades', id, 'failed');
    expect(sync).toMatchObject({ attempts: 4, last_error: 'DeliveryNetworkError' });
    const log = await waitFor(async () => {
      const entries = await deliveriesOf(app, id);
      return entries.length === 5 ? entries : undefined;
    }, 'four attempts and the notice');
    expect(log.map((d) => [d.operation, d.outcome, d.error_class, d.error_code])).toEqual([
      ...Array(4).fill(['create', 'retryable', 'DeliveryNetworkError', 'ECONNREFUSED']),
      // The notice can't be delivered either; it is logged all the same.
      ['notice', 'retryable', 'DeliveryNetworkError', 'ECONNREFUSED'],
    ]);
    expect(await app.health()).toMatchObject({ configured: true, pending: 0, failed: 1 });
  });
});
