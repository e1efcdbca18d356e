import { describe, expect, it } from 'vitest';
import { isRetryableStatus } from '../../src/errors/catalogue.js';
import {
  DeliveryError,
  DeliveryHttpError,
  DeliveryNetworkError,
  DeliveryTimeoutError,
  IntegrationClientError,
  InvalidReplyError,
} from '../../src/errors/errors.js';

const url = 'https://erp.example.com/api/integration/students';
const personalBody = '{"error":"email ana@colegio.edu.ec already exists for Ana Pérez"}';

describe('delivery errors', () => {
  it.each([
    [408, true],
    [429, true],
    [500, true],
    [503, true],
    [599, true],
    [302, false],
    [400, false],
    [401, false],
    [404, false],
    [409, false],
    [422, false],
  ])('HTTP %i is retryable: %s', (status, retryable) => {
    expect(isRetryableStatus(status)).toBe(retryable);
    expect(new DeliveryHttpError({ method: 'POST', url, status }).retryable).toBe(retryable);
  });

  it('says method, URL and what was wrong, never the body', () => {
    const error = new DeliveryHttpError({ method: 'POST', url, status: 409, responseBody: personalBody });
    expect(error.message).toBe(
      `POST ${url} was answered with HTTP 409 Conflict; not retried: the external system reports a conflict with a record it already has.`,
    );
    expect(error.responseBody).toBe(personalBody);
    expect(error.name).toBe('DeliveryHttpError');
  });

  it('keeps the body out of enumeration, JSON and logs', () => {
    const error = new DeliveryHttpError({
      method: 'PUT',
      url,
      status: 503,
      responseBody: personalBody,
      retryAfterMs: 5000,
    });
    expect(Object.keys(error)).not.toContain('responseBody');
    const json = JSON.stringify(error);
    expect(json).not.toContain('ana@colegio.edu.ec');
    expect(JSON.parse(json)).toEqual({
      name: 'DeliveryHttpError',
      message: `PUT ${url} was answered with HTTP 503 Service Unavailable; will be retried (the server asked to wait 5 s).`,
      method: 'PUT',
      url,
      retryable: true,
      status: 503,
      retryAfterMs: 5000,
    });
  });

  it('explains a redirect that was not followed', () => {
    const error = new DeliveryHttpError({
      method: 'POST',
      url,
      status: 302,
      location: 'https://other.example.com/x',
    });
    expect(error.message).toContain('a redirect to https://other.example.com/x; redirects are not followed');
    expect(error.retryable).toBe(false);
  });

  it('network errors and timeouts are retryable', () => {
    const refused = new DeliveryNetworkError({ method: 'POST', url, code: 'ECONNREFUSED' });
    expect(refused.retryable).toBe(true);
    expect(refused.message).toContain('connection refused');
    const unknown = new DeliveryNetworkError({
      method: 'POST',
      url,
      code: 'EWHATEVER',
      cause: new Error('boom'),
    });
    expect(unknown.message).toContain('the request failed: boom');
    const timeout = new DeliveryTimeoutError({ method: 'PUT', url, timeoutMs: 10_000, phase: 'reply' });
    expect(timeout.retryable).toBe(true);
    expect(timeout.message).toBe(
      `PUT ${url} got no complete reply within 10000 ms (timeoutMs); will be retried.`,
    );
    expect(timeout.toJSON()).toMatchObject({ timeoutMs: 10_000, phase: 'reply' });
  });

  it('invalid replies are permanent', () => {
    const error = new InvalidReplyError({
      method: 'POST',
      url,
      status: 201,
      reason: 'missing-external-id',
      expected: '{"status": "<string>", "data": {"userId": "<external id>"}}',
      issues: [{ code: 'INVALID_VALUE', param: 'data.userId', message: 'must be a non-empty string' }],
      responseBody: '{"status":"ok"}',
    });
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('without the external id');
    expect(error.message).toContain('data.userId: must be a non-empty string');
    expect(error.toJSON()).toMatchObject({ reason: 'missing-external-id', status: 201 });
  });

  it('every delivery error is an IntegrationClientError, also across package copies', () => {
    const error = new DeliveryNetworkError({ method: 'POST', url, code: 'ECONNRESET' });
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error).toBeInstanceOf(IntegrationClientError);
    expect(IntegrationClientError.isInstance(error)).toBe(true);
    expect(IntegrationClientError.isInstance(new Error('x'))).toBe(false);
    expect(Object.getOwnPropertySymbols(error)).toEqual([]);
  });
});
