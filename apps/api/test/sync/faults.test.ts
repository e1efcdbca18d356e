/**
 * What the sync does when the external system misbehaves (CONTRACT §6 "Failures"): 5xx, 429 with
 * Retry-After, time-outs, refused connections, invalid replies, refusals of an update, a receiver
 * down for a while (circuit breaker), and no receiver configured at all; plus what operators see
 * (`/health`, `GET /api/integration/deliveries`) and do (`retry`, `resync`).
 */
import { ObjectId } from 'bson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allSynced,
  type Basics,
  closedPort,
  differences,
  expectedPayload,
  type Json,
  PUBLIC_URL,
  person,
  Receiver,
  type SyncApp,
  seedBasics,
  sharedDatabase,
  sleep,
  startApp,
  syncOf,
  waitFor,
  waitSynced,
} from './fixture.js';

const TIMEOUT_MS = 200;

let receiver: Receiver;
let api: SyncApp;
let basics: Basics;
/** Every name, surname, e-mail and id card written in this file (none may reach logs or notices). */
const personal: string[] = [];
const cleanup: Array<() => Promise<void>> = [];

beforeAll(async () => {
  receiver = await Receiver.start();
  api = await startApp({
    database: sharedDatabase(),
    env: { INTEGRATION_BASE_URL: receiver.url, INTEGRATION_TIMEOUT_MS: String(TIMEOUT_MS) },
    // A breaker that never opens here: its own tests below use their own apps.
    sync: { breaker: { threshold: 1000 } },
  });
  basics = await seedBasics(api);
});

afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
  await api?.close();
  await receiver?.close();
});

function someone(name: string): Json {
  const user = person(name);
  personal.push(user.name, user.surname, user.second_surname, user.email, user.id_card);
  return user;
}

/** Deliveries of one record, oldest first, through the API. */
async function deliveriesOf(app: SyncApp, id: string): Promise<Json[]> {
  const reply = await app.request(
    'GET',
    `/api/integration/deliveries?record=${id}&__sort[at]=asc&__per_page=100`,
  );
  expect(reply.status).toBe(200);
  return reply.body.response;
}

async function waitState(
  app: SyncApp,
  collection: 'students' | 'parents' | 'grades',
  id: string,
  state: string,
) {
  return waitFor(async () => {
    const sync = await syncOf(app.db, collection, id);
    return sync?.state === state ? sync : undefined;
  }, `${collection} ${id} to be ${state}`);
}

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
      expect(log[0].url).toBe(`${receiver.url}/api/integration/parents`);
    } finally {
      receiver.script = undefined;
    }
  });

  it('a 429 with Retry-After: 1 is honoured: the next attempt comes no sooner than a second later', async () => {
    const user = someone('Pia');
    let n = 0;
    receiver.script = (request) =>
      request.method === 'POST' && request.body?.surname === user.surname && ++n === 1
        ? { status: 429, headers: { 'retry-after': '1' }, body: { status: 'slow down' } }
        : undefined;
    try {
      const { _id: id } = await api.create('students', { school: basics.schoolA, user });
      await waitSynced(api.db, 'students', id, 5000);
      const [first, second] = receiver.requestsFor('students', id);
      expect([first!.status, second!.status]).toEqual([429, 201]);
      expect(second!.at - first!.at).toBeGreaterThanOrEqual(1000);
      expect(second!.at - first!.at).toBeLessThan(6000); // not held back for long either (slack for a loaded machine)
    } finally {
      receiver.script = undefined;
    }
  });

  it('a receiver that never answers times out every attempt; after the last the record is failed and the notice sent', async () => {
    const user = someone('Quim');
    receiver.script = (request) =>
      request.method === 'POST' && request.body?.surname === user.surname ? { hang: true } : undefined;
    try {
      const { _id: id } = await api.create('parents', { school: basics.schoolA, user });
      const sync = await waitState(api, 'parents', id, 'failed');
      expect(sync).toMatchObject({ attempts: 4, last_error: 'DeliveryTimeoutError' });
      expect(receiver.requestsFor('parents', id)).toHaveLength(4);
      const log = await deliveriesOf(api, id);
      expect(
        log.filter((d) => d.operation === 'create').map((d) => [d.outcome, d.error_class, d.status]),
      ).toEqual(Array(4).fill(['retryable', 'DeliveryTimeoutError', null]));
      for (const d of log.filter((entry) => entry.operation === 'create')) {
        expect(d.duration_ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 5);
      }
      const notice = await waitFor(
        () => receiver.notices.find((entry) => entry.record.id === id),
        'the failure notice',
      );
      expect(notice).toMatchObject({
        event: 'delivery_failed',
        record: { collection: 'parents', id },
        operation: 'create',
        attempts: 4,
        reason: 'attempts_exhausted',
        last_error: { class: 'DeliveryTimeoutError', retryable: true },
        retry_url: `${PUBLIC_URL}/api/integration/sync/parents/${id}/retry`,
      });
    } finally {
      receiver.script = undefined;
    }
  });
});

