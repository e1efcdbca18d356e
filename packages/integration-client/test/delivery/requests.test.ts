import { describe, expect, it } from 'vitest';
import { createRequest, noticeRequest, updateRequest } from '../../src/delivery/requests.js';
import { InvalidOptionsError } from '../../src/errors/errors.js';
import type { GradePayload } from '../../src/payloads/types.js';

const grade: GradePayload = {
  name: '1st A',
  metadata: { school: '65f0c2a1b4d3e2f1a0b9c802', grade: '65f0c2a1b4d3e2f1a0b9c804' },
};

/** The error a refused call throws: an InvalidOptionsError with exactly this one issue. */
function refused(param: string, message: string) {
  return expect.objectContaining({
    constructor: InvalidOptionsError,
    issues: [{ code: 'INVALID_VALUE', param, message }],
  });
}

describe('a call becomes one checked request', () => {
  it('the same create, positional or as one argument', () => {
    const positional = createRequest('grades', grade, { idempotencyKey: 'create-grades-1' });
    expect(positional).toEqual({
      method: 'POST',
      path: '/api/integration/grades',
      body: JSON.stringify(grade),
      messageId: 'create-grades-1',
      idempotencyKey: 'create-grades-1',
      signal: undefined,
      expect: { kind: 'create', collection: 'grades' },
    });
    expect(
      createRequest({ collection: 'grades', payload: grade, idempotencyKey: 'create-grades-1' }),
    ).toEqual(positional);
  });

  it('an update: the external id percent-encoded in the path, a new message id unless given', () => {
    const update = updateRequest('grades', 'ext/9', { name: '1st B' });
    expect(update).toMatchObject({
      method: 'PUT',
      path: '/api/integration/grades/ext%2F9',
      body: '{"name":"1st B"}',
    });
    expect(update.messageId).toMatch(/^msg_[0-9a-f-]{36}$/);
    expect(updateRequest('grades', 'ext/9', { name: '1st B' }).messageId).not.toBe(update.messageId);
    const one = updateRequest({
      collection: 'grades',
      externalId: 'e',
      patch: { name: 'x' },
      messageId: 'm-1',
    });
    expect(one).toMatchObject({
      messageId: 'm-1',
      idempotencyKey: undefined,
      expect: { kind: 'update', externalId: 'e' },
    });
  });

  it('refuses what is not a collection, also null, without crashing', () => {
    const notACollection = refused('collection', 'must be "students", "parents" or "grades"');
    // @ts-expect-error: a caller without types
    expect(() => createRequest(null, grade, { idempotencyKey: 'k' })).toThrow(notACollection);
    // @ts-expect-error: a caller without types
    expect(() => updateRequest('teachers', 'e', { name: 'x' })).toThrow(notACollection);
  });

  it('checks the idempotency key before the message id, on every kind', () => {
    const bad = { idempotencyKey: 'has space', messageId: 'also bad' };
    const first = refused('idempotencyKey', 'must be 1 to 255 visible ASCII characters (no spaces)');
    expect(() => createRequest('grades', grade, bad)).toThrow(first);
    expect(() => updateRequest('grades', 'e', { name: 'x' }, bad)).toThrow(first);
    expect(() => noticeRequest({}, bad)).toThrow(first);
  });
});
