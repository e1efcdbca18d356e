import { Ajv } from 'ajv';
import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { buildFailureNotice, failureNoticeSchema } from '../../src/delivery/failure-notice.js';
import {
  DeliveryHttpError,
  DeliveryNetworkError,
  DeliveryTimeoutError,
  InvalidOptionsError,
  InvalidRecordError,
  InvalidReplyError,
} from '../../src/errors/errors.js';
import { buildStudentPayload } from '../../src/payloads/student.js';

const validate = new Ajv({ strict: true }).compile(failureNoticeSchema);
const recordId = new ObjectId('65f0c2a1b4d3e2f1a0b9c801');
const url = 'https://erp.example.com/api/integration/students/ext-1';
const failedAt = new Date('2025-10-21T07:28:00.000Z');

describe('buildFailureNotice', () => {
  it('reports a record that could not become a payload (never sent) as a permanent failure, without its data', () => {
    const notice = buildFailureNotice({
      collection: 'students',
      recordId,
      operation: 'create',
      attempts: 1,
      lastError: new InvalidRecordError('students', recordId.toHexString(), [
        { code: 'MISSING_FIELD', param: 'user.surname', message: 'is required' },
      ]),
      serviceBaseUrl: 'https://school.example.com',
      failedAt,
    });
    expect(notice).toMatchObject({
      operation: 'create',
      reason: 'permanent_failure',
      last_error: { class: 'InvalidRecordError', retryable: false },
    });
    expect(notice.last_error).not.toHaveProperty('status');
    expect(validate(notice)).toBe(true);
  });

  it('names the record, the operation, the attempts and the last error, and how to re-emit', () => {
    const notice = buildFailureNotice({
      collection: 'students',
      recordId,
      externalId: 'ext-1',
      operation: 'update',
      attempts: 10,
      lastError: new DeliveryHttpError({ method: 'PUT', url, status: 503, responseBody: 'Ana Pérez' }),
      serviceBaseUrl: 'https://school.example.com/',
      failedAt,
    });
    expect(notice).toEqual({
      event: 'delivery_failed',
      record: { collection: 'students', id: '65f0c2a1b4d3e2f1a0b9c801', external_id: 'ext-1' },
      operation: 'update',
      attempts: 10,
      reason: 'attempts_exhausted',
      last_error: { class: 'DeliveryHttpError', status: 503, retryable: true },
      retry_url: 'https://school.example.com/api/integration/sync/students/65f0c2a1b4d3e2f1a0b9c801/retry',
      failed_at: '2025-10-21T07:28:00.000Z',
    });
    expect(validate(notice)).toBe(true);
    expect(JSON.stringify(notice)).not.toContain('Ana');
  });

  it('takes the error that kept a record from being sent at all: a record the builders refuse', () => {
    const stored: Record<string, unknown> = { _id: recordId, user: { name: 'Ana' } };
    let refused: unknown;
    try {
      buildStudentPayload(stored, { parentUserIds: [] });
    } catch (error) {
      refused = error;
    }
    if (!(refused instanceof InvalidRecordError)) throw new Error('expected an InvalidRecordError');
    const notice = buildFailureNotice({
      collection: 'students',
      recordId,
      operation: 'create',
      attempts: 1,
      lastError: refused,
      serviceBaseUrl: 'https://school.example.com',
      failedAt,
    });
    expect(notice).toMatchObject({
      reason: 'permanent_failure',
      last_error: { class: 'InvalidRecordError', retryable: false },
    });
    expect(notice.last_error).not.toHaveProperty('status');
    expect(validate(notice)).toBe(true);
  });

  it.each([
    [
      new DeliveryNetworkError({ method: 'POST', url, code: 'ECONNREFUSED' }),
      { class: 'DeliveryNetworkError', code: 'ECONNREFUSED', retryable: true },
      'attempts_exhausted',
    ],
    [
      new DeliveryTimeoutError({ method: 'POST', url, timeoutMs: 10, phase: 'reply' }),
      { class: 'DeliveryTimeoutError', retryable: true },
      'attempts_exhausted',
    ],
    [
      new InvalidReplyError({
        method: 'POST',
        url,
        status: 200,
        reason: 'missing-external-id',
        expected: 'data.userId',
      }),
      { class: 'InvalidReplyError', status: 200, code: 'missing-external-id', retryable: false },
      'permanent_failure',
    ],
  ])('describes %s', (lastError, last_error, reason) => {
    const notice = buildFailureNotice({
      collection: 'grades',
      recordId: recordId.toHexString(),
      operation: 'create',
      attempts: 1,
      lastError,
      serviceBaseUrl: 'http://127.0.0.1:3000/school',
    });
    expect(notice.last_error).toEqual(last_error);
    expect(notice.reason).toBe(reason);
    expect(notice.record).toEqual({ collection: 'grades', id: recordId.toHexString() });
    expect(notice.retry_url).toBe(
      `http://127.0.0.1:3000/school/api/integration/sync/grades/${recordId}/retry`,
    );
    expect(validate(notice)).toBe(true);
  });

  it('refuses invalid input, listing every problem', () => {
    try {
      buildFailureNotice({
        // @ts-expect-error a JavaScript caller can pass anything: every field is checked
        collection: 'staff',
        recordId: 'x',
        // @ts-expect-error as above
        operation: 'delete',
        attempts: 0,
        // @ts-expect-error as above
        lastError: {},
        serviceBaseUrl: 'school',
        externalId: '',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidOptionsError);
      expect((error as InvalidOptionsError).issues.map((i) => i.param)).toEqual([
        'collection',
        'recordId',
        'operation',
        'attempts',
        'externalId',
        'lastError',
        'serviceBaseUrl',
      ]);
    }
  });
});
