/**
 * Time-outs: a receiver that never answers, and a create whose reply was lost after the receiver
 * made the entity. The receiver decides each (it holds the reply until the client gives up), so
 * what the tests see does not depend on how busy the machine is; the client's time-out is short
 * only to keep the tests quick, and every other reply of this file is the receiver's own.
 */
import { describe, expect, it } from 'vitest';
import {
  createFailedNotice,
  deliveriesOf,
  deliverySuite,
  differences,
  noticeFor,
  People,
  waitFor,
  waitState,
  waitSynced,
} from './fixture.js';

const TIMEOUT_MS = 1000;
const { receiver, api, basics } = await deliverySuite(TIMEOUT_MS);
const people = new People();
const someone = (name: string) => people.someone(name);

describe('a receiver that never answers', () => {
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
      // Each attempt lasted the client's time-out at least (a lower bound: no machine is too fast for it).
      for (const d of log.filter((entry) => entry.operation === 'create')) {
        expect(d.duration_ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 5);
      }
      expect(await noticeFor(receiver, id)).toMatchObject({
        ...createFailedNotice('parents', id),
        attempts: 4,
        reason: 'attempts_exhausted',
        last_error: { class: 'DeliveryTimeoutError', retryable: true },
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
    // The first POST makes the entity at once, but its reply never reaches the client, which gives up.
    receiver.script = (request) =>
      request.method === 'POST' && request.body?.surname === user.surname && ++posts === 1
        ? { replyLost: true }
        : undefined;
    try {
      const { _id: id } = await api.create('parents', { school: basics.schoolA, user });
      await waitFor(() => posts === 1, 'the first POST');
      await api.update('parents', id, { user: { name: 'Zoe Renamed' } });
      await waitFor(() => posts >= 2, 'the retried POST');
      await waitSynced(api.db, 'parents', id);
      expect(await differences(api.db, receiver, { collection: 'parents', id })).toEqual([]);
    } finally {
      receiver.script = undefined;
    }
  });
});
