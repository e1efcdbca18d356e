/**
 * No receiver configured: changes stay pending and are sent once an app with the URL runs.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ManualClock } from './clock.js';
import {
  allSynced,
  differences,
  People,
  Receiver,
  seedBasics,
  sharedDatabase,
  startApp,
  waitFor,
} from './fixture.js';

const people = new People();
const someone = (name: string) => people.someone(name);
const cleanup: Array<() => Promise<void>> = [];

afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

describe('no receiver configured', () => {
  it('changes stay pending, /health says configured: false, and an app on the same database with the URL set sends them', async () => {
    const database = sharedDatabase();
    const clock = new ManualClock(Date.now() + 60_000);
    const idle = await startApp({ database, sync: { now: clock.now } });
    cleanup.push(() => idle.close());
    const local = await seedBasics(idle);
    const parent = await idle.create('parents', { school: local.schoolA, user: someone('Xavi') });
    await idle.create('students', { school: local.schoolA, user: someone('Yara'), parents: [parent._id] });
    await idle.create('grades', { school: local.schoolA, name: 'Sexto', section: local.section });
    await idle.update('parents', parent._id, { user: { email: 'xavi.nuevo@gmail.com' } });
    const health = await idle.health();
    expect(health).toEqual({
      configured: false,
      running: false,
      pending: 3,
      oldest_pending_age_ms: expect.any(Number),
      failed: 0,
      breaker: 'closed',
    });
    // Aged on the app's clock from the first change written (the parent's create).
    const first = await database.db.collection('parents').findOne({});
    expect(health.oldest_pending_age_ms).toBe(clock.now().getTime() - first!._sync.pending_since.getTime());
    await idle.close();

    const other = await Receiver.start();
    cleanup.push(() => other.close());
    const live = await startApp({ database, env: { INTEGRATION_BASE_URL: other.url } });
    cleanup.push(() => live.close());
    await waitFor(() => allSynced(database.db), 'the pending changes to be sent');
    expect(await differences(database.db, other)).toEqual([]);
    // The parent's update made while nothing was sent is part of its create: one request.
    expect(other.requestsFor('parents', parent._id).map((r) => [r.method, r.body.email])).toEqual([
      ['POST', 'xavi.nuevo@gmail.com'],
    ]);
    expect(await live.health()).toMatchObject({
      configured: true,
      running: true,
      pending: 0,
      oldest_pending_age_ms: null,
      breaker: 'closed',
    });
  });
});
