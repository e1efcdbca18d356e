/**
 * `GET /api/tokens` is paged and filtered like the collections (docs/http-api.md): one admin's
 * tokens can't make the list unreadable for another, and a page is picked by the database, within
 * the caller's power, so it is full and correct whatever else is stored.
 */
import { describe, expect, it } from 'vitest';
import { build, expectError, expectOk, type Json } from '../support/helper.js';

const t = await build({ env: { RATE_LIMIT_MAX: '100000' } });
const { A, B } = t.schools;

async function issue(body: object, token: 'root' | 'adminA' = 'root'): Promise<Json> {
  return expectOk(await t.post('/api/tokens', body, { token }), 201);
}

const list = async (query = '', token: 'root' | 'adminA' = 'root') =>
  expectOk(await t.get(`/api/tokens${query}`, { token })) as Json;

// Tokens of school B first (beyond the school-A admin), then school A's.
for (let n = 0; n < 25; n++) await issue({ name: `b-${n}`, scopes: ['read'], schools: [B] });
for (let n = 0; n < 30; n++) {
  await issue({ name: `a-${n}`, scopes: ['read'], schools: Array(1000).fill(A) }, 'adminA');
}

describe('a one-school admin’s tokens', () => {
  it('leave the global admin’s list readable: a page of 20, each school once', async () => {
    const page = (await list()) as Json[];
    expect(page).toHaveLength(20);
    for (const token of page) if (token.schools !== '*') expect(token.schools.length).toBeLessThanOrEqual(2);
  });
});

describe('paging', () => {
  it('lists the configured tokens first, then the issued ones in the order they were issued', async () => {
    const every = [
      ...((await list('?__per_page=100')) as Json[]),
      ...((await list('?__per_page=100&__page=2')) as Json[]),
    ];
    const sources = every.map((token) => token.source);
    expect(sources.indexOf('issued')).toBe(sources.lastIndexOf('configured') + 1);
    const issued = every.filter((token) => token.source === 'issued').map((token) => token.name);
    expect(issued).toEqual(
      [...Array(25).keys()].map((n) => `b-${n}`).concat([...Array(30).keys()].map((n) => `a-${n}`)),
    );
  });

  it('pages of any size go through the same list, each token once', async () => {
    const whole = ((await list('?__per_page=100')) as Json[]).map((token) => token._id);
    const paged: string[] = [];
    for (let page = 1; page <= Math.ceil(whole.length / 7); page++) {
      paged.push(...((await list(`?__per_page=7&__page=${page}`)) as Json[]).map((token) => token._id));
    }
    expect(paged).toEqual(whole);
  });

  it('gives a narrow admin full pages of its own tokens, picked by the database', async () => {
    const page = (await list('?__per_page=25', 'adminA')) as Json[];
    expect(page).toHaveLength(25);
    for (const token of page) expect(token.schools).toEqual([A]);
    // school-a, admin-a and read-a (configured) and a-0 … a-21 fill the first page.
    const next = (await list('?__per_page=25&__page=2', 'adminA')) as Json[];
    expect(next.map((token) => token.name)).toEqual([...Array(30).keys()].slice(22).map((n) => `a-${n}`));
  });

  it('answers totals with __include_totals=true', async () => {
    const totals = await list('?__include_totals=true&__per_page=5', 'adminA');
    expect(totals.results).toHaveLength(5);
    // school-a, admin-a and read-a are configured within school A.
    expect(totals).toMatchObject({ total: 33, actual_total: 33, active: 33, inactive: 0 });
  });
});

describe('filters', () => {
  it('name is exact', async () => {
    expect(((await list('?name=b-3')) as Json[]).map((token) => token.name)).toEqual(['b-3']);
  });

  it('school names the tokens whose schools include it; school=* those of every school', async () => {
    const ofB = (await list(`?school=${B}&__per_page=100`)) as Json[];
    expect(ofB.map((token) => token.name)).toEqual([
      'school-b',
      'schools-a-b',
      ...[...Array(25).keys()].map((n) => `b-${n}`),
    ]);
    const everySchool = (await list('?school=*')) as Json[];
    expect(everySchool.length).toBeGreaterThan(0);
    for (const token of everySchool) expect(token.schools).toBe('*');
  });

  it('active=false lists the revoked tokens only', async () => {
    const victim = ((await list('?name=a-0')) as Json[])[0];
    expectOk(await t.put(`/api/tokens/${victim._id}`, { active: false }, { token: 'root' }));
    const revoked = (await list('?active=false', 'adminA')) as Json[];
    expect(revoked.map((token) => token.name)).toEqual(['a-0']);
    const active = (await list(`?active=true&school=${A}&__per_page=100`, 'adminA')) as Json[];
    expect(active.map((token) => token.name)).not.toContain('a-0');
  });
});

describe('refusals', () => {
  it.each([
    ['__page=0', 'INVALID_PAGINATION', '__page'],
    ['__per_page=101', 'INVALID_PAGINATION', '__per_page'],
    ['__include_totals=yes', 'INVALID_PAGINATION', '__include_totals'],
    ['active=maybe', 'INVALID_VALUE', 'active'],
    ['school=xyz', 'INVALID_VALUE', 'school'],
    ['name=a&name=b', 'INVALID_VALUE', 'name'],
    ['__sort=name', 'UNKNOWN_FIELD', '__sort'],
    ['scopes=read', 'UNKNOWN_FIELD', 'scopes'],
  ])('?%s is 400 %s naming %s', async (query, code, param) => {
    const error = expectError(await t.get(`/api/tokens?${query}`, { token: 'root' }), 400, code);
    expect(error.param).toBe(param);
  });
});
