/**
 * Permanent failures: an invalid reply or a refused update fails the record at once; the failure
 * notice (no personal data, the re-emit URL) and the retry route that re-emits.
 */
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/app-config.js';
import { memoryDatabase } from '../support/database.js';
import {
  createFailedNotice,
  deliverySuite,
  differences,
  noticeFor,
  People,
  PUBLIC_URL,
  Receiver,
  seedBasics,
  sharedDatabase,
  startApp,
  waitFor,
  waitState,
  waitSynced,
} from './fixture.js';

// No test here needs a request to time out: a timeout far above any stall of a busy machine keeps a
// slow reply from counting as a failed attempt (which would be sent again, under the same key).
// A worker that stalls past its lease sends nothing (lease-fencing.test.ts).
const { receiver, api, basics } = await deliverySuite();
const people = new People();
const someone = (name: string) => people.someone(name);

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
      const notice = await noticeFor(receiver, id);
      expect(notice).toEqual({
        ...createFailedNotice('students', id),
        attempts: 1,
        reason: 'permanent_failure',
        last_error: { class: 'InvalidReplyError', status: 200, code: expect.any(String), retryable: false },
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
    const requests = receiver.requestsFor('students', id);
    expect(requests.map((r) => [r.method, r.status])).toEqual([
      ['POST', 200],
      ['POST', 201],
    ]);
    expect(new Set(requests.map((r) => r.headers['idempotency-key']))).toEqual(
      new Set([`create-students-${id}`]),
    );
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
      const notice = await noticeFor(receiver, id);
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

describe('the retry URL without PUBLIC_URL', () => {
  it('names this machine’s loopback address when HOST is a wildcard, never 0.0.0.0', async () => {
    const local = await Receiver.start();
    const wildcard = await startApp({
      database: sharedDatabase(),
      env: { INTEGRATION_BASE_URL: local.url, HOST: '0.0.0.0', PORT: '8080', PUBLIC_URL: '' },
    });
    try {
      const { schoolA } = await seedBasics(wildcard);
      local.script = (request) =>
        request.method === 'POST' && request.record?.startsWith('grades/')
          ? { status: 400, body: {} }
          : undefined;
      const { _id: id } = await wildcard.create('grades', { school: schoolA, name: 'Sexto' });
      const notice = await noticeFor(local, id);
      expect(notice.retry_url).toBe(`http://127.0.0.1:8080/api/integration/sync/grades/${id}/retry`);
    } finally {
      await wildcard.close();
      await local.close();
    }
  });

  it('is warned about at start-up when failure notices will be sent', async () => {
    const lines: string[] = [];
    const database = memoryDatabase();
    const app = await buildApp({
      config: loadConfig({ DEMO_DATA: '0', HOST: '0.0.0.0', INTEGRATION_BASE_URL: 'http://erp.test' }),
      database,
      logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } },
      sync: { autoStart: false },
    });
    await app.close();
    await database.closeForReal();
    expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toContain(
      'PUBLIC_URL is not set: failure notices link to http://127.0.0.1:3000, an address of this machine; set it to the address the external system reaches this service at',
    );
  });
});