describe('a create whose reply was lost', () => {
  // Regression (was a bug): the same as the crash case in crash.test.ts, without any crash: the receiver made the
  // entity but its reply came after INTEGRATION_TIMEOUT_MS; the record changed before the retry; the
  // retried create carries the *new* body under the *old* Idempotency-Key, the receiver (honouring
  // the key) answers with the entity it already made without applying that body, and the worker
  // stores the new body as acknowledged. The change never reaches the external system.
  it('a create that timed out after the receiver made the entity, changed before the retry, ends with the current state there', async () => {
    const user = someone('Zoe');
    let posts = 0;
    // The first POST makes the entity at once, but its reply comes after the client gave up.
    receiver.script = (request) =>
      request.method === 'POST' && request.body?.surname === user.surname && ++posts === 1
        ? { replyLateMs: TIMEOUT_MS + 100 }
        : undefined;
    try {
      const { _id: id } = await api.create('parents', { school: basics.schoolA, user });
      await waitFor(() => posts === 1, 'the first POST');
      await api.update('parents', id, { user: { name: 'Zoe Renamed' } });
      await waitFor(() => posts >= 2, 'the retried POST', 3000);
      await waitSynced(api.db, 'parents', id);
      expect(await differences(api.db, receiver, { collection: 'parents', id })).toEqual([]);
    } finally {
      receiver.script = undefined;
    }
  });
});

describe('permanent failures, the failure notice and retry', () => {
  it('a 2xx create reply without the id fails the record at once; the notice has the retry URL and no personal data; retry re-emits', async () => {
    const user = someone('Rita');
    receiver.script = (request) =>
      request.method === 'POST' && request.body?.surname === user.surname
        ? { status: 200, body: { status: 'success', data: {} } }
        : undefined;
    let id = '';
    try {
      id = (await api.create('students', { school: basics.schoolA, user }))._id;
      const sync = await waitState(api, 'students', id, 'failed');
      expect(sync).toMatchObject({ attempts: 1, last_error: 'InvalidReplyError 200' });
      expect(sync.external_id).toBeUndefined();
      const notice = await waitFor(() => receiver.notices.find((n) => n.record.id === id), 'the notice');
      expect(notice).toEqual({
        event: 'delivery_failed',
        record: { collection: 'students', id },
        operation: 'create',
        attempts: 1,
        reason: 'permanent_failure',
        last_error: { class: 'InvalidReplyError', status: 200, code: expect.any(String), retryable: false },
        retry_url: `${PUBLIC_URL}/api/integration/sync/students/${id}/retry`,
        failed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/u),
      });
      const text = JSON.stringify(notice);
      for (const value of [user.name, user.surname, user.email, user.id_card])
        expect(text).not.toContain(value);
      expect((await api.health()).failed).toBeGreaterThanOrEqual(1);
      expect(receiver.requestsFor('students', id)).toHaveLength(1);
    } finally {
      receiver.script = undefined;
    }
    // The URL of the notice, on this service: the record is sent again (now the receiver answers well).
    const retry = await api.request(
      'POST',
      new URL(`${PUBLIC_URL}/api/integration/sync/students/${id}/retry`).pathname,
    );
    expect(retry.status).toBe(202);
    expect(retry.body.response).toEqual({ collection: 'students', id, state: 'pending' });
    const sync = await waitSynced(api.db, 'students', id);
    expect(sync.external_id).toBe(receiver.entityOf('students', id)!.externalId);
    expect(receiver.requestsFor('students', id).map((r) => [r.method, r.status])).toEqual([
      ['POST', 200],
      ['POST', 201],
    ]);
  });

  it('an update refused with 422 fails the record, the notice names the update and the external id, and retry re-emits the full state', async () => {
    const { _id: id } = await api.create('grades', { school: basics.schoolA, name: 'Quinto', code: '5' });
    const { external_id: externalId } = await waitSynced(api.db, 'grades', id);
    receiver.script = (request) =>
      request.method === 'PUT' && request.record === `grades/${id}`
        ? { status: 422, body: { status: 'error', message: 'code taken' } }
        : undefined;
    try {
      await api.update('grades', id, { code: '5A' });
      await waitState(api, 'grades', id, 'failed');
      const notice = await waitFor(() => receiver.notices.find((n) => n.record.id === id), 'the notice');
      expect(notice).toMatchObject({
        record: { collection: 'grades', id, external_id: externalId },
        operation: 'update',
        reason: 'permanent_failure',
        last_error: { class: 'DeliveryHttpError', status: 422, retryable: false },
      });
    } finally {
      receiver.script = undefined;
    }
    expect((await api.request('POST', `/api/integration/sync/grades/${id}/retry`)).status).toBe(202);
    await waitSynced(api.db, 'grades', id);
    const puts = receiver.requestsFor('grades', id).filter((r) => r.method === 'PUT');
    // The retry re-emits the full state, the refused change included.
    expect(puts.map((r) => [r.status, r.body])).toEqual([
      [422, { code: '5A' }],
      [200, expect.objectContaining({ code: '5A', name: 'Quinto', metadata: expect.any(Object) })],
    ]);
    expect(await differences(api.db, receiver, { collection: 'grades', id })).toEqual([]);
  });

  // Retry re-emits the full state, also of a record that is synced (e.g. the external system lost it).
  it('retry of a synced record sends it again', async () => {
    const { _id: id } = await api.create('grades', { school: basics.schoolA, name: 'Cuarto' });
    await waitSynced(api.db, 'grades', id);
    const before = receiver.requestsFor('grades', id).length;
    expect((await api.request('POST', `/api/integration/sync/grades/${id}/retry`)).status).toBe(202);
    await waitFor(
      () => receiver.requestsFor('grades', id).length > before,
      'the record to be sent again',
      1000,
    );
  });

  it('retry of an unknown record or collection is refused', async () => {
    expect(
      (await api.request('POST', '/api/integration/sync/students/0123456789abcdef01234567/retry')).status,
    ).toBe(404);
    expect(
      (await api.request('POST', '/api/integration/sync/staff/0123456789abcdef01234567/retry')).status,
    ).toBe(400);
  });
});

