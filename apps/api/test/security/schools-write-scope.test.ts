/**
 * Regression: a token limited to school A could rename school B. The read before the write merged
 * `{ _id }` with the scope `{ _id: { $in: [A] } }`, the scope's key replaced the caller's, the
 * caller's own school was read and then B was written by `_id` alone. The reply was 404 (or 409),
 * so only the database shows it: every test here reads the stored record.
 */
import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { build, expectError, type TokenName } from '../support/helper.js';

const t = await build();
await t.seed();
const { A, B } = t.schools;

const stored = (id: string) => t.db.collection('schools').findOne({ _id: new ObjectId(id) });

describe('a token limited to school A cannot change school B', () => {
  const tokens: TokenName[] = ['schoolA', 'adminA'];
  for (const token of tokens) {
    it(`PUT /api/schools/<B> by ${token} is 404 and school B is unchanged`, async () => {
      const before = await stored(B);
      expectError(await t.put(`/api/schools/${B}`, { name: 'x' }, { token }), 404, 'NOT_FOUND');
      expect(await stored(B)).toEqual(before);
      expect((await stored(A))?.name).toBe('Colegio Andino');
    });

    it(`PUT /api/schools with B's _id in the body by ${token} is 404 and school B is unchanged`, async () => {
      const before = await stored(B);
      expectError(await t.put('/api/schools', { _id: B, name: 'x' }, { token }), 404, 'NOT_FOUND');
      expect(await stored(B)).toEqual(before);
    });
  }

  it('even when both schools have the same revision counter', async () => {
    // The 409 the old code answered depended on the counters differing: make them equal first.
    const rev = async (id: string) => (await stored(id))?._rev as number;
    while ((await rev(A)) < (await rev(B)))
      await t.put(`/api/schools/${A}`, { code: 'CA' }, { token: 'schoolA' });
    while ((await rev(B)) < (await rev(A)))
      await t.put(`/api/schools/${B}`, { code: 'EB' }, { token: 'full' });
    expect(await rev(A)).toBe(await rev(B));
    const before = await stored(B);
    expectError(await t.put(`/api/schools/${B}`, { name: 'x' }, { token: 'schoolA' }), 404, 'NOT_FOUND');
    expect(await stored(B)).toEqual(before);
  });

  it('its own school it can still change', async () => {
    await t.put(`/api/schools/${A}`, { name: 'Colegio Andino Norte' }, { token: 'schoolA' });
    expect((await stored(A))?.name).toBe('Colegio Andino Norte');
    await t.put(`/api/schools/${A}`, { name: 'Colegio Andino' }, { token: 'schoolA' });
  });
});
