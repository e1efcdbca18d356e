/**
 * Regressions in how the host reads query strings, as an attacker sent them:
 * - `__proto__` in bracket keys was dropped silently and the unfiltered page came back (200);
 * - a zone offset of `+99:99` was read as a 100-hour offset;
 * - repeated keys together with a bracket operator on the same field named a field that doesn't
 *   exist (`user.name.0`).
 * The hostile queries stay strings, as they were sent; the request a client would make is built
 * (`t.find`).
 */
import { describe, expect, it } from 'vitest';
import { students } from '../../src/collections/students.js';
import { build, expectError, expectOk, type Json, q } from '../support/helper.js';

const t = await build();
const { A } = await t.seed();

describe('prototype keys are unknown fields, never dropped', () => {
  const queries = [
    `__proto__[school]=${A.school}`,
    'select[__proto__]=1',
    '__sort[__proto__]=asc',
    'populate[__proto__]=x',
    'user[__proto__]=x',
    'constructor[prototype][school]=x',
    'user.__proto__=x',
  ];
  for (const query of queries) {
    it(`${query} is 400 UNKNOWN_FIELD`, async () => {
      const errors = expectError(
        await t.get(`/api/students?${query}`, { token: 'schoolA' }),
        400,
        'UNKNOWN_FIELD',
      );
      expect(errors.param).toMatch(/__proto__|constructor/u);
    });
  }
});

describe('zone offsets out of range', () => {
  for (const value of [
    '2025-01-01T00:00:00+99:99',
    '2025-01-01T00:00:00+24:00',
    '2025-01-01T00:00:00-05:60',
  ]) {
    it(`created_at=${value} is 400 INVALID_VALUE`, async () => {
      expectError(await t.get(`/api/students?${q({ created_at: value })}`), 400, 'INVALID_VALUE');
    });
  }

  it('an offset in range is read as that offset', async () => {
    const records = expectOk(
      await t.find(students, { filter: { created_at: { $gte: '2000-01-01T00:00:00+05:30' } } }),
    ) as Json[];
    expect(records.length).toBeGreaterThan(0);
  });
});

describe('repeated keys and bracket operators on one field', () => {
  it('user.name=Ana&user.name=José&user.name[$ne]=José finds Ana only', async () => {
    const query = `${q({ 'user.name': 'Ana' })}&${q({ 'user.name': 'José' })}&${q({ 'user.name[$ne]': 'José' })}`;
    const records = expectOk(
      await t.get(`/api/students?${query}&select=user.name`, { token: 'schoolA' }),
    ) as Json[];
    expect(records.map((record) => record.user.name)).toEqual(['Ana']);
  });
});
