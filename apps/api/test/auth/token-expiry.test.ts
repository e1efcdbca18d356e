/**
 * Tokens may expire (`expires_at` on `POST /api/tokens`): checked when issued, enforced at every
 * request (401 `TOKEN_EXPIRED`), shown in the token list and in the OpenAPI document. The app's
 * clock is moved by hand.
 */
import { describe, expect, it } from 'vitest';
import { build, expectError, expectErrors, expectOk, type Json } from '../support/helper.js';
import { ManualClock } from '../sync/clock.js';

const clock = new ManualClock(Date.parse('2026-05-04T10:00:00Z'));
const t = await build({ now: clock.now });
const HOUR = 60 * 60 * 1000;
const inHours = (hours: number) => new Date(clock.now().getTime() + hours * HOUR).toISOString();

async function issue(body: object, secret?: string): Promise<Json> {
  return expectOk(
    await t.post('/api/tokens', body, secret === undefined ? { token: 'root' } : { secret }),
    201,
  );
}

describe('a token with expires_at', () => {
  it('works until then, and from then on is 401 TOKEN_EXPIRED saying when it expired', async () => {
    const expiresAt = inHours(1);
    const reader = await issue({
      name: 'for an hour',
      scopes: ['read'],
      schools: '*',
      expires_at: expiresAt,
    });
    expect(reader.expires_at).toBe(expiresAt);
    clock.advance(HOUR - 1);
    expectOk(await t.get('/api/schools', { secret: reader.token }));
    clock.advance(1);
    const reply = await t.get('/api/schools', { secret: reader.token });
    const error = expectError(reply, 401, 'TOKEN_EXPIRED');
    expect(error).toMatchObject({ param: 'Authorization', message: expect.stringContaining(expiresAt) });
    expect(reply.headers['www-authenticate']).toBe('Bearer realm="school-api", error="invalid_token"');
  });

  it('is listed with its expires_at; a token without one is listed without', async () => {
    const expiresAt = inHours(24);
    const dated = await issue({ name: 'dated', scopes: ['read'], schools: '*', expires_at: expiresAt });
    const undated = await issue({ name: 'undated', scopes: ['read'], schools: '*' });
    const listed = expectOk(await t.get('/api/tokens', { token: 'root' })) as Json[];
    expect(listed.find((token) => token._id === dated._id)?.expires_at).toBe(expiresAt);
    expect(listed.find((token) => token._id === undated._id)).not.toHaveProperty('expires_at');
  });

  it('expires with the token that issued it, and may not outlive it', async () => {
    const issuerExpiry = inHours(2);
    const issuer = await issue({
      name: 'temporary admin',
      scopes: ['read', 'admin'],
      schools: '*',
      expires_at: issuerExpiry,
    });
    const inherited = await issue({ name: 'inherits', scopes: ['read'], schools: '*' }, issuer.token);
    expect(inherited.expires_at).toBe(issuerExpiry);
    const longer = await t.post(
      '/api/tokens',
      { name: 'outlives', scopes: ['read'], schools: '*', expires_at: inHours(3) },
      { secret: issuer.token },
    );
    expect(expectError(longer, 403, 'FORBIDDEN')).toMatchObject({
      param: 'expires_at',
      message: expect.stringContaining(issuerExpiry),
    });
  });
});

describe('expires_at is refused', () => {
  const refused = async (expires_at: unknown) =>
    expectErrors(
      await t.post(
        '/api/tokens',
        { name: 'bad expiry', scopes: ['read'], schools: '*', expires_at },
        { token: 'root' },
      ),
      400,
    );

  it('in the past or now', async () => {
    for (const at of [inHours(-1), inHours(0)]) {
      expect(await refused(at)).toEqual([
        { code: 'VALIDATION_FAILED', param: 'expires_at', message: expect.stringContaining('in the future') },
      ]);
    }
  });

  it('more than 1830 days ahead (a mistyped year)', async () => {
    expect(await refused(inHours(1831 * 24))).toEqual([
      { code: 'VALIDATION_FAILED', param: 'expires_at', message: expect.stringContaining('1830 days') },
    ]);
  });

  it('when it is not an RFC 3339 date-time with an offset', async () => {
    for (const at of ['tomorrow', '2030-01-01', '2030-01-01T00:00:00', 1_900_000_000]) {
      const errors = await refused(at);
      expect(errors.map((entry) => [entry.code, entry.param])).toEqual([['VALIDATION_FAILED', 'expires_at']]);
    }
    expect(await t.db.collection('api_tokens').countDocuments({ name: 'bad expiry' })).toBe(0);
  });
});

describe('the OpenAPI document', () => {
  it('shows expires_at as a date-time on Token, IssuedToken and TokenCreate', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as Json;
    for (const name of ['Token', 'IssuedToken', 'TokenCreate']) {
      expect(document.components.schemas[name].properties.expires_at, name).toMatchObject({
        type: 'string',
        format: 'date-time',
      });
    }
    expect(document.components.schemas.ErrorCode.enum).toContain('TOKEN_EXPIRED');
  });
});
