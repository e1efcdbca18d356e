import { describe, expect, it } from 'vitest';
import { readReply } from '../../src/delivery/reply.js';

describe('readReply', () => {
  it.each([
    [{ status: 'success', data: { userId: 'u1' } }, 'students', 'u1'],
    [{ status: 'ok', data: { userId: 'u2', extra: 1 }, more: true }, 'parents', 'u2'],
    [{ status: 'created', data: { id: 'g1' } }, 'grades', 'g1'],
    [{ status: 'created', data: { userId: 'g2' } }, 'grades', 'g2'],
    [{ status: 'created', data: { id: 'g3', userId: 'other' } }, 'grades', 'g3'],
  ] as const)('accepts %j for a %s create', (json, collection, externalId) => {
    expect(readReply(json, collection)).toEqual({ ok: true, replyStatus: json.status, externalId });
  });

  it.each([
    [{ status: 'ok' }, 'students', 'missing-external-id'],
    [{ status: 'ok', data: {} }, 'students', 'missing-external-id'],
    [{ status: 'ok', data: { userId: '' } }, 'parents', 'missing-external-id'],
    [{ status: 'ok', data: { userId: 7 } }, 'students', 'missing-external-id'],
    [{ status: 'ok', data: { code: 'x' } }, 'grades', 'missing-external-id'],
    [{ data: { userId: 'u1' } }, 'students', 'unexpected-shape'],
    [{ status: true, data: { userId: 'u1' } }, 'students', 'unexpected-shape'],
    [[], 'students', 'unexpected-shape'],
    [null, 'students', 'unexpected-shape'],
    [{ status: 'ok', data: 'u1' }, 'students', 'unexpected-shape'],
    [{ status: 'error', data: { userId: 'u1' } }, 'students', 'failure-status'],
    [{ status: 'FAILED' }, undefined, 'failure-status'],
  ] as const)('refuses %j for %s', (json, collection, reason) => {
    expect(readReply(json, collection)).toMatchObject({ ok: false, reason });
  });

  it('needs only a status for an update', () => {
    expect(readReply({ status: 'updated' }, undefined)).toEqual({
      ok: true,
      replyStatus: 'updated',
      externalId: undefined,
    });
    expect(readReply({ status: 'ok', data: { userId: 'u' } }, undefined)).toMatchObject({ ok: true });
  });
});
