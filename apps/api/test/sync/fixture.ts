/**
 * What the sync tests share: a real external system to deliver to (a `node:http` server on
 * 127.0.0.1 that records every request, keeps the entities it was sent — creates, then JSON Merge
 * Patch updates — and can be scripted per request), apps on one shared in-process database, a
 * seed written through the API, and the check that the external system holds exactly what the
 * database holds.
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { applyMergePatch, createIntegrationClient, type IntegrationClient } from '@school/integration-client';
import { MemoryMongoClient } from '@school/mongo-memory';
import { ObjectId } from 'bson';
import type { FastifyInstance } from 'fastify';
import type { Db, Document } from 'mongodb';
import { type AppOptions, buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { Database } from '../../src/plugins/database.js';
import type { SyncStatus } from '../../src/sync/worker.js';

// biome-ignore lint/suspicious/noExplicitAny: bodies are free-form JSON read by the tests.
export type Json = any;

export const SYNCED = ['students', 'parents', 'grades'] as const;
export type Synced = (typeof SYNCED)[number];

export const TOKEN = 'sync-test-token-0123456789';
export const PUBLIC_URL = 'http://school.test:8080';
export const INTEGRATION_TOKEN = 'erp-token-abcdef';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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
// The external system
// ---------------------------------------------------------------------------------------------

/** One request as the receiver got it. */
export interface Received {
  readonly seq: number;
  readonly method: string;
  /** The path (with query) as sent. */
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  /** The body as text, exactly as sent (for signature checks). */
  readonly raw: string;
  /** The body parsed as JSON (`undefined` when empty or not JSON). */
  readonly body: Json;
  /** `Date.now()` when the request had fully arrived. */
  readonly at: number;
  /** `collection/<record _id>` for a create or update of a record the receiver can tell. */
  readonly record: string | undefined;
  /** The status the receiver answered (undefined while pending or when it never answered). */
  status: number | undefined;
  /** Answered by a script rather than by the fake external store. */
  scripted: boolean;
}

/** A scripted answer; `hang` never answers (the client's time-out ends it). */
export interface Scripted {
  readonly status?: number;
  readonly body?: unknown;
  /** A raw body instead of JSON. */
  readonly raw?: string;
  readonly headers?: Record<string, string>;
  readonly hang?: boolean;
  /** Let the fake external store handle the request now, but send its reply only this much later. */
  readonly replyLateMs?: number;
}

export type Script = (request: Received) => Scripted | undefined | Promise<Scripted | undefined>;

/** An entity of the external system, created by a POST and patched by PUTs. */
export interface Entity {
  readonly collection: Synced;
  readonly externalId: string;
  /** `collection/<record _id>` (from the create's Idempotency-Key). */
  readonly record: string;
  state: Json;
}

const COLLECTION_PATH = /^\/api\/integration\/(students|parents|grades)$/u;
const RECORD_PATH = /^\/api\/integration\/(students|parents|grades)\/([^/?]+)$/u;
const KEY = /^create-(students|parents|grades)-([0-9a-f]{24})$/u;

/**
 * The external system: a `node:http` server on 127.0.0.1 (port 0). By default it behaves as a
 * well-made receiver: a create makes an entity and answers its id (a repeated Idempotency-Key
 * answers the id already made, without applying the body again, as idempotency keys work); an
 * update applies the body as a JSON Merge Patch; a failure notice is kept. `script` may answer
 * any request instead. It notes every request and what no receiver should ever see: an update of
 * an entity it never created, or two requests for the same record at the same time.
 */
export class Receiver {
  readonly requests: Received[] = [];
  /** Entities by `collection/externalId`. */
  readonly entities = new Map<string, Entity>();
  readonly notices: Json[] = [];
  /** Updates that arrived for an entity that was never created. */
  readonly updatesBeforeCreate: string[] = [];
  /** Two requests for one record in flight at once. */
  readonly overlaps: string[] = [];
  /** Creates answered from the Idempotency-Key (the entity existed already). */
  replays = 0;
  /** Answered before every default (not scripted) reply. */
  delayMs = 0;
  script: Script | undefined;
  url = '';
  readonly #server: Server;
  readonly #byKey = new Map<string, string>();
  readonly #inFlight = new Map<string, number>();
  readonly #hanging = new Set<ServerResponse>();
  #ids = 0;
  #seq = 0;

