/**
 * `INTEGRATION_RETRY_DELAYS_MS` means what it says: a record is sent at most delays + 1 times, then
 * the failure notice goes out, whatever the circuit breaker does in between. Workers here run step
 * by step (`runOnce`) on a clock the test moves, so nothing depends on the machine's speed.
 */
import { createIntegrationClient } from '@school/integration-client';
import { describe, expect, it } from 'vitest';
import { SyncWorker } from '../../src/sync/worker.js';
import { ManualClock } from './clock.js';
import { PUBLIC_URL, person, syncOf, syncSuite } from './fixture.js';

const HOUR = 3_600_000;

// The app takes the writes; the workers made below deliver them.
const { receiver, api: writer, basics, cleanup } = await syncSuite({ delivers: false });
// Every delivery answers 500; failure notices are received.
receiver.script = (request) =>
  request.path === '/api/integration/failures' ? undefined : { status: 500, body: { status: 'error' } };
const client = createIntegrationClient({ baseUrl: receiver.url, retryDelaysMs: [100, 200, 300] });
cleanup.push(() => client.close());

function workerOn(clock: ManualClock, breaker: { threshold: number; openMs: number }): SyncWorker {
  return new SyncWorker({
    db: writer.db,
    client,
    publicUrl: PUBLIC_URL,
    log: writer.app.log,
    now: clock.now,
    breaker: { ...breaker, maxOpenMs: breaker.openMs },
  });
}

async function newStudent(): Promise<string> {
  return (await writer.create('students', { school: basics.schoolA, user: person('Ada') }))._id;
}

describe('with retry delays 100,200,300 (four attempts) and a receiver that always answers 500', () => {
  it('a create is POSTed four times, then the record is failed and the notice says four attempts', async () => {
    const id = await newStudent();
    const clock = new ManualClock(Date.now() + 1000);
    const worker = workerOn(clock, { threshold: 1000, openMs: 1000 });
    for (let step = 0; step < 10; step++) {
      await worker.runOnce();
      clock.advance(HOUR);
    }
    expect(receiver.requestsFor('students', id).map((r) => r.method)).toEqual([
      'POST',
      'POST',
      'POST',
      'POST',
    ]);
    expect(await syncOf(writer.db, 'students', id)).toMatchObject({ state: 'failed', attempts: 4 });
    const notices = receiver.notices.filter((notice) => notice.record.id === id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ attempts: 4, reason: 'attempts_exhausted' });
  });

  it('a breaker that opens and probes with the record adds no request beyond the four', async () => {
    const id = await newStudent();
    const clock = new ManualClock(Date.now() + 1000);
    // Opens on the first failure; every later request is a probe.
    const worker = workerOn(clock, { threshold: 1, openMs: 10 * HOUR });
    expect(await worker.runOnce()).toBe(true);
    expect(worker.breakerState).toBe('open');
    // The record is due again (100 ms ± jitter) but the breaker holds it back: nothing is sent.
    clock.advance(1000);
    expect(await worker.runOnce()).toBe(false);
    expect(receiver.requestsFor('students', id)).toHaveLength(1);
    expect(await syncOf(writer.db, 'students', id)).toMatchObject({ state: 'pending', attempts: 1 });
    for (let step = 0; step < 10; step++) {
      clock.advance(10 * HOUR);
      await worker.runOnce();
    }
    expect(receiver.requestsFor('students', id)).toHaveLength(4);
    expect(await syncOf(writer.db, 'students', id)).toMatchObject({ state: 'failed', attempts: 4 });
    expect(receiver.notices.filter((notice) => notice.record.id === id)).toMatchObject([{ attempts: 4 }]);
  });
});
