/**
 * The token list's power filter runs in the database (`coveredBy`, auth/power-filter.ts): over random
 * stored tokens and random callers, the tokens the filter finds are exactly those `covers()`
 * (auth/token-power.ts) allows, duplicates and `*` included. A fixed run count and the run's one
 * seed (docs/testing.md).
 */
import { ObjectId } from 'bson';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../src/auth/caller.js';
import { coveredBy } from '../../src/auth/power-filter.js';
import { covers } from '../../src/auth/token-power.js';
import { SCOPES, type Scope } from '../../src/config/app-config.js';
import { testDatabase } from '../support/database.js';

const database = await testDatabase();
afterAll(() => database.closeForReal());
const tokens = database.db.collection('api_tokens');

const SCHOOLS = ['64b7f0c2a1b2c3d4e5f60718', '64b7f0c2a1b2c3d4e5f60719', '64b7f0c2a1b2c3d4e5f6071a'];

/** A stored token's scopes and schools: duplicates allowed, as older versions stored them. */
const stored = fc.record({
  scopes: fc.array(fc.constantFrom(...SCOPES), { maxLength: 6 }),
  schools: fc.oneof(
    fc.constant<'*'>('*'),
    fc.array(fc.constantFrom(...SCHOOLS), { maxLength: 5 }).map((ids) => ids.map((id) => new ObjectId(id))),
  ),
});

const caller: fc.Arbitrary<Caller> = fc
  .record({
    scopes: fc.subarray([...SCOPES]),
    schools: fc.oneof(
      fc.constant<'*'>('*'),
      fc.subarray(SCHOOLS).map((ids) => ids.map((id) => new ObjectId(id))),
    ),
  })
  .map((power) => ({
    name: 'caller',
    tokenId: 'caller',
    scopes: new Set<Scope>(power.scopes),
    schools: power.schools,
  }));

describe('coveredBy', () => {
  it('finds exactly the stored tokens covers() allows', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stored, { minLength: 1, maxLength: 12 }), caller, async (records, holder) => {
        await tokens.deleteMany({});
        const docs = records.map((record) => ({ _id: new ObjectId(), ...record }));
        await tokens.insertMany(docs);
        const found = await tokens.find(coveredBy(holder), { sort: { _id: 1 } }).toArray();
        const expected = docs.filter((doc) => covers(holder, doc)).map((doc) => String(doc._id));
        expect(found.map((doc) => String(doc._id))).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });
});
