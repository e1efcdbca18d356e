/**
 * What the sync tests share: the external system's test double (@school/testkit's `Receiver`), apps on one shared
 * in-process database, a seed written through the API, and the check that the external system
 * holds exactly what the database holds.
 */
import {
  createIntegrationClient,
  type IntegrationClient,
  type IntegrationClientOptions,
  type IntegrationCollection,
  integrationCollections,
} from '@school/integration-client';
import { Receiver, sleep } from '@school/testkit/external-system';
import { ObjectId } from 'bson';
import type { FastifyInstance } from 'fastify';
import type { Db, Document } from 'mongodb';
import { afterAll, beforeEach } from 'vitest';
import { type AppOptions, buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/app-config.js';
import type { Database } from '../../src/plugins/database.js';
import { type ClaimedRecord, initialSyncState, SyncStateStore } from '../../src/sync/sync-state.js';
import type { SyncStatus } from '../../src/sync/worker.js';
import { memoryDatabase } from '../support/database.js';
import type { Json } from '../support/helper.js';

export * from '@school/testkit/external-system';
export type { Json };

/** The collections the app syncs: the integration client's. */
export type Synced = IntegrationCollection;

const TOKEN = 'sync-test-token-0123456789';
export const PUBLIC_URL = 'http://school.test:8080';
export const INTEGRATION_TOKEN = 'erp-token-abcdef';

/** Polls `check` until it returns a truthy value (which is returned) or `timeoutMs` passes. */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  what: string,
  timeoutMs = 15_000,
  intervalMs = 5,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(intervalMs);
  }
}

// ---------------------------------------------------------------------------------------------
// Apps on one database
// ---------------------------------------------------------------------------------------------

/**
 * One in-process database that several apps share (a new one, or `db` again); closing an app
 * leaves it open.
 */
export function sharedDatabase(db?: Db): Database {
  const database = memoryDatabase();
  return db ? { ...database, db } : database;
}

export interface SyncApp {
  readonly app: FastifyInstance;
  readonly db: Db;
  request(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    body?: unknown,
  ): Promise<{ status: number; body: Json }>;
  /** POSTs and expects 201; returns the created record. */
  create(collection: string, body: object): Promise<Json>;
  /** PUTs and expects 200; returns the updated record. */
  update(collection: string, id: string, body: object): Promise<Json>;
  /** The `sync` section of `/health`. */
  health(): Promise<SyncStatus>;
  close(): Promise<void>;
}

export interface StartAppOptions {
  readonly database: Database;
  /** Environment for `loadConfig` on top of the test defaults (e.g. INTEGRATION_BASE_URL). */
  readonly env?: Record<string, string>;
  readonly sync?: AppOptions['sync'];
  /** The app's clock (tokens, rate limits, the resync cooldown). @default the system clock */
  readonly now?: () => Date;
}

