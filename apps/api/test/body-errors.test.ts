/**
 * A body with thousands of problems gets a short, capped error list, built in time linear in the
 * problems: the first 50 entries, then one `TOO_MANY_ERRORS` entry saying how many more there were.
 */
import { MAX_LISTED_ISSUES } from '@school/query-dsl';
import { describe, expect, it } from 'vitest';
import { validationEntries } from '../src/plugins/error-handler.js';
import { build, expectErrors } from './helper.js';

const t = await build();

describe('a body with more problems than the error list holds', () => {
  it('POST /api/students with 64,000 wrong parents answers the first 50 problems and the count of the rest', async () => {
    const body = `{"parents":[${Array(64_000).fill('1').join(',')}]}`;
    expect(body.length).toBeLessThan(t.app.school.config.bodyLimit);
    const reply = await t.request('POST', '/api/students', {
      token: 'read',
      payload: body,
      headers: { 'content-type': 'application/json' },
    });
    const errors = expectErrors(reply, 400);
    expect(errors).toHaveLength(MAX_LISTED_ISSUES + 1);
    expect(errors.slice(0, 3)).toEqual([
      { code: 'VALIDATION_FAILED', param: 'user', message: 'user is required.' },
      { code: 'VALIDATION_FAILED', param: 'parents', message: 'parents must NOT have more than 20 items.' },
      { code: 'VALIDATION_FAILED', param: 'parents.0', message: 'parents.0 must be string.' },
    ]);
    expect(errors.at(-1)).toEqual({
      code: 'TOO_MANY_ERRORS',
      param: 'body',
      message:
        '63952 more problems were found in the body and not listed: only the first 50 are. Fix these and send it again.',
    });
    expect(reply.raw.body.length).toBeLessThan(8 * 1024);
  });

  it('POST /api/tokens with 16,000 unknown keys answers 50 of them and the count of the rest', async () => {
    const keys = Array.from({ length: 16_000 }, (_, index) => `"k${index}":1`);
    const reply = await t.request('POST', '/api/tokens', {
      token: 'admin',
      payload: `{${keys.join(',')}}`,
      headers: { 'content-type': 'application/json' },
    });
    const errors = expectErrors(reply, 400);
    expect(errors).toHaveLength(MAX_LISTED_ISSUES + 1);
    expect(errors.filter((error) => error.code === 'VALIDATION_FAILED')).toHaveLength(MAX_LISTED_ISSUES);
    expect(errors.at(-1)?.code).toBe('TOO_MANY_ERRORS');
    expect(errors.at(-1)?.message).toMatch(/^\d+ more problems were found in the body/u);
    expect(await t.db.collection('tokens').countDocuments()).toBe(0);
  });

  it('lists a problem that ajv reports twice once', async () => {
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