  private constructor() {
    this.#server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        void this.#handle(request.method ?? '', request.url ?? '', request.headers, chunks, response);
      });
    });
    this.#server.keepAliveTimeout = 60_000;
  }

  static async start(): Promise<Receiver> {
    const receiver = new Receiver();
    await new Promise<void>((resolve) => receiver.#server.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.#server.address() as AddressInfo;
    receiver.url = `http://127.0.0.1:${port}`;
    return receiver;
  }

  async close(): Promise<void> {
    for (const response of this.#hanging) response.destroy();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  /** The entity made for a record (`collection`, record `_id`), if any. */
  entityOf(collection: Synced, id: string | ObjectId): Entity | undefined {
    const record = `${collection}/${String(id)}`;
    for (const entity of this.entities.values()) if (entity.record === record) return entity;
    return undefined;
  }

  /** The requests about one record, in order of arrival. */
  requestsFor(collection: Synced, id: string | ObjectId): Received[] {
    const record = `${collection}/${String(id)}`;
    return this.requests.filter((request) => request.record === record);
  }

  async #handle(
    method: string,
    path: string,
    headers: IncomingHttpHeaders,
    chunks: Buffer[],
    response: ServerResponse,
  ): Promise<void> {
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: Json;
    try {
      body = raw === '' ? undefined : JSON.parse(raw);
    } catch {
      body = undefined;
    }
    const received: Received = {
      seq: ++this.#seq,
      method,
      path,
      headers,
      raw,
      body,
      at: Date.now(),
      record: this.#recordOf(method, path, headers),
      status: undefined,
      scripted: false,
    };
    this.requests.push(received);
    const { record } = received;
    if (record !== undefined) {
      const inFlight = this.#inFlight.get(record) ?? 0;
      if (inFlight > 0)
        this.overlaps.push(`${method} ${path} while another request for ${record} was in flight`);
      this.#inFlight.set(record, inFlight + 1);
      response.on('close', () => this.#inFlight.set(record, (this.#inFlight.get(record) ?? 1) - 1));
    }
    const scripted = this.script ? await this.script(received) : undefined;
    if (scripted?.replyLateMs !== undefined) {
      const [status, reply] = this.#default(method, path, headers, body);
      await sleep(scripted.replyLateMs);
      received.status = status;
      if (response.destroyed) return;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(reply));
      return;
    }
    if (scripted) {
      received.scripted = true;
      if (scripted.hang) {
        this.#hanging.add(response);
        response.on('close', () => this.#hanging.delete(response));
        return;
      }
      const status = scripted.status ?? 200;
      received.status = status;
      const text = scripted.raw ?? (scripted.body === undefined ? '' : JSON.stringify(scripted.body));
      response.writeHead(status, { 'content-type': 'application/json', ...scripted.headers });
      response.end(text);
      return;
    }
    if (this.delayMs > 0) await sleep(this.delayMs);
    const [status, reply] = this.#default(method, path, headers, body);
    received.status = status;
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(reply));
  }

  #recordOf(method: string, path: string, headers: IncomingHttpHeaders): string | undefined {
    if (method === 'POST' && COLLECTION_PATH.test(path)) {
      const key = KEY.exec(String(headers['idempotency-key'] ?? ''));
      return key ? `${key[1]}/${key[2]}` : undefined;
    }
    const match = RECORD_PATH.exec(path);
    if (method === 'PUT' && match) {
      return this.entities.get(`${match[1]}/${decodeURIComponent(match[2]!)}`)?.record;
    }
    return undefined;
  }

  #default(method: string, path: string, headers: IncomingHttpHeaders, body: Json): [number, Json] {
    if (method === 'POST' && path === '/api/integration/failures') {
      this.notices.push(body);
      return [200, { status: 'received' }];
    }
    const create = COLLECTION_PATH.exec(path);
    if (method === 'POST' && create) {
      const collection = create[1] as Synced;
      const key = String(headers['idempotency-key'] ?? '');
      let externalId = this.#byKey.get(key);
      if (externalId !== undefined) {
        this.replays++;
      } else {
        externalId = `ext-${collection.slice(0, 2)}-${++this.#ids}`;
        const record = KEY.exec(key);
        this.entities.set(`${collection}/${externalId}`, {
          collection,
          externalId,
          record: record ? `${record[1]}/${record[2]}` : `unknown/${key}`,
          state: body,
        });
        if (key !== '') this.#byKey.set(key, externalId);
      }
      const data = collection === 'grades' ? { id: externalId } : { userId: externalId };
      return [201, { status: 'success', data }];
    }
    const update = RECORD_PATH.exec(path);
    if (method === 'PUT' && update) {
      const externalId = decodeURIComponent(update[2]!);
      const entity = this.entities.get(`${update[1]}/${externalId}`);
      if (!entity) {
        this.updatesBeforeCreate.push(`${method} ${path}`);
        return [404, { status: 'error', message: 'no such entity' }];
      }
      entity.state = applyMergePatch(entity.state, body);
      return [200, { status: 'success', data: { userId: externalId } }];
    }
    return [404, { status: 'error', message: `no route ${method} ${path}` }];
  }
}

/** A port on 127.0.0.1 where nothing listens (connection refused). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

// ---------------------------------------------------------------------------------------------
// Apps on one database
// ---------------------------------------------------------------------------------------------

/**
 * One in-process database that several apps share (a new one, or `db` again); closing an app
 * leaves it open.
 */
export function sharedDatabase(db?: Db): Database {
  return {
    db: db ?? new MemoryMongoClient('school').db('school'),
    mode: 'in-process',
    durable: false,
    ping: async () => true,
    close: async () => {},
  };
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
      const reply = await app.inject({ method: 'GET', url: '/health' });
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
 * The payload that a record should have at the external system, worked out here from
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
  for (const collection of only ? [only.collection] : SYNCED) {
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
  for (const collection of SYNCED) {
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
