/** The tokens API (docs/http-api.md): issue, list and revoke tokens at run time with the `admin` scope. */
import { describe, expect, it } from 'vitest';
import { build, expectError, expectOk, type Json, SECRETS } from '../support/helper.js';

const t = await build();
const { A, B } = await t.seed();

async function issue(body: object, token: 'admin' | 'adminA' = 'admin'): Promise<Json> {
  return expectOk(await t.post('/api/tokens', body, { token }), 201);
}

describe('POST /api/tokens', () => {
  it('answers 201 with the secret and the token’s _id', async () => {
    const issued = await issue({ name: 'reporting', scopes: ['read'], schools: '*' });
    expect(issued).toMatchObject({ name: 'reporting', scopes: ['read'], schools: '*', active: true });
    expect(issued._id).toMatch(/^[0-9a-f]{24}$/);
    expect(issued.token).toEqual(expect.any(String));
    expect(issued.token.length).toBeGreaterThanOrEqual(16);
  });

  it('the issued token works at once, with the scopes and schools it was given', async () => {
    const issued = await issue({ name: 'reader of A', scopes: ['read'], schools: [A.school] });
    const students = expectOk(await t.get('/api/students?select=school', { secret: issued.token })) as Json[];
    expect(students.length).toBeGreaterThan(0);
    expect(new Set(students.map((student) => student.school))).toEqual(new Set([A.school]));
    expectError(await t.post('/api/sections', { name: 'x' }, { secret: issued.token }), 403, 'FORBIDDEN');
  });

  it('shows the secret only once: GET lists tokens without any secret or hash', async () => {
    const issued = await issue({ name: 'once', scopes: ['read', 'write'], schools: [A.school, B.school] });
    const reply = await t.get('/api/tokens', { token: 'admin' });
    const tokens = expectOk(reply) as Json[];
    const listed = tokens.find((token) => token._id === issued._id);
    expect(listed).toMatchObject({
      name: 'once',
      active: true,
      source: 'issued',
      schools: [A.school, B.school],
    });
    expect(reply.raw.body).not.toContain(issued.token);
    for (const secret of Object.values(SECRETS)) expect(reply.raw.body).not.toContain(secret);
    for (const token of tokens) {
      expect(token).not.toHaveProperty('token');
      expect(token).not.toHaveProperty('token_sha256');
    }
  });

  it('lists the configured tokens too, marked as such', async () => {
    const tokens = expectOk(await t.get('/api/tokens', { token: 'admin' })) as Json[];
    const configured = tokens.filter((token) => token.source === 'configured').map((token) => token.name);
    expect(configured).toEqual(expect.arrayContaining(['full', 'read', 'admin', 'school-a', 'school-b']));
  });

  it('refuses a malformed body, listing every problem', async () => {
    const reply = await t.post(
      '/api/tokens',
      { name: '', scopes: ['root'], schools: 'all', extra: 1 },
      { token: 'admin' },
    );
    expect(reply.status).toBe(400);
    expect(reply.body.response).toBeNull();
    const params = new Set(reply.body.errors.map((error) => error.param));
    expect(params).toEqual(new Set(['name', 'scopes.0', 'schools', 'extra']));
    for (const error of reply.body.errors) expect(error.code).toBe('VALIDATION_FAILED');
  });
});

describe('PUT /api/tokens/:id', () => {
  it('active:false revokes a token at once: its next request is 401', async () => {
    const issued = await issue({ name: 'short-lived', scopes: ['read'], schools: '*' });
    expectOk(await t.get('/api/schools', { secret: issued.token }));
    const revoked = expectOk(await t.put(`/api/tokens/${issued._id}`, { active: false }, { token: 'admin' }));
    expect(revoked).toMatchObject({ _id: issued._id, active: false });
    expect(revoked).not.toHaveProperty('token');
    const reply = await t.get('/api/schools', { secret: issued.token });
    expectError(reply, 401, 'UNAUTHORIZED');
    expect(reply.headers['www-authenticate']).toMatch(/^Bearer/);
    const listed = (expectOk(await t.get('/api/tokens', { token: 'admin' })) as Json[]).find(
      (token) => token._id === issued._id,
    );
    expect(listed.active).toBe(false);
  });

  it('active:true restores a revoked token', async () => {
    const issued = await issue({ name: 'restored', scopes: ['read'], schools: '*' });
    expectOk(await t.put(`/api/tokens/${issued._id}`, { active: false }, { token: 'admin' }));
    expectOk(await t.put(`/api/tokens/${issued._id}`, { active: true }, { token: 'admin' }));
    expectOk(await t.get('/api/schools', { secret: issued.token }));
  });

  it('answers 404 for an unknown token and for a configured one', async () => {
    expectError(
      await t.put('/api/tokens/0123456789abcdef01234567', { active: false }, { token: 'admin' }),
      404,
      'NOT_FOUND',
    );
    const configured = (expectOk(await t.get('/api/tokens', { token: 'admin' })) as Json[]).find(
      (token) => token.name === 'full',
    );
    expectError(
      await t.put(`/api/tokens/${configured._id}`, { active: false }, { token: 'admin' }),
      404,
      'NOT_FOUND',
    );
    expectOk(await t.get('/api/schools', { token: 'full' }));
  });
});

describe('only the admin scope manages tokens', () => {
  for (const token of ['full', 'read', 'write', 'schoolA'] as const) {
    it(`a ${token} token gets 403 FORBIDDEN on every tokens route`, async () => {
      expectError(
        await t.post('/api/tokens', { name: 'x', scopes: ['read'], schools: '*' }, { token }),
        403,
        'FORBIDDEN',
      );
      expectError(await t.get('/api/tokens', { token }), 403, 'FORBIDDEN');
      expectError(
        await t.put('/api/tokens/0123456789abcdef01234567', { active: false }, { token }),
        403,
        'FORBIDDEN',
      );
    });
  }

  it('without a token, the tokens API is 401', async () => {
    expectError(await t.get('/api/tokens', { token: null }), 401, 'UNAUTHORIZED');
  });
});

describe('an admin limited to school A', () => {
  it('issues tokens for school A', async () => {
    const issued = await issue({ name: 'a-only', scopes: ['read'], schools: [A.school] }, 'adminA');
    expect(issued.schools).toEqual([A.school]);
  });

  it("can't issue a token for school B, for A and B, or for every school", async () => {
    for (const schools of [[B.school], [A.school, B.school], '*']) {
      expectError(
        await t.post('/api/tokens', { name: 'wider', scopes: ['read'], schools }, { token: 'adminA' }),
        403,
        'FORBIDDEN',
      );
    }
  });

  it('lists only the tokens within school A, and can’t revoke the others', async () => {
    const wide = await issue({ name: 'wide', scopes: ['read'], schools: [A.school, B.school] });
    const tokens = expectOk(await t.get('/api/tokens', { token: 'adminA' })) as Json[];
    expect(tokens.length).toBeGreaterThan(0);
    for (const token of tokens) expect(token.schools).toEqual([A.school]);
    expectError(
      await t.put(`/api/tokens/${wide._id}`, { active: false }, { token: 'adminA' }),
      404,
      'NOT_FOUND',
    );
    expectOk(await t.get('/api/schools', { secret: wide.token }));
  });
});
