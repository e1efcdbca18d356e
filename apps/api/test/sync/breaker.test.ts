/**
 * The circuit breaker with the real worker and database: while the receiver is down it holds the
 * records back (they keep the attempts they have), one probe at a time finds out when it is back,
 * and then everything is delivered. Workers run step by step on a clock the test moves.
 */
import { describe, expect, it } from 'vitest';
import { SyncWorker } from '../../src/sync/worker.js';
import { ManualClock } from './clock.js';
import { allSynced, clientFor, differences, PUBLIC_URL, syncSuite } from './fixture.js';

let isDown = true;
// The app takes the writes; the workers made below deliver them.
const { receiver: down, api: writer, basics, cleanup } = await syncSuite({ delivers: false });
down.script = () => (isDown ? { status: 503, body: { status: 'error' } } : undefined);
const client = () => clientFor(down);
let closeClient = async () => {};
cleanup.push(() => closeClient());

function workerOn(clock: ManualClock, threshold = 3): SyncWorker {
  const c = client();
  closeClient = () => c.close();
  return new SyncWorker({
    db: writer.db,
    client: c,
    publicUrl: PUBLIC_URL,
    log: writer.app.log,
    now: clock.now,
    breaker: { threshold, openMs: 1000, maxOpenMs: 2000 },
  });
}

async function attemptsOfGrades(): Promise<number[]> {
  const records = await writer.db.collection('grades').find({}).toArray();
  return records.map((record) => record._sync.attempts as number);
}

describe('the circuit breaker', () => {
  it('opens while the receiver is down, holds the records back, probes one at a time and then delivers everything', async () => {
    for (let i = 0; i < 6; i++) await writer.create('grades', { school: basics.schoolA, name: `G${i}` });
    const clock = new ManualClock(Date.now() + 1000);
    const worker = workerOn(clock);
    const steps: boolean[] = [];
    for (let i = 0; i < 6; i++) steps.push(await worker.runOnce());
    // Three failures in a row open it; the other three records are not sent.
    expect(steps).toEqual([true, true, true, false, false, false]);
    expect(worker.breakerState).toBe('open');
    expect(down.requests).toHaveLength(3);
    expect((await attemptsOfGrades()).sort()).toEqual([0, 0, 0, 1, 1, 1]);
    expect(await worker.status()).toMatchObject({ pending: 6, failed: 0, breaker: 'open' });

    // Half-open: one probe; it fails and the breaker stays open twice as long.
    clock.advance(1000);
    expect(worker.breakerState).toBe('half-open');
    expect(await worker.runOnce()).toBe(true);
    expect(await worker.runOnce()).toBe(false);
    expect(down.requests).toHaveLength(4);
    clock.advance(1000);
    expect(worker.breakerState).toBe('open');

    isDown = false;
    clock.advance(1000);
    while (await worker.runOnce()) clock.advance(100);
    expect(await allSynced(writer.db)).toBe(true);
    expect(await differences(writer.db, down)).toEqual([]);
    expect(await worker.status()).toMatchObject({ pending: 0, failed: 0, breaker: 'closed' });
    expect(down.notices).toEqual([]);
  });

  // Regression (was a bug): when the breaker lets its probe through but no record is due yet (all
  // backed off), the worker called `breaker.neutral()`, which closed a probing breaker as if a
  // delivery had succeeded, without any evidence that the receiver was back.
  it('a half-open breaker whose probe finds nothing due stays open instead of closing', async () => {
    isDown = true;
    await writer.create('grades', { school: basics.schoolA, name: 'Octavo' });
    const clock = new ManualClock(Date.now() + 1000);
    const worker = workerOn(clock, 1);
    expect(await worker.runOnce()).toBe(true); // 503: the breaker opens
    expect(worker.breakerState).toBe('open');
    await writer.db
      .collection('grades')
      .updateMany({}, { $set: { '_sync.due_at': new Date(clock.now().getTime() + 3_600_000) } });
    clock.advance(1000);
    expect(worker.breakerState).toBe('half-open');
    expect(await worker.runOnce()).toBe(false); // the probe finds no record due
    expect(worker.breakerState).not.toBe('closed');
  });
});
