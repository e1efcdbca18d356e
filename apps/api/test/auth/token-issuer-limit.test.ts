/**
 * MAX_ACTIVE_TOKENS_PER_ISSUER (docs/security.md): an issuer holds at most that many active tokens it
 * issued, counted by its token id; past it `409 CONFLICT` says to revoke one.
 */
import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { build, expectError, expectOk, type Json } from '../support/helper.js';
import { ManualClock } from '../sync/clock.js';

const clock = new ManualClock(Date.parse('2026-03-02T08:00:00Z'));
const t = await build({ env: { MAX_ACTIVE_TOKENS_PER_ISSUER: '3' }, now: clock.now });
const { A } = t.schools;

const issue = (name: string, token: 'adminA' | 'admin' = 'adminA', extra: object = {}) =>
  t.post('/api/tokens', { name, scopes: ['read'], schools: [A], ...extra }, { token });

describe('with MAX_ACTIVE_TOKENS_PER_ISSUER=3', () => {
  it('stores the issuer’s token id with each token', async () => {
    const issued = expectOk(await issue('first'), 201);
    const stored = await t.db.collection('api_tokens').findOne({ _id: new ObjectId(issued._id) });
    expect(stored?.issued_by).toBe('configured:admin-a');
  });

  it('refuses the 4th active token of one issuer with 409 naming the limit, and nothing is stored', async () => {
    expectOk(await issue('second'), 201);
    expectOk(await issue('third'), 201);
    const error = expectError(await issue('fourth'), 409, 'CONFLICT');
    expect(error.message).toContain('3');
    expect(error.message).toContain('MAX_ACTIVE_TOKENS_PER_ISSUER');
    expect(error.message).toMatch(/revoke/iu);
    expect(await t.db.collection('api_tokens').countDocuments({ name: 'fourth' })).toBe(0);
  });

  it('another issuer keeps its own count', async () => {
    expectOk(await issue('of admin', 'admin'), 201);
  });

  it('a revoked token no longer counts', async () => {
    const first = ((await t.get('/api/tokens?name=first', { token: 'adminA' })).body.response as Json[])[0];
    expectOk(await t.put(`/api/tokens/${first._id}`, { active: false }, { token: 'adminA' }));
    expectOk(await issue('fourth'), 201);
    expectError(await issue('fifth'), 409, 'CONFLICT');
  });

  it('an expired token no longer counts', async () => {
    const admin = expectOk(
      await t.post(
        '/api/tokens',
        { name: 'sub-admin', scopes: ['read', 'admin'], schools: [A] },
        { token: 'admin' },
      ),
      201,
    );
    const soon = new Date(clock.now().getTime() + 60_000).toISOString();
    for (const name of ['x', 'y', 'z']) {
      expectOk(
        await t.post(
          '/api/tokens',
          { name, scopes: ['read'], schools: [A], expires_at: soon },
          { secret: admin.token },
        ),
        201,
      );
    }
    expectError(
      await t.post('/api/tokens', { name: 'w', scopes: ['read'], schools: [A] }, { secret: admin.token }),
      409,
      'CONFLICT',
    );
    clock.advance(60_000);
    expectOk(
      await t.post('/api/tokens', { name: 'w', scopes: ['read'], schools: [A] }, { secret: admin.token }),
      201,
    );
  });
});
