/**
 * Several workers on one database: two apps (each with its own running worker) and two more
 * workers made by hand share one in-process database and deliver to one slow receiver (20 ms a
 * request) that fails the test if two requests for the same record are ever in flight together.
 */
import type { IntegrationClient } from '@school/integration-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { DELIVERIES } from '../../src/sync/deliveries.js';
import { SyncWorker } from '../../src/sync/worker.js';
import {
  allSynced,
  clientFor,
  differences,
  PUBLIC_URL,
  person,
  type SyncApp,
  type Synced,
  sharedDatabase,
  startApp,
  syncSuite,
  waitFor,
} from './fixture.js';

const sync = { concurrency: 2, pollIntervalMs: 10 };
const { receiver, api, basics, cleanup } = await syncSuite({ sync });
receiver.delayMs = 20;
const apps: SyncApp[] = [
  api,
  await startApp({ database: sharedDatabase(api.db), env: { INTEGRATION_BASE_URL: receiver.url }, sync }),
];
const workers: SyncWorker[] = [];
const clients: IntegrationClient[] = [];
cleanup.push(async () => {
  for (const worker of workers) await worker.stop();
  for (const client of clients) await client.close();
  await apps[1]!.close();
});

beforeAll(() => {
  for (let i = 0; i < 2; i++) {
    const client = clientFor(receiver);
    clients.push(client);
    const worker = new SyncWorker({
      db: api.db,
      client,
      publicUrl: PUBLIC_URL,
      log: api.app.log,
      leaseMs: 5000,
      concurrency: 2,
      pollIntervalMs: 10,
    });
    worker.start();
    workers.push(worker);
  }
});

let seed = 7;
function random(n: number): number {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed % n;
}

const bodyFor = (collection: Synced, i: number): object =>
  collection === 'grades'
    ? { school: basics.schoolA, name: `Grado ${i}`, code: `G${i}`, section: basics.section }
    : { school: basics.schoolA, user: person(collection === 'students' ? 'Eva' : 'Iván') };

function changeFor(collection: Synced, i: number): object {
  if (collection === 'grades') {
    return [{ name: `Grado v${i}` }, { code: `C${i}` }, { code: null }, { section: basics.otherSection }][
      random(4)
    ]!;
  }
  return [
    { user: { name: `Nombre ${i}` } },
    { user: { email: `correo.${i}@andino.edu.ec` } },
    { user: { second_name: null } },
    { user: { second_surname: `Apellido ${i}` } },
    collection === 'students' ? { citizenship: `C${i}` } : { active: i % 2 === 0 },
  ][random(5)]!;
}

describe('several workers on one database', () => {
  it('deliver every record exactly once, never two requests for one record at a time, sharing the work', async () => {
    const created: Array<{ collection: Synced; id: string }> = [];
    for (let i = 0; i < 30; i++) {
      const collection = (['students', 'parents', 'grades'] as const)[i % 3]!;
      const api = apps[i % 2]!;
      created.push({ collection, id: (await api.create(collection, bodyFor(collection, i)))._id });
    }
    await waitFor(() => allSynced(apps[0]!.db), 'every record to be synced', 15_000);
    for (const { collection, id } of created) {
      expect(receiver.requestsFor(collection, id).map((request) => request.method)).toEqual(['POST']);
    }
    expect(receiver.overlaps).toEqual([]);
    const byWorker = await apps[0]!.db
      .collection(DELIVERIES)
      .aggregate([{ $group: { _id: '$worker', n: { $sum: 1 } } }])
      .toArray();
    expect(byWorker.length).toBeGreaterThan(1);
    expect(await differences(apps[0]!.db, receiver)).toEqual([]);
  });

  it('lose no update under a stream of concurrent PUTs through both apps: the receiver ends equal to the database', async () => {
    const records: Array<{ collection: Synced; id: string }> = [];
    for (let i = 0; i < 12; i++) {
      const collection = (['students', 'parents', 'grades'] as const)[i % 3]!;
      records.push({
        collection,
        id: (await apps[i % 2]!.create(collection, bodyFor(collection, 100 + i)))._id,
      });
    }
    // Updates start at once, racing with the creates' deliveries; 8 requests in flight at a time.
    let applied = 0;
    let conflicts = 0;
    for (let batch = 0; batch < 30; batch++) {
      const replies = await Promise.all(
        Array.from({ length: 8 }, (_, k) => {
          const { collection, id } = records[random(records.length)]!;
          const api = apps[k % 2]!;
          return api.request('PUT', `/api/${collection}/${id}`, changeFor(collection, batch * 8 + k));
        }),
      );
      for (const reply of replies) {
        if (reply.status === 200) applied++;
        else if (reply.status === 409) conflicts++;
        else throw new Error(`update answered ${reply.status}: ${JSON.stringify(reply.body)}`);
      }
      if (batch % 5 === 0) await new Promise((resolve) => setTimeout(resolve, 15));
    }
    expect(applied).toBeGreaterThan(200);
    await waitFor(() => allSynced(apps[0]!.db), 'every record to be synced', 15_000);
    expect(receiver.overlaps).toEqual([]);
    expect(receiver.updatesBeforeCreate).toEqual([]);
    expect(await differences(apps[0]!.db, receiver)).toEqual([]);
    // Folding: far fewer requests than updates reached the receiver.
    const puts = receiver.requests.filter((request) => request.method === 'PUT').length;
    expect(puts).toBeLessThan(applied);
    expect(conflicts).toBeLessThan(applied);
  });
});
