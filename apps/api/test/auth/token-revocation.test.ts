/**
 * Revocation by the widest authority wins (docs/security.md): a token whose power covers the
 * standing revoker's replaces the revocation with its own, and then a narrower admin can't restore
 * the token. The reply's `revoked_by` says whose revocation stands, when the caller may see it.
 */
import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { build, expectError, expectOk, type Json } from '../support/helper.js';

const t = await build();
const { A } = t.schools;

const issue = async (name: string): Promise<Json> =>
  expectOk(await t.post('/api/tokens', { name, scopes: ['read'], schools: [A] }, { token: 'adminA' }), 201);
const setActive = (id: string, active: boolean, token: 'admin' | 'adminA') =>
  t.put(`/api/tokens/${id}`, { active }, { token });
const stored = (id: string) => t.db.collection('api_tokens').findOne({ _id: new ObjectId(id) });

describe('a school admin revokes X, then the global admin revokes X too', () => {
  it('the global admin’s revocation stands: the school admin can’t restore X', async () => {
    const x = await issue('x');
    const first = expectOk(await setActive(x._id, false, 'adminA'));
    expect(first).toMatchObject({ active: false, revoked_by: 'configured:admin-a' });
    const second = expectOk(await setActive(x._id, false, 'admin'));
    expect(second).toMatchObject({ active: false, revoked_by: 'configured:admin' });
    expect((await stored(x._id))?.revoked_by?.token).toBe('configured:admin');
    expectError(await setActive(x._id, true, 'adminA'), 403, 'FORBIDDEN');
    expect((await stored(x._id))?.active).toBe(false);
    expectError(await t.get('/api/schools', { secret: x.token }), 401, 'UNAUTHORIZED');
  });

  it('the school admin is told the revocation is not its own, without the wider token’s id', async () => {
    const x = await issue('x2');
    expectOk(await setActive(x._id, false, 'admin'));
    const reply = await setActive(x._id, false, 'adminA');
    expect(expectOk(reply)).toMatchObject({ active: false, revoked_by: null });
    expect(reply.raw.body).not.toContain('configured:admin"');
    expect((await stored(x._id))?.revoked_by?.token).toBe('configured:admin');
    const listed = (expectOk(await t.get(`/api/tokens?name=x2`, { token: 'adminA' })) as Json[])[0];
    expect(listed.revoked_by).toBeNull();
  });

  it('the global admin restores X; it is active again with no revoker', async () => {
    const x = await issue('x3');
    expectOk(await setActive(x._id, false, 'adminA'));
    expectOk(await setActive(x._id, false, 'admin'));
    const restored = expectOk(await setActive(x._id, true, 'admin'));
    expect(restored.active).toBe(true);
    expect(restored).not.toHaveProperty('revoked_by');
    expectOk(await t.get('/api/schools', { secret: x.token }));
  });
});
