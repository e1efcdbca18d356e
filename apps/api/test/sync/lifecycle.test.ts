/**
 * The worker as a long-lived part of the process: nudges, stop and start, and its bookkeeping when
 * writes race with a delivery in flight (`/health`'s oldest pending age, a failure that a newer
 * change should supersede).
 */
import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { initialSyncState } from '../../src/sync/sync-state.js';
import { SyncWorker } from '../../src/sync/worker.js';
import { ManualClock } from './clock.js';
import {
  clientFor,
  differences,
  type Json,
  PUBLIC_URL,
  person,
  seedBasics,
  sharedDatabase,
  sleep,
  startApp,
  syncOf,
  syncSuite,
  waitFor,
  waitSynced,
} from './fixture.js';

// A long poll interval: anything delivered quickly was delivered because the write nudged the worker.
const { receiver, api, basics } = await syncSuite({ sync: { pollIntervalMs: 3_600_000 } });

/** A promise the receiver's script can wait on, and the function that opens it. */
function gate(): { wait: Promise<void>; open: () => void } {
  let open: () => void = () => {};
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}

describe('the worker in a running process', () => {
  it('a write is delivered at once (the write nudges the worker), not at the next poll', async () => {
    const { _id: id } = await api.create('parents', { school: basics.schoolA, user: person('Nora') });
    // The poll interval here is an hour: delivered within the wait at all means the nudge did it.
    await waitSynced(api.db, 'parents', id, 15_000);
  });

  it('stop() waits for the delivery in flight and stores its outcome; start() picks up what was written meanwhile', async () => {
    const { _id: id } = await api.create('grades', { school: basics.schoolA, name: 'Décimo' });
    await waitSynced(api.db, 'grades', id);
    const held = gate();
    let inFlight = false;
    receiver.script = async (request) => {
      if (request.method === 'PUT' && request.record === `grades/${id}` && !inFlight) {
        inFlight = true;
        await held.wait;
      }
      return undefined;
    };
    try {
      await api.update('grades', id, { name: 'Décimo A' });
      await waitFor(() => inFlight, 'the PUT to be in flight');
      let stopped = false;
      const stopping = api.app.school.worker.stop().then(() => {
        stopped = true;
      });
      await sleep(30);
      expect(stopped).toBe(false);
      held.open();
      await stopping;
      expect(await syncOf(api.db, 'grades', id)).toMatchObject({ state: 'synced' });
      expect((await api.health()).running).toBe(false);

      await api.update('grades', id, { name: 'Décimo B' });
      await sleep(50);
      expect((await syncOf(api.db, 'grades', id)).state).toBe('pending');
      api.app.school.worker.start();
      await waitSynced(api.db, 'grades', id);
      expect(receiver.entityOf('grades', id)!.state.name).toBe('Décimo B');
    } finally {
      receiver.script = undefined;
      held.open();
      api.app.school.worker.start();
    }
  });

  // Regression (was a bug): every idle `#sleep()` chains a new `#wake` closure onto the previous one and the chain is
  // never cut, so it grows by one closure per poll per loop (4 a second with the defaults). After
  // ~10,000 of them, `nudge()` — called by every write through the store — overflows the stack:
  // the write is stored but the API answers 500, and `stop()` (hence `app.close()`) throws too.
  // With the defaults that is roughly an hour of idle polling; here 50 loops polling every 1 ms.
  it('writes still succeed and the worker still stops after it has polled idly for a long time', async () => {
    const other = await startApp({
      database: sharedDatabase(),
      env: { INTEGRATION_BASE_URL: receiver.url },
      sync: { pollIntervalMs: 1, concurrency: 50 },
    });
    try {
      const local = await seedBasics(other);
      await sleep(1500);
      const reply = await other.request('POST', '/api/grades', { school: local.schoolA, name: 'Once' });
      expect(reply.status).toBe(201);
      expect(() => other.app.school.worker.nudge()).not.toThrow();
      await expect(other.app.school.worker.stop()).resolves.toBeUndefined();
    } finally {
      await other.close().catch(() => {});
    }
  });
});