/** A ready app on `database` with a full-access token (DEMO_TOKEN) and tiny retry delays. */
export async function startApp(options: StartAppOptions): Promise<SyncApp> {
  const app = await buildApp({
    config: loadConfig({
      DEMO_DATA: '0',
      LOG_LEVEL: 'silent',
      DEMO_TOKEN: TOKEN,
      RATE_LIMIT_MAX: '1000000',
      PUBLIC_URL,
      INTEGRATION_RETRY_DELAYS_MS: '10,20,40',
      INTEGRATION_TIMEOUT_MS: '2000',
      ...options.env,
    }),
    database: options.database,
    logger: false,
    sync: { pollIntervalMs: 20, leaseMs: 5000, ...options.sync },
    ...(options.now ? { now: options.now } : {}),
  });
  await app.ready();
  const request = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
    const reply = await app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${TOKEN}`,
        type: 'API',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    return { status: reply.statusCode, body: reply.json() as Json };
  };
  let closed = false;
  return {
    app,
    db: options.database.db,
    request,
    async create(collection, body) {
      const reply = await request('POST', `/api/${collection}`, body);
      if (reply.status !== 201) throw new Error(`${collection} not created: ${JSON.stringify(reply.body)}`);
      return reply.body.response;
    },
    async update(collection, id, body) {
      const reply = await request('PUT', `/api/${collection}/${id}`, body);
      if (reply.status !== 200)
        throw new Error(`${collection} ${id} not updated: ${JSON.stringify(reply.body)}`);
      return reply.body.response;
    },
    async health() {
      // The sync section is a detail of /health: for a metrics token of every school (the demo token).
      const reply = await app.inject({
        method: 'GET',
        url: '/health',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      return (reply.json() as Json).response.sync as SyncStatus;
    },
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
    },
  };
}

/** An integration client for workers built by hand (tiny delays, like the apps). */
export function clientFor(receiver: Receiver, timeoutMs = 2000): IntegrationClient {
  return createIntegrationClient({
    baseUrl: receiver.url,
    token: INTEGRATION_TOKEN,
    timeoutMs,
    retryDelaysMs: [10, 20, 40],
  });
}

/** The failure notice the receiver got about record `id`, once it has come. */
export function noticeFor(receiver: Receiver, id: string): Promise<Json> {
  return waitFor(
    () => receiver.notices.find((notice) => notice.record.id === id),
    `the failure notice of ${id}`,
  );
}

/**
 * What every failure notice about the create of record `id` says, whatever the failure: the event,
 * the record and the URL on this service that sends it again.
 */
export function createFailedNotice(collection: Synced, id: string): Json {
  return {
    event: 'delivery_failed',
    record: { collection, id },
    operation: 'create',
    retry_url: `${PUBLIC_URL}/api/integration/sync/${collection}/${id}/retry`,
  };
}

// ---------------------------------------------------------------------------------------------
// Seed and state
// ---------------------------------------------------------------------------------------------

export interface Basics {
  schoolA: string;
  schoolB: string;
  section: string;
  otherSection: string;
}

export async function seedBasics(api: SyncApp): Promise<Basics> {
  const schoolA = (await api.create('schools', { name: 'Colegio Andino', code: 'CA', country: 'EC' }))._id;
  const schoolB = (await api.create('schools', { name: 'Escuela Bolívar', code: 'EB', country: 'EC' }))._id;
  const section = (await api.create('sections', { school: schoolA, name: 'A', code: 'A' }))._id;
  const otherSection = (await api.create('sections', { school: schoolA, name: 'B', code: 'B' }))._id;
  return { schoolA, schoolB, section, otherSection };
}

let people = 0;

const ascii = (text: string) => text.normalize('NFD').replace(/[^a-zA-Z0-9]/gu, '');

/** A unique person (`user` body) with all name fields and an e-mail. */
export function person(name = 'Ana'): Json {
  people++;
  return {
    name,
    second_name: 'María',
    surname: `Pérez${people}`,
    second_surname: 'Núñez',
    email: `${ascii(name).toLowerCase()}.${people}@andino.edu.ec`,
    id_card: `17${String(people).padStart(8, '0')}`,
  };
}

const hex = (value: unknown) => (value instanceof ObjectId ? value.toHexString() : String(value));

/**
 * The payload (docs/sync.md) that a record should have at the external system, worked out here from
 * the stored record (not with the code under test): present name fields only, a student's
 * parents as the parents' `user._id`s (sorted), ids as 24-hex.
 */
export async function expectedPayload(db: Db, collection: Synced, record: Document): Promise<Json> {
  if (collection === 'grades') {
    return {
      ...(record.code ? { code: record.code } : {}),
      name: record.name,
      ...(record.section ? { section: hex(record.section) } : {}),
      metadata: { school: hex(record.school), grade: hex(record._id) },
    };
  }
  const user = record.user as Document;
  const fields: Json = {};
  for (const key of ['name', 'second_name', 'surname', 'second_surname', 'email']) {
    if (typeof user[key] === 'string' && user[key] !== '') fields[key] = user[key];
  }
  if (collection === 'parents') {
    return { ...fields, metadata: { role: 'parent', school: hex(record.school), user: hex(user._id) } };
  }
  const parentIds = (record.parents ?? []) as ObjectId[];
  const parents = await db
    .collection('parents')
    .find({ _id: { $in: parentIds } })
    .toArray();
  const parentUsers = [...new Set(parents.map((parent) => hex(parent.user._id)))].sort();
  return {
    ...fields,
    parents: parentUsers,
    metadata: { role: 'student', school: hex(record.school), user: hex(user._id) },
  };
}

/**
 * Everything that differs between the database and the external system: every synced record must
 * have exactly one entity there, under the external id stored on the record, holding exactly the
 * record's current payload. Returns the differences (empty when they agree).
 */
export async function differences(
  db: Db,
  receiver: Receiver,
  only?: { collection: Synced; id: string },
): Promise<string[]> {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const collection of only ? [only.collection] : integrationCollections) {
    const filter = only ? { _id: new ObjectId(only.id) } : {};
    for (const record of await db.collection(collection).find(filter).toArray()) {
      const id = hex(record._id);
      const externalId = record._sync?.external_id as string | undefined;
      const entities = [...receiver.entities.values()].filter((e) => e.record === `${collection}/${id}`);
      if (entities.length !== 1)
        problems.push(`${collection} ${id}: ${entities.length} entities at the receiver`);
      if (externalId === undefined) {
        problems.push(`${collection} ${id}: no external id stored`);
        continue;
      }
      const entity = receiver.entities.get(`${collection}/${externalId}`);
      if (!entity || entity.record !== `${collection}/${id}`) {
        problems.push(`${collection} ${id}: external id ${externalId} is not its entity`);
        continue;
      }
      seen.add(`${collection}/${externalId}`);
      const expected = await expectedPayload(db, collection, record);
      if (JSON.stringify(sortKeys(entity.state)) !== JSON.stringify(sortKeys(expected))) {
        problems.push(
          `${collection} ${id}: external ${JSON.stringify(entity.state)} != current ${JSON.stringify(expected)}`,
        );
      }
    }
  }
  if (!only) {
    for (const key of receiver.entities.keys()) {
      if (!seen.has(key)) problems.push(`entity ${key} has no record`);
    }
  }
  return problems;
}

function sortKeys(value: Json): Json {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys(value[key])]),
    );
  }
  return value;
}

/** The `_sync` state of a record. */
export async function syncOf(db: Db, collection: Synced, id: string): Promise<Json> {
  const record = await db.collection(collection).findOne({ _id: new ObjectId(id) });
  return record?._sync;
}

/** Whether every synced record has its current version acknowledged. */
export async function allSynced(db: Db): Promise<boolean> {
  for (const collection of integrationCollections) {
    const open = await db.collection(collection).countDocuments({ '_sync.state': { $ne: 'synced' } });
    if (open > 0) return false;
  }
  return true;
}

/** Waits until a record's current version is acknowledged. */
export async function waitSynced(db: Db, collection: Synced, id: string, timeoutMs = 15_000): Promise<Json> {
  return waitFor(
    async () => {
      const sync = await syncOf(db, collection, id);
      return sync?.state === 'synced' && sync.acked_version === sync.version ? sync : undefined;
    },
    `${collection} ${id} to be synced`,
    timeoutMs,
  );
}

/** Deliveries of one record, oldest first, through the API. */
export async function deliveriesOf(app: SyncApp, id: string): Promise<Json[]> {
  const reply = await app.request(
    'GET',
    `/api/integration/deliveries?record=${id}&__sort[at]=asc&__per_page=100`,
  );
  if (reply.status !== 200) throw new Error(`deliveries of ${id}: ${JSON.stringify(reply.body)}`);
  return reply.body.response;
}

/** Waits until a record's `_sync.state` is `state`; returns its `_sync`. */
export async function waitState(app: SyncApp, collection: Synced, id: string, state: string): Promise<Json> {
  return waitFor(async () => {
    const sync = await syncOf(app.db, collection, id);
    return sync?.state === state ? sync : undefined;
  }, `${collection} ${id} to be ${state}`);
}

/**
 * Everyone written by a test file, so it can check that no name, surname, e-mail or id card
 * reaches the delivery log or a notice.
 */
export class People {
  readonly personal: string[] = [];

  someone(name: string): Json {
    const user = person(name);
    this.personal.push(user.name, user.surname, user.second_surname, user.email, user.id_card);
    return user;
  }
}

/** A sync test file's world: the external system's double, an app on a new database, the basic records. */
export interface SyncSuite {
  readonly receiver: Receiver;
  readonly api: SyncApp;
  readonly basics: Basics;
  /** The file's own clean-up steps (other apps, clients, workers): run newest first, before the app closes. */
  readonly cleanup: Array<() => Promise<void>>;
}

export interface SyncSuiteOptions {
  /** Environment on top of the test defaults. */
  readonly env?: Record<string, string>;
  readonly sync?: AppOptions['sync'];
  /** The app's clock. @default the system clock */
  readonly now?: () => Date;
  /**
   * Whether the app has the receiver as its external system (INTEGRATION_BASE_URL); without, its
   * worker never runs and the file delivers with workers it makes by hand. @default true
   */
  readonly delivers?: boolean;
}

/**
 * The set-up every sync test file shares, written once: a receiver, an app on a new shared
 * in-process database, and the basic records (two schools, two sections: nothing is sent yet, so a
 * file sets the receiver's script or delay afterwards). Closed after the file's tests (its `cleanup`
 * steps first). Called with top-level `await`, as `build()` is.
 */
export async function syncSuite(options: SyncSuiteOptions = {}): Promise<SyncSuite> {
  const receiver = await Receiver.start();
  const api = await startApp({
    database: sharedDatabase(),
    env: { ...(options.delivers === false ? {} : { INTEGRATION_BASE_URL: receiver.url }), ...options.env },
    ...(options.sync === undefined ? {} : { sync: options.sync }),
    ...(options.now === undefined ? {} : { now: options.now }),
  });
  const cleanup: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
    await api.close();
    await receiver.close();
  });
  return { receiver, api, basics: await seedBasics(api), cleanup };
}

/**
 * What the delivery-topic files share: an app that delivers with a breaker that never opens
 * (breaker.test.ts is about the breaker), and a request timeout long enough that no reply of a
 * busy machine counts as a time-out (time-outs.test.ts passes a shorter one to its receiver that
 * holds replies back).
 */
export function deliverySuite(timeoutMs = 4000): Promise<SyncSuite> {
  return syncSuite({
    env: { INTEGRATION_TIMEOUT_MS: String(timeoutMs) },
    sync: { breaker: { threshold: 1000 } },
  });
}

/**
 * What the unit tests of one delivery step (sending, recording its outcome) share: a receiver and an
 * integration client on it for the whole file, and before each test a new database with its
 * sync-state store and an empty request log. Called with top-level `await`, as `syncSuite` is.
 */
export interface ClaimSuite {
  readonly receiver: Receiver;
  readonly client: IntegrationClient;
  /** The school of the grades `claimGrade` writes. */
  readonly school: ObjectId;
  /** This test's database (a new one before each test). */
  readonly db: Db;
  readonly store: SyncStateStore;
  /**
   * Writes a grade named Uno with `fields`, its `_sync` the initial state at `now` with `sync` over
   * it, and claims it (lease `L`, for a second).
   */
  claimGrade(fields?: object, sync?: object): Promise<ClaimedRecord>;
}

export async function claimSuite(
  now: Date,
  clientOptions: Omit<IntegrationClientOptions, 'baseUrl'> = {},
): Promise<ClaimSuite> {
  const receiver = await Receiver.start();
  const client = createIntegrationClient({ baseUrl: receiver.url, ...clientOptions });
  afterAll(async () => {
    await client.close();
    await receiver.close();
  });
  let db: Db;
  let store: SyncStateStore;
  beforeEach(() => {
    db = sharedDatabase().db;
    store = new SyncStateStore(db);
    receiver.requests.length = 0;
  });
  const school = new ObjectId();
  return {
    receiver,
    client,
    school,
    get db() {
      return db;
    },
    get store() {
      return store;
    },
    async claimGrade(fields = {}, sync = {}) {
      const _id = new ObjectId();
      await db
        .collection('grades')
        .insertOne({ _id, school, name: 'Uno', ...fields, _sync: { ...initialSyncState(now), ...sync } });
      const claim = await store.claim('grades', 'L', now, new Date(now.getTime() + 1000), _id);
      if (!claim) throw new Error('not claimed');
      return claim;
    },
  };
}
