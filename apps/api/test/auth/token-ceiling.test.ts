/**
 * A token's power is a ceiling (docs/security.md): `admin` manages only tokens whose scopes and
 * schools are all within its own, and grants nothing it lacks. The cases an attacker tried; the
 * general rule is the property test in security/token-ceiling.property.test.ts.
 */
import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { build, expectError, expectErrors, expectOk, type Json, type TokenName } from '../support/helper.js';

const t = await build();
const { A, B } = t.schools;

async function issue(body: object, token: TokenName = 'root'): Promise<Json> {
  return expectOk(await t.post('/api/tokens', body, { token }), 201);
}

/** The stored token (the database, not the reply). */
const stored = (id: string) =>
  t.db.collection('api_tokens').findOne({ _id: ObjectId.createFromHexString(id) });

describe('issuing', () => {
  it('an admin-only token issues no token with read, write or metrics', async () => {
    const adminOnly = await issue({ name: 'admin only', scopes: ['admin'], schools: '*' });
    for (const scope of ['read', 'write', 'metrics']) {
      const name = `wants ${scope}`;
      const errors = expectErrors(
        await t.post(
          '/api/tokens',
          { name, scopes: ['admin', scope], schools: '*' },
          { secret: adminOnly.token },
        ),
        403,
      );
      expect(errors).toEqual([
        { code: 'FORBIDDEN', param: 'scopes', message: expect.stringContaining(`"${scope}"`) },
      ]);
      expect(await t.db.collection('api_tokens').countDocuments({ name })).toBe(0);
    }
    expectOk(
      await t.post(
        '/api/tokens',
        { name: 'peer', scopes: ['admin'], schools: '*' },
        { secret: adminOnly.token },
      ),
      201,
    );
  });

  it('a school-limited admin issues no token with scopes it lacks, even for its own school', async () => {
    const reply = await t.post(
      '/api/tokens',
      { name: 'scraper of A', scopes: ['read', 'write', 'admin', 'metrics'], schools: [A] },
      { token: 'adminA' },
    );
    expect(expectErrors(reply, 403)).toEqual([
      { code: 'FORBIDDEN', param: 'scopes', message: expect.stringContaining('"metrics"') },
    ]);
  });

  it('names every excess at once: scopes and schools', async () => {
    const reply = await t.post(
      '/api/tokens',
      { name: 'greedy', scopes: ['read', 'metrics'], schools: [A, B] },
      { token: 'adminA' },
    );
    const errors = expectErrors(reply, 403);
    expect(errors.map((entry) => entry.param)).toEqual(['scopes', 'schools']);
    expect(errors[1]?.message).toContain(B);
    expect(errors[1]?.message).not.toContain(A);
  });
});

describe('a school-limited admin and an all-schools token', () => {
  it('does not see it, nor revoke or restore it (404, the token unchanged)', async () => {
    const wide = await issue({ name: 'wide reader', scopes: ['read'], schools: '*' });
    const listed = expectOk(await t.get('/api/tokens', { token: 'adminA' })) as Json[];
    expect(listed.map((token) => token._id)).not.toContain(wide._id);
    expectError(
      await t.put(`/api/tokens/${wide._id}`, { active: false }, { token: 'adminA' }),
      404,
      'NOT_FOUND',
    );
    expect((await stored(wide._id))?.active).toBe(true);
  });

  it('can not restore a school-A token that the all-schools admin revoked', async () => {
    const reader = await issue({ name: 'reader of A', scopes: ['read'], schools: [A] });
    expectOk(await t.put(`/api/tokens/${reader._id}`, { active: false }, { token: 'admin' }));
    const refused = await t.put(`/api/tokens/${reader._id}`, { active: true }, { token: 'adminA' });
    const message = expectError(refused, 403, 'FORBIDDEN').message;
    // The revoker is beyond the caller's power: the refusal says so without naming it.
    expect(message).toContain('revoked by a token whose scopes or schools exceed yours');
    expect(message).not.toContain('configured:admin');
    expect((await stored(reader._id))?.active).toBe(false);
    expectError(await t.get('/api/schools', { secret: reader.token }), 401, 'UNAUTHORIZED');
    // A second "revoke" by the narrower admin does not replace the first revocation.
    expectOk(await t.put(`/api/tokens/${reader._id}`, { active: false }, { token: 'adminA' }));
    expectError(
      await t.put(`/api/tokens/${reader._id}`, { active: true }, { token: 'adminA' }),
      403,
      'FORBIDDEN',
    );
    expectOk(await t.put(`/api/tokens/${reader._id}`, { active: true }, { token: 'admin' }));
    expectOk(await t.get('/api/schools', { secret: reader.token }));
  });

  it('is not told which issued token revoked a school-A token', async () => {
    const wider = await issue({ name: 'wider admin', scopes: ['read', 'admin'], schools: '*' });
    const target = await issue({ name: 'a reader', scopes: ['read'], schools: [A] }, 'adminA');
    expectOk(await t.put(`/api/tokens/${target._id}`, { active: false }, { secret: wider.token }));
    const reply = await t.put(`/api/tokens/${target._id}`, { active: true }, { token: 'adminA' });
    expectError(reply, 403, 'FORBIDDEN');
    // The revoker is outside school A's admin: its id is another school's record.
    expect(reply.raw.body).not.toContain(wider._id);
    expect(reply.raw.body).toContain(target._id);
  });

  it('restores a school-A token it revoked itself', async () => {
    const reader = await issue({ name: 'reader of A, twice', scopes: ['read'], schools: [A] }, 'adminA');
    expectOk(await t.put(`/api/tokens/${reader._id}`, { active: false }, { token: 'adminA' }));
    expectOk(await t.put(`/api/tokens/${reader._id}`, { active: true }, { token: 'adminA' }));
    expectOk(await t.get('/api/schools', { secret: reader.token }));
  });
});