describe('bookkeeping when a write races with a delivery', () => {
  // Regression (was a bug): `_sync.pending_since` is set by the first unacknowledged change and only cleared when a
  // delivery acknowledges the *current* version. When the record changed while a delivery was in
  // flight, the acknowledgement keeps `pending_since` at the first change's time, although that
  // change has now been acknowledged: `/health`'s `oldest_pending_age_ms` overstates the lag (and
  // under a steady stream of changes to one record it never goes down).
  it('after an acknowledgement of an older version, /health ages the pending change from when it was made', async () => {
    const { _id: id } = await api.create('students', { school: basics.schoolA, user: person('Olivia') });
    await waitSynced(api.db, 'students', id);
    const first = gate();
    const second = gate();
    let puts = 0;
    receiver.script = async (request) => {
      if (request.method === 'PUT' && request.record === `students/${id}`) {
        puts++;
        await (puts === 1 ? first.wait : second.wait);
      }
      return undefined;
    };
    try {
      await api.update('students', id, { user: { name: 'Uno' } });
      await waitFor(() => puts === 1, 'the first PUT');
      const firstChange = (await syncOf(api.db, 'students', id)).pending_since as Date;
      await sleep(5); // the second change is made at a later millisecond
      await api.update('students', id, { user: { name: 'Dos' } });
      first.open();
      await waitFor(() => puts === 2, 'the second PUT');
      // The first change is acknowledged: the pending one dates from the second change.
      const record = await api.db.collection('students').findOne({ _id: new ObjectId(id) });
      expect(record!._sync.pending_since).toEqual(record!.updated_at);
      expect(record!._sync.pending_since.getTime()).toBeGreaterThan(firstChange.getTime());
      expect((await api.health()).pending).toBeGreaterThanOrEqual(1);
    } finally {
      receiver.script = undefined;
      first.open();
      second.open();
    }
    await waitSynced(api.db, 'students', id);
  });

  // Regression (was a bug): a permanent failure of a delivery marks the record `failed` even when the record changed
  // while that delivery was in flight. A change made just after the failure is stored sets the
  // record pending again and is sent, but one made while the request was in flight is held until
  // someone calls retry: whether a change goes out depends on a race of a few milliseconds.
  it('a change made while a delivery that fails permanently was in flight is still sent', async () => {
    const { _id: id } = await api.create('parents', { school: basics.schoolA, user: person('Paz') });
    await waitSynced(api.db, 'parents', id);
    const held = gate();
    let puts = 0;
    receiver.script = async (request) => {
      if (request.method === 'PUT' && request.record === `parents/${id}` && ++puts === 1) {
        await held.wait;
        return { status: 422, body: { status: 'error', message: 'e-mail refused' } };
      }
      return undefined;
    };
    try {
      await api.update('parents', id, { user: { email: 'refused@example.org' } });
      await waitFor(() => puts === 1, 'the first PUT');
      await api.update('parents', id, { user: { email: 'paz.ok@gmail.com' } });
      held.open();
      const sync: Json = await waitSynced(api.db, 'parents', id, 2000);
      expect(sync.state).toBe('synced');
      expect(receiver.entityOf('parents', id)!.state.email).toBe('paz.ok@gmail.com');
    } finally {
      receiver.script = undefined;
      held.open();
    }
  });

  it('a change made after a permanent failure was stored is sent without a retry', async () => {
    const { _id: id } = await api.create('parents', { school: basics.schoolA, user: person('Quela') });
    await waitSynced(api.db, 'parents', id);
    receiver.script = (request) =>
      request.method === 'PUT' &&
      request.record === `parents/${id}` &&
      request.body?.email === 'no@example.org'
        ? { status: 422, body: { status: 'error' } }
        : undefined;
    try {
      await api.update('parents', id, { user: { email: 'no@example.org' } });
      await waitFor(async () => (await syncOf(api.db, 'parents', id))?.state === 'failed', 'the failure');
      await api.update('parents', id, { user: { email: 'quela.ok@gmail.com' } });
      await waitSynced(api.db, 'parents', id);
      expect(receiver.entityOf('parents', id)!.state.email).toBe('quela.ok@gmail.com');
    } finally {
      receiver.script = undefined;
    }
  });
});