describe('resync', () => {
  it('sends the full state (a PUT with every payload field) of the matching records only', async () => {
    const ids: string[] = [];
    for (const name of ['Uma', 'Vera', 'Wendy']) {
      const user = { ...someone(name), surname: name === 'Wendy' ? 'Otra' : 'Zamora' };
      ids.push((await api.create('students', { school: basics.schoolA, user }))._id);
    }
    for (const id of ids) await waitSynced(api.db, 'students', id);
    const before = receiver.requests.length;
    expect((await api.request('POST', '/api/integration/sync/students/resync?nope=1')).status).toBe(400);
    const reply = await api.request('POST', '/api/integration/sync/students/resync?user.surname=Zamora');
    expect(reply.status).toBe(202);
    expect(reply.body.response).toEqual({ matched: 2 });
    for (const id of ids) await waitSynced(api.db, 'students', id);
    const sent = receiver.requests.slice(before);
    expect(sent).toHaveLength(2);
    for (const id of ids.slice(0, 2)) {
      const [put] = sent.filter((r) => r.record === `students/${id}`);
      const record = await api.db.collection('students').findOne({ _id: ObjectId.createFromHexString(id) });
      expect(put!.method).toBe('PUT');
      expect(put!.path).toBe(`/api/integration/students/${receiver.entityOf('students', id)!.externalId}`);
      expect(put!.body).toEqual(await expectedPayload(api.db, 'students', record!));
    }
  });
});

