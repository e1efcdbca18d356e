/**
 * Two instances of the service behind one load balancer (docs/scaling.md): two apps, each with its
 * own connection to the database (on MongoDB its own client) and its own sync worker, on one
 * database of the test engine — the in-process engine, and with MONGODB_URI the MongoDB server.
 * Writes alternate between the instances. What is shared works across them (a token issued or
 * revoked on one is honoured by the other at once; the sync's leases keep one delivery of a record
 * at a time), what is per instance stays so (the rate limit), and every change reaches the external
 * system once and in the order it was written.
 */
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, pingDatabase } from '../../src/plugins/database.js';
import { DELIVERIES } from '../../src/sync/deliveries.js';
import { type TestDatabase, testDatabase } from '../support/database.js';
import {
  allSynced,
  type Basics,
  differences,
  type Json,
  person,
  Receiver,
  type SyncApp,
  type Synced,
  seedBasics,
  startApp,
  waitFor,
  waitSynced,
} from './fixture.js';

/** A second connection to the same database, as a second process would open it. */
async function secondConnection(
  database: TestDatabase,
): Promise<{ database: Database; close(): Promise<void> }> {
  if (database.mode !== 'mongodb') return { database, close: async () => {} };
  const client = await new MongoClient(process.env.MONGODB_URI ?? '', {
    serverSelectionTimeoutMS: 10_000,
  }).connect();
  const db = client.db(database.db.databaseName);
  return {
    database: { db, mode: 'mongodb', durable: true, ping: () => pingDatabase(db), close: async () => {} },
    close: () => client.close(),
  };
}

let receiver: Receiver;
let database: TestDatabase;
let second: { database: Database; close(): Promise<void> };
let instances: [SyncApp, SyncApp];
let basics: Basics;

beforeAll(async () => {
  receiver = await Receiver.start();
  receiver.delayMs = 5;
  database = await testDatabase();
  second = await secondConnection(database);
  const env = { INTEGRATION_BASE_URL: receiver.url, RATE_LIMIT_MAX: '1000' };
  const sync = { concurrency: 4, pollIntervalMs: 10 };
  instances = [
    await startApp({ database, env, sync }),
    await startApp({ database: second.database, env, sync }),
  ];
  basics = await seedBasics(instances[0]);
}, 60_000);

afterAll(async () => {
  for (const instance of instances ?? []) await instance.close();
  await second?.close();
  await database?.closeForReal();
  await receiver?.close();
});

/** The value a record's change `k` writes, and the field of the payload that carries it. */
const CHANGES: Record<
  Synced,
  { body: (k: number) => object; sent: (payload: Json) => unknown; value: (k: number) => string }
> = {
  students: {
    body: (k) => ({ user: { name: `Eva ${k}` } }),
    sent: (payload) => payload?.name,
    value: (k) => `Eva ${k}`,
  },
  parents: {
    body: (k) => ({ user: { surname: `Mora ${k}` } }),
    sent: (payload) => payload?.surname,
    value: (k) => `Mora ${k}`,
  },
  grades: {
    body: (k) => ({ name: `Grado ${k}` }),
    sent: (payload) => payload?.name,
    value: (k) => `Grado ${k}`,
  },
};

const createBody = (collection: Synced): object =>
  collection === 'grades'
    ? { school: basics.schoolA, name: 'Grado 0', code: 'G', section: basics.section }
    : {
        school: basics.schoolA,
        user: { ...person(collection === 'students' ? 'Eva 0' : 'Iván'), surname: 'Mora 0' },
      };

describe('two instances on one database', () => {
  it('deliver every change once and in the order it was written, whichever instance took the write', async () => {
    const CHANGE_COUNT = 6;
    const records: Array<{ collection: Synced; id: string }> = [];
    for (let i = 0; i < 12; i++) {
      const collection = (['students', 'parents', 'grades'] as const)[i % 3]!;
      records.push({
        collection,
        id: (await instances[i % 2]!.create(collection, createBody(collection)))._id,
      });
    }
    // Each record is changed CHANGE_COUNT times, alternately through each instance; after some
    // changes the test waits for the delivery, so that the record's updates travel as several requests.
    for (let k = 1; k <= CHANGE_COUNT; k++) {
      for (const [index, { collection, id }] of records.entries()) {
        await instances[(index + k) % 2]!.update(collection, id, CHANGES[collection].body(k));
      }
      if (k % 2 === 0) {
        for (const { collection, id } of records) await waitSynced(instances[0].db, collection, id);
      }
    }
    await waitFor(() => allSynced(instances[0].db), 'every record to be synced');

    for (const { collection, id } of records) {
      const requests = receiver.requestsFor(collection, id);
      // Once: one create, never repeated (not even answered from its Idempotency-Key), then updates.
      expect(requests.map((request) => request.method).filter((method) => method === 'POST')).toEqual([
        'POST',
      ]);
      expect(requests[0]?.method).toBe('POST');
      // In order: the values the requests carry are the written ones, oldest first, none twice,
      // ending with the last one.
      const { sent, value } = CHANGES[collection];
      const values = requests.map((request) => sent(request.body)).filter((text) => text !== undefined);
      const written = Array.from({ length: CHANGE_COUNT + 1 }, (_, k) => value(k));
      const positions = values.map((text) => written.indexOf(String(text)));
      expect(positions.filter((position) => position < 0)).toEqual([]);
      expect(positions).toEqual([...new Set(positions)].sort((a, b) => a - b));
      expect(positions.at(-1)).toBe(CHANGE_COUNT);
      expect(requests.length).toBeGreaterThan(2);
    }
    expect(receiver.replays).toBe(0);
    expect(receiver.overlaps).toEqual([]);
    expect(receiver.updatesBeforeCreate).toEqual([]);
    expect(await differences(instances[0].db, receiver)).toEqual([]);

    // Both instances' workers delivered.
    const workers = await instances[1].db.collection(DELIVERIES).distinct('worker');
    expect(workers.length).toBeGreaterThanOrEqual(2);
  });

  it('share tokens: one issued on an instance works on the other, and a revocation applies to both at once', async () => {
    const issued = await instances[0].request('POST', '/api/tokens', {
      name: 'two-instances',
      scopes: ['read'],
      schools: '*',
    });
    expect(issued.status).toBe(201);
    const { _id: id, token } = issued.body.response as { _id: string; token: string };
    const read = (instance: SyncApp) =>
      instance.app.inject({
        method: 'GET',
        url: '/api/schools',
        headers: { authorization: `Bearer ${token}`, type: 'API' },
      });
    expect((await read(instances[1])).statusCode).toBe(200);
    expect((await instances[1].request('PUT', `/api/tokens/${id}`, { active: false })).status).toBe(200);
    expect((await read(instances[0])).statusCode).toBe(401);
    expect((await read(instances[1])).statusCode).toBe(401);
  });
});

describe('the rate limit', () => {
  it('counts per instance: each instance lets a token make its own RATE_LIMIT_MAX requests', async () => {
    const limited = await startApp({ database, env: { RATE_LIMIT_MAX: '3' } });
    const other = await startApp({ database: second.database, env: { RATE_LIMIT_MAX: '3' } });
    try {
      const statuses = async (instance: SyncApp) => {
        const found: number[] = [];
        for (let i = 0; i < 4; i++) found.push((await instance.request('GET', '/api/schools')).status);
        return found;
      };
      expect(await statuses(limited)).toEqual([200, 200, 200, 429]);
      expect(await statuses(other)).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
      await other.close();
    }
  });
});
