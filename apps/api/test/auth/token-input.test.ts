/** What `POST /api/tokens` refuses in a token's name and expiry (docs/security.md). */
import { describe, expect, it } from 'vitest';
import { build, expectError, expectOk } from '../support/helper.js';

const t = await build();

const issue = (body: object) =>
  t.post('/api/tokens', { name: 'reader', scopes: ['read'], schools: '*', ...body }, { token: 'admin' });

describe('a token’s name', () => {
  it.each([
    ['a line break', 'reader\nadmin'],
    ['a bell', 'reader\u0007'],
    ['a tab', 'a\tb'],
    ['DEL', 'x\u007f'],
    ['a C1 control', 'x\u009b31m'],
  ])('with %s is 400 VALIDATION_FAILED naming name', async (_label, name) => {
    const error = expectError(await issue({ name }), 400, 'VALIDATION_FAILED');
    expect(error.param).toBe('name');
    expect(await t.db.collection('api_tokens').countDocuments({ name })).toBe(0);
  });

  it('takes letters, spaces and punctuation of any script', async () => {
    expectOk(await issue({ name: 'Lectura — Colegio Andino (año 2026) ✓' }), 201);
  });
});

describe('a leap-second expires_at', () => {
  it('is refused as a date-time the service can’t store, naming expires_at (not "must be in the future")', async () => {
    const error = expectError(await issue({ expires_at: '2027-06-30T23:59:60Z' }), 400, 'VALIDATION_FAILED');
    expect(error.param).toBe('expires_at');
    expect(error.message).toMatch(/leap second/u);
    expect(error.message).not.toMatch(/future/u);
  });
});
