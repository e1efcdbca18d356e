import {
  type CreateResult,
  type DeliveryFailure,
  DeliveryHttpError,
  InvalidRecordError,
  retryDelay,
  type UpdateResult,
} from '@school/integration-client';
import { describe, expect, it } from 'vitest';
import { decide, errorLabel } from '../../src/sync/outcome.js';
import type { Sent } from '../../src/sync/send.js';

const NOW = new Date('2026-03-01T08:00:00Z');
const URL = 'http://erp.test/api/integration/grades';
const request = { method: 'POST', url: URL, messageId: 'm', durationMs: 3 } as const;
/** The schedule 100, 200, 300 (four attempts), without jitter. */
const nextRetryDelay = (attempts: number, failure: DeliveryFailure) =>
  retryDelay(attempts, {
    schedule: [100, 200, 300],
    jitter: 0,
    retryAfterMs: failure.outcome === 'retryable' ? failure.retryAfterMs : undefined,
  });

function failure(status: number, retryAfterMs?: number): DeliveryFailure {
  const error = new DeliveryHttpError({ method: 'POST', url: URL, status });
  return error.retryable
    ? { ...request, outcome: 'retryable', status, error, retryAfterMs }
    : { ...request, outcome: 'permanent', status, error };
}

function createSent(result: CreateResult, current = true): Sent {
  return { kind: 'sent', operation: 'create', body: { name: 'Uno' }, current, result };
}

describe('decide', () => {
  it('an acknowledged create stores the external id and the body sent', () => {
    const result: CreateResult = {
      ...request,
      outcome: 'acknowledged',
      status: 201,
      externalId: 'ext-1',
      replyStatus: 'success',
    };
    expect(decide(createSent(result, false), { attemptsBefore: 2, now: NOW, nextRetryDelay })).toEqual({
      kind: 'acknowledge',
      externalId: 'ext-1',
      payload: { name: 'Uno' },
      current: false,
    });
  });

  it('an acknowledged update stores the payload as acknowledged', () => {
    const result: UpdateResult = {
      ...request,
      method: 'PUT',
      outcome: 'acknowledged',
      status: 200,
      externalId: 'ext-2',
      replyStatus: 'success',
    };
    const sent: Sent = {
      kind: 'sent',
      operation: 'update',
      externalId: 'ext-2',
      body: { n: 1 },
      current: true,
      result,
    };
    expect(decide(sent, { attemptsBefore: 0, now: NOW, nextRetryDelay })).toMatchObject({
      kind: 'acknowledge',
      externalId: 'ext-2',
      payload: { n: 1 },
    });
  });

  it('nothing to send is acknowledged as it is', () => {
    const sent: Sent = { kind: 'unchanged', externalId: 'ext-3', payload: { n: 1 } };
    expect(decide(sent, { attemptsBefore: 0, now: NOW, nextRetryDelay })).toEqual({
      kind: 'acknowledge',
      externalId: 'ext-3',
      payload: { n: 1 },
      current: true,
    });
  });

  it('every retryable failure is an attempt: retried after the schedule’s delay until delays + 1 attempts were made', () => {
    const decisions = [0, 1, 2, 3].map((attemptsBefore) =>
      decide(createSent(failure(500)), { attemptsBefore, now: NOW, nextRetryDelay }),
    );
    expect(decisions.map((d) => [d.kind, d.kind === 'acknowledge' ? 0 : d.attempts])).toEqual([
      ['retry', 1],
      ['retry', 2],
      ['retry', 3],
      ['give-up', 4],
    ]);
    expect(
      decisions.slice(0, 3).map((d) => (d.kind === 'retry' ? d.dueAt.getTime() - NOW.getTime() : 0)),
    ).toEqual([100, 200, 300]);
    expect(decisions[3]).toMatchObject({ operation: 'create', error: 'DeliveryHttpError 500' });
  });

  it('a Retry-After replaces the scheduled wait but still uses an attempt', () => {
    const decision = decide(createSent(failure(429, 5000)), { attemptsBefore: 0, now: NOW, nextRetryDelay });
    expect(decision).toEqual({
      kind: 'retry',
      attempts: 1,
      dueAt: new Date(NOW.getTime() + 5000),
      error: 'DeliveryHttpError 429',
    });
  });

  it('a permanent failure gives up at once', () => {
    expect(decide(createSent(failure(422)), { attemptsBefore: 0, now: NOW, nextRetryDelay })).toMatchObject({
      kind: 'give-up',
      attempts: 1,
      error: 'DeliveryHttpError 422',
    });
  });

  it('a record that cannot become a payload is given up without an attempt', () => {
    const error = new InvalidRecordError('students', 'abc', [
      { code: 'MISSING_FIELD', param: 'user.surname', message: 'is required' },
    ]);
    const sent: Sent = { kind: 'unbuildable', operation: 'create', error };
    expect(decide(sent, { attemptsBefore: 0, now: NOW, nextRetryDelay })).toEqual({
      kind: 'give-up',
      attempts: 0,
      error: 'InvalidRecordError',
      operation: 'create',
      cause: error,
    });
  });

  it('labels an error with its class and the status when there was one', () => {
    expect(errorLabel(failure(503))).toBe('DeliveryHttpError 503');
  });
});
