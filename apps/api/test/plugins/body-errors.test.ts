/**
 * A body with many problems gets a short, capped error list, built in time linear in the problems:
 * the first 50 entries, then one `TOO_MANY_ERRORS` entry saying how many more there were. (A body
 * past BODY_SHAPE never gets this far: see plugins/body-shape.test.ts.)
 */
import { MAX_LISTED_ISSUES } from '@school/query-dsl';
import { describe, expect, it } from 'vitest';
import { BODY_SHAPE } from '../../src/config/limits.js';
import { validationEntries } from '../../src/plugins/error-handler.js';
import { build, expectErrors } from '../support/helper.js';

const t = await build();

describe('a body with more problems than the error list holds', () => {
  it('POST /api/students with 1,000 parents answers the limit alone, not one entry per element', async () => {
    const body = `{"parents":[${Array(BODY_SHAPE.items).fill('1').join(',')}]}`;
    const reply = await t.request('POST', '/api/students', {
      token: 'write',
      payload: body,
      headers: { 'content-type': 'application/json' },
    });
    // The size check runs before the validator, which would list `user is required` and each element.
    expect(expectErrors(reply, 400)).toEqual([
      { code: 'VALIDATION_FAILED', param: 'parents', message: 'parents must NOT have more than 20 items.' },
    ]);
  });

  it('POST /api/tokens with 1,000 malformed school ids answers the first 50 problems and the count of the rest', async () => {
    const schools = Array.from({ length: 1000 }, (_, index) => `school-${index}`);
    const reply = await t.post(
      '/api/tokens',
      { name: 'many', scopes: ['read'], schools },
      { token: 'admin' },
    );
    const errors = expectErrors(reply, 400);
    expect(errors).toHaveLength(MAX_LISTED_ISSUES + 1);
    expect(errors[0]).toEqual({
      code: 'VALIDATION_FAILED',
      param: 'schools',
      message: 'schools must be equal to constant.',
    });
    expect(errors[1]).toEqual({
      code: 'VALIDATION_FAILED',
      param: 'schools.0',
      message: 'schools.0 must match pattern "^[0-9a-fA-F]{24}$".',
    });
    expect(errors.at(-1)).toEqual({
      code: 'TOO_MANY_ERRORS',
      param: 'body',
      message:
        '951 more problems were found in the body and not listed: only the first 50 are. Fix these and send it again.',
    });
    expect(reply.raw.body.length).toBeLessThan(8 * 1024);
    expect(await t.db.collection('tokens').countDocuments()).toBe(0);
  });

  it('POST /api/tokens with 100 unknown keys answers 50 of them and the count of the rest', async () => {
    const keys = Array.from({ length: BODY_SHAPE.keys }, (_, index) => `"k${index}":1`);
    const reply = await t.request('POST', '/api/tokens', {
      token: 'admin',
      payload: `{${keys.join(',')}}`,
      headers: { 'content-type': 'application/json' },
    });
    const errors = expectErrors(reply, 400);
    expect(errors).toHaveLength(MAX_LISTED_ISSUES + 1);
    expect(errors.slice(0, 4)).toEqual([
      ...['name', 'scopes', 'schools'].map((param) => ({
        code: 'VALIDATION_FAILED',
        param,
        message: `${param} is required.`,
      })),
      { code: 'VALIDATION_FAILED', param: 'k0', message: 'k0 is not a field of this collection.' },
    ]);
    expect(errors.filter((error) => error.code === 'VALIDATION_FAILED')).toHaveLength(MAX_LISTED_ISSUES);
    expect(errors.at(-1)).toEqual({
      code: 'TOO_MANY_ERRORS',
      param: 'body',
      message:
        '53 more problems were found in the body and not listed: only the first 50 are. Fix these and send it again.',
    });
    expect(await t.db.collection('tokens').countDocuments()).toBe(0);
  });

  it('a few unknown keys are reported with every other problem of the body', async () => {
    const errors = expectErrors(await t.post('/api/sections', { name: 'A', code: 7, nosuch: 1 }), 400);
    expect(errors.map((error) => error.param)).toEqual(['nosuch', 'code']);
  });

  it('GET with 1,600 unknown select names answers the first 50 and the count of the rest', async () => {
    const names = Array.from({ length: 1600 }, (_, index) => `z${index.toString(36)}`);
    const errors = expectErrors(await t.get(`/api/students?select=${names.join('+')}`), 400);
    expect(errors).toHaveLength(MAX_LISTED_ISSUES + 1);
    expect(errors.at(-1)).toMatchObject({ code: 'TOO_MANY_ERRORS', param: 'query' });
    expect(errors.at(-1)?.message).toMatch(/^1550 more problems were found in the query/u);
  });
});

// The list is an `IssueList`: its own test proves it never scans itself (linear de-duplication).
describe('validationEntries', () => {
  it('turns 128,000 ajv errors (each twice) into 50 entries and one counting the other 63,950', () => {
    const errors = (count: number) =>
      Array.from({ length: count }, (_, index) => ({
        keyword: 'type',
        instancePath: `/parents/${index}`,
        message: 'must be string',
        params: { type: 'string' },
      }));
    const entries = validationEntries([...errors(64_000), ...errors(64_000)], new Set());
    expect(entries).toHaveLength(MAX_LISTED_ISSUES + 1);
    expect(entries.at(-1)?.message).toMatch(/^63950 more problems/u);
  });
});
