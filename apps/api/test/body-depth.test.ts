/**
 * A JSON body nested deeper than MAX_BODY_DEPTH is refused before it is parsed: `BODY_TOO_DEEP`,
 * and `JSON.parse` never sees it. Bodies within the limit read as before.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_BODY_DEPTH } from '../src/limits.js';
import { build, expectError, expectErrors, expectOk } from './helper.js';

const t = await build();
const { A } = await t.seed();

const send = (payload: string, url = '/api/sections') =>
  t.request('POST', url, { payload, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the nesting depth of a JSON body', () => {
  it('past the limit is BODY_TOO_DEEP, and the body never reaches JSON.parse', async () => {
    const half = (1024 * 1024 - 16) / 2;
    const body = `${'['.repeat(half)}${']'.repeat(half)}`;
    expect(body.length).toBeLessThanOrEqual(t.app.school.config.bodyLimit);
    const parse = vi.spyOn(JSON, 'parse');
    const reply = await send(body, '/api/students');
    const parsedTexts = parse.mock.calls.map(([text]) => String(text));
    expect(parsedTexts.some((text) => text.length >= body.length)).toBe(false);
    const error = expectError(reply, 400, 'BODY_TOO_DEEP');
    expect(error).toEqual({
      code: 'BODY_TOO_DEEP',
      param: 'body',
      message: `The body nests arrays and objects deeper than ${MAX_BODY_DEPTH} levels; no collection's fields go that deep.`,
    });
  });

  it('one level past the limit is refused inside an object too', async () => {
    const deep = (levels: number) => `${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`;
    expectError(await send(deep(MAX_BODY_DEPTH + 1)), 400, 'BODY_TOO_DEEP');
    // At the limit the body is parsed and validated as usual: `a` is no field of a section.
    const errors = expectErrors(await send(deep(MAX_BODY_DEPTH)), 400);
    expect(errors.map((error) => [error.code, error.param])).toContainEqual(['VALIDATION_FAILED', 'a']);
  });

  it('brackets inside strings are text, not nesting', async () => {
    const name = '[[[[[[[[[[[[[[[[[[[[{{{{{{{{';
    const created = expectOk(await send(JSON.stringify({ school: A.school, name })), 201);
    expect(created.name).toBe(name);
    expect(await t.db.collection('sections').countDocuments({ name })).toBe(1);
  });

  it('an empty or broken body is still VALIDATION_FAILED, a prototype key still refused', async () => {
    expect(expectError(await send(''), 400, 'VALIDATION_FAILED').message).toMatch(/empty/u);
    expect(expectError(await send('{"name":'), 400, 'VALIDATION_FAILED').message).toMatch(/not valid JSON/u);
    expect((await send('{"__proto__":{"x":1},"name":"P"}')).status).toBe(400);
  });

  it('the size limit still applies first', async () => {
    const body = `{"name":"${'x'.repeat(t.app.school.config.bodyLimit)}"}`;
    expectError(await send(body), 413, 'PAYLOAD_TOO_LARGE');
  });
});
