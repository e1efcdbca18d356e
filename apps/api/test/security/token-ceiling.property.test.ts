/**
 * The token ceiling as a property, over random scope and school sets: a token P
 *
 * - issues a token Q exactly when P has `admin` and Q's scopes and schools are within P's;
 * - lists exactly the tokens within its own power (of all tokens, configured and issued);
 * - revokes a token T exactly when it has `admin` and T is within its power;
 * - and a token R restores T, revoked by P, exactly when R has `admin` and both T and P are within R.
 *
 * Each outcome is checked against a model written here (not the service's code) and against the
 * database, not only the status code. A fixed run count, and the run's one seed (FC_SEED, else the
 * default: docs/testing.md), so the same cases every run.
 */
import { ObjectId } from 'bson';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { build, type Json } from '../support/helper.js';

const t = await build({ env: { RATE_LIMIT_MAX: '100000', MAX_ACTIVE_TOKENS_PER_ISSUER: '100000' } });
const SCOPES = ['read', 'write', 'admin', 'metrics'] as const;
type Scope = (typeof SCOPES)[number];
/** Two schools with records, and one that only tokens name. */
const SCHOOLS = [t.schools.A, t.schools.B, '0123456789abcdef01234567'] as const;

interface Power {
  scopes: Scope[];
  schools: '*' | string[];
}

/** The model: every scope of `wanted` is `holder`'s, every school too (`*` only under `*`). */
function within(holder: Power, wanted: Power): boolean {
  if (!wanted.scopes.every((scope) => holder.scopes.includes(scope))) return false;
  if (holder.schools === '*') return true;
  const own = holder.schools;
  return wanted.schools !== '*' && wanted.schools.every((school) => own.includes(school));
}

const manages = (holder: Power, wanted: Power) => holder.scopes.includes('admin') && within(holder, wanted);

const power: fc.Arbitrary<Power> = fc.record({
  scopes: fc.subarray([...SCOPES], { minLength: 1 }),
  schools: fc.oneof(fc.constant<'*'>('*'), fc.subarray([...SCHOOLS], { minLength: 1 })),
});
/** Powers that manage tokens more often than chance would (half of all sets lack `admin`). */
const admin: fc.Arbitrary<Power> = fc.oneof(
  power,
  power.map((p) => ({ ...p, scopes: [...new Set<Scope>([...p.scopes, 'admin'])] })),
);

let issued = 0;
/** Issues a token of `p` with the root token (every scope, every school). */
async function tokenOf(p: Power): Promise<{ id: string; secret: string; power: Power }> {
  const reply = await t.post('/api/tokens', { name: `property ${++issued}`, ...p }, { token: 'root' });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return { id: reply.body.response._id, secret: reply.body.response.token, power: p };
}

const storedActive = async (id: string) =>
  (await t.db.collection('api_tokens').findOne({ _id: ObjectId.createFromHexString(id) }))?.active;

const RUNS = { numRuns: 60 } as const;

/** Every page of `GET /api/tokens` for a token: its status, and the tokens of all pages in order. */
async function wholeList(
  options: { secret: string } | { token: 'root' },
): Promise<{ status: number; tokens: Json[] }> {
  const tokens: Json[] = [];
  for (let page = 1; ; page++) {
    const reply = await t.get(`/api/tokens?__per_page=100&__page=${page}`, options);
    if (reply.status !== 200) return { status: reply.status, tokens };
    const found = reply.body.response as Json[];
    tokens.push(...found);
    if (found.length < 100) return { status: 200, tokens };
  }
}

describe('a token’s power is a ceiling', () => {
  it('issues exactly the tokens within its power, and only with admin', async () => {
    await fc.assert(
      fc.asyncProperty(admin, power, async (holder, wanted) => {
        const issuer = await tokenOf(holder);
        const name = `wanted by ${issuer.id}`;
        const reply = await t.post('/api/tokens', { name, ...wanted }, { secret: issuer.secret });
        const allowed = manages(holder, wanted);
        expect(reply.status, JSON.stringify({ holder, wanted, body: reply.body })).toBe(allowed ? 201 : 403);
        const record = await t.db.collection('api_tokens').findOne({ name });
        if (!allowed) {
          expect(record).toBeNull();
          return;
        }
        if (!record) throw new Error(`the issued token ${name} is not in the database`);
        expect(new Set(record.scopes)).toEqual(new Set(wanted.scopes));
        const schools = record.schools === '*' ? '*' : (record.schools as ObjectId[]).map(String);
        expect(schools).toEqual(wanted.schools);
      }),
      RUNS,
    );
  });

  it('lists exactly the tokens within its power', async () => {
    await fc.assert(
      fc.asyncProperty(admin, async (holder) => {
        const lister = await tokenOf(holder);
        const everyToken = (await wholeList({ token: 'root' })).tokens;
        const reply = await wholeList({ secret: lister.secret });
        if (!holder.scopes.includes('admin')) {
          expect(reply.status).toBe(403);
          return;
        }
        expect(reply.status).toBe(200);
        const expected = everyToken.filter((token) => within(holder, token)).map((token) => token._id);
        expect(reply.tokens.map((token) => token._id)).toEqual(expected);
      }),
      RUNS,
    );
  });

  it('revokes and restores exactly the tokens within its power; a revocation stands against less power', async () => {
    await fc.assert(
      fc.asyncProperty(power, admin, admin, async (target, revokerPower, restorerPower) => {
        const token = await tokenOf(target);
        const revoker = await tokenOf(revokerPower);
        const restorer = await tokenOf(restorerPower);

        const revoked = await t.put(`/api/tokens/${token.id}`, { active: false }, { secret: revoker.secret });
        const mayRevoke = manages(revokerPower, target);
        const seen = revokerPower.scopes.includes('admin');
        expect(revoked.status).toBe(mayRevoke ? 200 : seen ? 404 : 403);
        expect(await storedActive(token.id)).toBe(!mayRevoke);
        if (!mayRevoke) return;

        const restored = await t.put(
          `/api/tokens/${token.id}`,
          { active: true },
          { secret: restorer.secret },
        );
        const mayRestore = manages(restorerPower, target) && within(restorerPower, revokerPower);
        expect(restored.status, JSON.stringify({ target, revokerPower, restorerPower })).toBe(
          mayRestore
            ? 200
            : !restorerPower.scopes.includes('admin')
              ? 403
              : within(restorerPower, target)
                ? 403
                : 404,
        );
        expect(await storedActive(token.id)).toBe(mayRestore);
      }),
      RUNS,
    );
  });
});