describe('a worker that loses its lease or meets an unexpected error', () => {
  it('a worker whose lease ran out while its request was in flight cannot store its outcome over the newer one', async () => {
    const { _id: id } = await api.create('students', { school: basics.schoolA, user: person('Rut') });
    await waitSynced(api.db, 'students', id);
    await api.app.school.worker.stop(); // only the two workers below deliver in this test
    const client = clientFor(receiver);
    const make = (lateByMs: number) =>
      new SyncWorker({
        db: api.db,
        client,
        publicUrl: PUBLIC_URL,
        log: api.app.log,
        leaseMs: 1000,
        now: () => new Date(Date.now() + lateByMs),
      });
    try {
      await api.update('students', id, { user: { name: 'Rut v2' } });
      // The receiver applies worker A's PUT at once but answers it late.
      let late = true;
      receiver.script = (request) => {
        if (request.method !== 'PUT' || request.record !== `students/${id}` || !late) return undefined;
        late = false;
        return { replyLateMs: 150 };
      };
      const a = make(0);
      const slow = a.runOnce();
      await waitFor(() => !late, 'A’s PUT to arrive');
      await api.update('students', id, { user: { name: 'Rut v3' } });
      // B comes after A's lease ran out, sends v3 and stores it.
      const b = make(1001);
      expect(await b.runOnce()).toBe(true);
      const afterB = await syncOf(api.db, 'students', id);
      expect(afterB).toMatchObject({ state: 'synced', acked: { name: 'Rut v3' } });
      // A's reply arrives now: its acknowledgement of v2 must not overwrite B's.
      expect(await slow).toBe(true);
      const final = await syncOf(api.db, 'students', id);
      expect(final).toEqual(afterB);
      expect(await differences(api.db, receiver, { collection: 'students', id })).toEqual([]);
    } finally {
      receiver.script = undefined;
      await client.close();
      api.app.school.worker.start();
    }
  });

  it('an unexpected error after the send leaves the record to its lease, and it is delivered again after it', async () => {
    const database = sharedDatabase();
    const writer = await startApp({ database, sync: { autoStart: false } });
    const client = clientFor(receiver);
    const clock = new ManualClock(Date.now() + 1000);
    let fail = true;
    const worker = new SyncWorker({
      db: database.db,
      client,
      publicUrl: PUBLIC_URL,
      log: writer.app.log,
      leaseMs: 100,
      now: clock.now,
      onStep: (step) => {
        if (step === 'sent' && fail) {
          fail = false;
          throw new Error('the database went away');
        }
      },
    });
    try {
      const local = await seedBasics(writer);
      const { _id: id } = await writer.create('grades', { school: local.schoolA, name: 'Doce' });
      expect(await worker.runOnce()).toBe(true); // sent, then the error: the outcome is not stored
      expect(await syncOf(database.db, 'grades', id)).toMatchObject({ state: 'pending', acked_version: 0 });
      clock.advance(99);
      expect(await worker.runOnce()).toBe(false); // the lease still holds it
      clock.advance(1);
      expect(await worker.runOnce()).toBe(true);
      const sync = await syncOf(database.db, 'grades', id);
      expect(sync).toMatchObject({ state: 'synced', acked_version: 1 });
      // Sent twice with the same Idempotency-Key: the external system made one entity.
      const posts = receiver.requestsFor('grades', id);
      expect(posts.map((r) => r.method)).toEqual(['POST', 'POST']);
      expect(posts[1]!.headers['idempotency-key']).toBe(posts[0]!.headers['idempotency-key']);
      expect(sync.external_id).toBe(receiver.entityOf('grades', id)!.externalId);
      expect(await differences(database.db, receiver, { collection: 'grades', id })).toEqual([]);
    } finally {
      await client.close();
      await writer.close();
    }
  });
});

describe('a record whose payload cannot be built', () => {
  // Regression (was a bug): when `currentPayload` throws (here `InvalidRecordError`: a student stored without
  // `user.surname`, as a migration or a direct database write can leave it), `runOnce` logs
  // "sync delivery failed unexpectedly" and leaves the record to its lease: it is claimed again
  // every lease period forever, never counted, never marked failed, never notified, and `/health`
  // shows it pending for ever. It should fail permanently like an invalid reply does.
  it('is marked failed and notified instead of being retried for ever', async () => {
    const database = sharedDatabase();
    const app = await startApp({
      database,
      env: { INTEGRATION_BASE_URL: receiver.url },
      sync: { leaseMs: 30, pollIntervalMs: 10 },
    });
    try {
      const local = await seedBasics(app);
      const id = new ObjectId();
      await database.db.collection('students').insertOne({
        _id: id,
        school: new ObjectId(local.schoolA),
        user: { _id: new ObjectId(), name: 'Sin Apellido' },
        _rev: 1,
        _sync: initialSyncState(new Date()),
      });
      app.app.school.worker.nudge();
      await sleep(300);
      expect(await syncOf(database.db, 'students', id.toHexString())).toMatchObject({ state: 'failed' });
      expect(receiver.notices.some((notice) => notice.record.id === id.toHexString())).toBe(true);
    } finally {
      await app.close();
    }
  });
});
