/** A token's `scopes` and `schools` are sets: stored and answered once each, old stored duplicates too. */
import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { build, expectOk, type Json } from '../support/helper.js';

const t = await build();
const { A, B } = t.schools;

describe('scopes and schools are sets', () => {
  it('collapse duplicates on issue, in the reply and in the database', async () => {
    const issued = expectOk(
      await t.post(
        '/api/tokens',
        { name: 'twice', scopes: ['read', 'read'], schools: [A, B, A, A.toUpperCase()] },
        { token: 'admin' },
      ),
      201,
    );
    expect(issued.scopes).toEqual(['read']);
    expect(issued.schools).toEqual([A, B]);
    const stored = await t.db.collection('api_tokens').findOne({ _id: new ObjectId(issued._id) });
    if (!stored) throw new Error('the issued token is not in the database');
    expect(stored.scopes).toEqual(['read']);
    expect((stored.schools as ObjectId[]).map(String)).toEqual([A, B]);
  });

  it('read a token stored with duplicates as sets', async () => {
    const _id = new ObjectId();
    const a = new ObjectId(A);
    await t.db.collection('api_tokens').insertOne({
      _id,
      name: 'stored before',
      token_sha256: 'f'.repeat(64),
      scopes: ['read', 'read', 'read'],
      schools: [a, a, a],
      active: true,
      created_at: new Date(),
    });
    const listed = (expectOk(await t.get('/api/tokens?name=stored before', { token: 'admin' })) as Json[])[0];
    expect(listed).toMatchObject({ _id: String(_id), scopes: ['read'], schools: [A] });
  });
});
