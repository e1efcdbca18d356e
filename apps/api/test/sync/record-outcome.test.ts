import { DeliveryHttpError } from '@school/integration-client';
import { beforeEach, describe, expect, it } from 'vitest';
import { CircuitBreaker } from '../../src/sync/breaker.js';
import { DELIVERIES } from '../../src/sync/deliveries.js';
import { DeliveryLog } from '../../src/sync/delivery-log.js';
import { recordOutcome } from '../../src/sync/record-outcome.js';
import type { Sent } from '../../src/sync/send.js';
import type { ClaimedRecord } from '../../src/sync/sync-state.js';
import { claimSuite } from './fixture.js';

const NOW = new Date('2026-03-01T08:00:00Z');
const URL = 'http://erp.test/api/integration/grades';

const t = await claimSuite(NOW, { retryDelaysMs: [100, 200, 300], retryJitter: 0 });
const { receiver, claimGrade } = t;
let breaker: CircuitBreaker;
const silent = { info: () => {}, warn: () => {}, error: () => {} };

beforeEach(() => {
  breaker = new CircuitBreaker({ threshold: 1, openMs: 1000 });
});

function record(claim: ClaimedRecord, sent: Sent) {
  return recordOutcome(claim, sent, NOW, {
    store: t.store,
    client: t.client,
    breaker,
    deliveries: new DeliveryLog(t.db, silent, 'worker-test'),
    log: silent,
    publicUrl: 'http://school.test',
  });
}

function failed500(): Sent {
  const error = new DeliveryHttpError({ method: 'POST', url: URL, status: 500 });
  return {
    kind: 'sent',
    operation: 'create',
    body: { name: 'Uno' },
    current: true,
    result: {
      outcome: 'retryable',
      method: 'POST',
      url: URL,
      messageId: 'm',
      status: 500,
      durationMs: 2,
      error,
      retryAfterMs: undefined,
    },
  };
}

describe('recordOutcome', () => {
  it('a retryable failure is logged as attempt n, counted by the breaker, and the record waits its back-off', async () => {
    const claim = await claimGrade({}, { attempts: 1 });
    expect(await record(claim, failed500())).toMatchObject({ kind: 'retry', attempts: 2 });
    const sync = (await t.db.collection('grades').findOne({ _id: claim.id }))?._sync;
    expect(sync).toMatchObject({ state: 'pending', attempts: 2, due_at: new Date(NOW.getTime() + 200) });
    const log = await t.db.collection(DELIVERIES).find({ record: claim.id }).toArray();
    expect(log.map((row) => [row.operation, row.status, row.outcome, row.attempt])).toEqual([
      ['create', 500, 'retryable', 2],
    ]);
    expect(breaker.state(NOW.getTime())).toBe('open');
  });

  it('the last attempt fails the record and sends the failure notice, which is logged too', async () => {
    const claim = await claimGrade({}, { attempts: 3 });
    expect(await record(claim, failed500())).toMatchObject({ kind: 'give-up', attempts: 4 });
    expect((await t.db.collection('grades').findOne({ _id: claim.id }))?._sync).toMatchObject({
      state: 'failed',
      attempts: 4,
    });
    const notice = receiver.notices.find((entry) => entry.record.id === claim.id.toHexString());
    expect(notice).toMatchObject({ attempts: 4, operation: 'create', reason: 'attempts_exhausted' });
    const log = await t.db.collection(DELIVERIES).find({ record: claim.id }).toArray();
    expect(log.map((row) => row.operation)).toEqual(['create', 'notice']);
  });

  it('nothing sent on a probe frees the breaker’s probe slot without closing it', async () => {
    breaker.failure(NOW.getTime() - 1000);
    expect(breaker.tryAcquire(NOW.getTime())).toBe(true); // this delivery is the probe
    const claim = await claimGrade({}, { external_id: 'ext-1' });
    await record(claim, { kind: 'unchanged', externalId: 'ext-1', payload: { name: 'Uno' } });
    expect(breaker.state(NOW.getTime())).toBe('half-open');
    expect(breaker.tryAcquire(NOW.getTime())).toBe(true);
    expect((await t.db.collection('grades').findOne({ _id: claim.id }))?._sync).toMatchObject({
      state: 'synced',
    });
  });
});