describe('what operators see', () => {
  it('GET /api/integration/deliveries filters by outcome and collection, pages and sorts, and holds no personal data', async () => {
    const permanent = await api.request(
      'GET',
      '/api/integration/deliveries?outcome=permanent&__per_page=100',
    );
    expect(permanent.status).toBe(200);
    expect(permanent.body.response.length).toBeGreaterThanOrEqual(2);
    expect(new Set(permanent.body.response.map((d: Json) => d.outcome))).toEqual(new Set(['permanent']));

    const grades = await api.request('GET', '/api/integration/deliveries?collection=grades&__per_page=100');
    expect(grades.body.response.length).toBeGreaterThanOrEqual(3);
    expect(new Set(grades.body.response.map((d: Json) => d.collection))).toEqual(new Set(['grades']));

    const both = await api.request(
      'GET',
      '/api/integration/deliveries?collection=students&outcome=retryable&__include_totals=true',
    );
    expect(both.body.response.total).toBeGreaterThanOrEqual(1);
    for (const d of both.body.response.results)
      expect([d.collection, d.outcome]).toEqual(['students', 'retryable']);

    const page = await api.request('GET', '/api/integration/deliveries?__per_page=2&__page=2&__sort[at]=asc');
    expect(page.body.response).toHaveLength(2);
    const newest = await api.request('GET', '/api/integration/deliveries?__per_page=5');
    const times = newest.body.response.map((d: Json) => Date.parse(d.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    expect((await api.request('GET', '/api/integration/deliveries?outcome=nope')).status).toBe(400);
    expect((await api.request('GET', '/api/integration/deliveries?email=x')).status).toBe(400);

    const all = await api.request('GET', '/api/integration/deliveries?__per_page=500');
    const text = JSON.stringify(all.body.response);
    expect(personal.length).toBeGreaterThan(20);
    for (const value of personal) expect(text).not.toContain(value);
    expect(Object.keys(all.body.response[0]).sort()).toEqual(
      [
        '_id',
        'at',
        'attempt',
        'collection',
        'duration_ms',
        'error_class',
        'error_code',
        'method',
        'operation',
        'outcome',
        'record',
        'school',
        'status',
        'url',
        'worker',
      ].sort(),
    );
  });

  it('requests without INTEGRATION_SIGNING_SECRET carry no signature (webhook-signature) and no Authorization header without INTEGRATION_TOKEN', () => {
    for (const request of receiver.requests) {
      expect(request.headers['webhook-signature']).toBeUndefined();
      expect(request.headers.authorization).toBeUndefined();
      expect(request.headers['content-type']).toBe('application/json');
    }
  });
});

describe('school scoping of the integration routes', () => {
  it('a token limited to one school lists, retries and resyncs only that school’s records', async () => {
    const { _id: inB } = await api.create('grades', { school: basics.schoolB, name: 'Escuela B' });
    const { _id: inA } = await api.create('grades', { school: basics.schoolA, name: 'Colegio A' });
    await waitSynced(api.db, 'grades', inB);
    await waitSynced(api.db, 'grades', inA);
    const secret = 'school-a-only-token-000001';
    // A second app on the same database, with a token limited to school A; it sends nothing itself.
    const scoped = await startApp({
      database: sharedDatabase(api.db),
      env: {
        API_TOKENS: JSON.stringify([
          { name: 'a', token: secret, scopes: ['read', 'write'], schools: [basics.schoolA] },
        ]),
      },
      sync: { autoStart: false },
    });
    cleanup.push(() => scoped.close());
    const call = async (method: 'GET' | 'POST', url: string) => {
      const reply = await scoped.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${secret}`, type: 'API' },
      });
      return { status: reply.statusCode, body: reply.json() as Json };
    };
    const listed = await call('GET', '/api/integration/deliveries?collection=grades&__per_page=500');
    expect(listed.status).toBe(200);
    const schools = new Set(listed.body.response.map((d: Json) => d.school));
    expect(schools).toEqual(new Set([basics.schoolA]));
    expect(listed.body.response.some((d: Json) => d.record === inA)).toBe(true);
    expect(listed.body.response.some((d: Json) => d.record === inB)).toBe(false);

    expect((await call('POST', `/api/integration/sync/grades/${inB}/retry`)).status).toBe(404);
    expect((await call('POST', `/api/integration/sync/grades/${inA}/retry`)).status).toBe(202);
    const resync = await call('POST', '/api/integration/sync/grades/resync');
    expect(resync.status).toBe(202);
    const inSchoolA = await api.db
      .collection('grades')
      .countDocuments({ school: ObjectId.createFromHexString(basics.schoolA) });
    expect(resync.body.response).toEqual({ matched: inSchoolA });
    expect((await syncOf(api.db, 'grades', inB)).resend_full).not.toBe(true);
    const sync = await waitSynced(api.db, 'grades', inA);
    expect(sync.resend_full).toBe(false);
  });
});

describe('no receiver configured', () => {
  it('changes stay pending, /health says configured: false, and an app on the same database with the URL set sends them', async () => {
    const database = sharedDatabase();
    const idle = await startApp({ database });
    cleanup.push(() => idle.close());
    const local = await seedBasics(idle);
    const parent = await idle.create('parents', { school: local.schoolA, user: someone('Xavi') });
    await idle.create('students', { school: local.schoolA, user: someone('Yara'), parents: [parent._id] });
    await idle.create('grades', { school: local.schoolA, name: 'Sexto', section: local.section });
    await idle.update('parents', parent._id, { user: { email: 'xavi.nuevo@gmail.com' } });
    await sleep(60);
    const health = await idle.health();
    expect(health).toEqual({
      configured: false,
      running: false,
      pending: 3,
      oldest_pending_age_ms: expect.any(Number),
      failed: 0,
      breaker: 'closed',
    });
    expect(health.oldest_pending_age_ms).toBeGreaterThanOrEqual(50);
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
