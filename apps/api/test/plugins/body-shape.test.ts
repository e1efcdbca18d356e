/**
 * A JSON body whose shape is past BODY_SHAPE (too deep, an object of too many keys, an array of
 * too many items) is refused before it is parsed: `BODY_TOO_COMPLEX`, and `JSON.parse` never sees
 * it. Bodies within the shape read as before.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BODY_SHAPE } from '../../src/config/limits.js';
import { build, expectError, expectErrors, expectOk } from '../support/helper.js';

const t = await build();
const { A } = await t.seed();

const send = (payload: string, url = '/api/sections') =>
  t.request('POST', url, { payload, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.restoreAllMocks();
});

/** Whether `JSON.parse` was handed `text` (or a text as long) while `work` ran. */
async function parsedWhile(text: string, work: () => Promise<unknown>): Promise<boolean> {
  const parse = vi.spyOn(JSON, 'parse');
  await work();
  return parse.mock.calls.some(([argument]) => String(argument).length >= text.length);
}

describe('the shape of a JSON body', () => {
  it('1 MiB of nested arrays is BODY_TOO_COMPLEX, and the body never reaches JSON.parse', async () => {
    const half = (1024 * 1024 - 16) / 2;
    const body = `${'['.repeat(half)}${']'.repeat(half)}`;
    expect(body.length).toBeLessThanOrEqual(t.app.school.config.bodyLimit);
    let reply: Awaited<ReturnType<typeof send>> | undefined;
    expect(await parsedWhile(body, async () => (reply = await send(body, '/api/students')))).toBe(false);
    expect(expectError(reply!, 400, 'BODY_TOO_COMPLEX')).toEqual({
      code: 'BODY_TOO_COMPLEX',
      param: 'body',
      message: `The body nests arrays and objects deeper than ${BODY_SHAPE.depth} levels. No body the service takes has that shape.`,
    });
  });

  it('an object of 16,000 keys is BODY_TOO_COMPLEX before it is parsed', async () => {
    const body = `{${Array.from({ length: 16_000 }, (_, index) => `"k${index}":1`).join(',')}}`;
    let reply: Awaited<ReturnType<typeof send>> | undefined;
    const work = async () =>
      (reply = await t.request('POST', '/api/tokens', {
        token: 'admin',
        payload: body,
        headers: { 'content-type': 'application/json' },
      }));
    expect(await parsedWhile(body, work)).toBe(false);
    expect(expectError(reply!, 400, 'BODY_TOO_COMPLEX').message).toBe(
      `An object of the body has more than ${BODY_SHAPE.keys} keys. No body the service takes has that shape.`,
    );
  });

  it('an array of 64,000 items is BODY_TOO_COMPLEX before it is parsed', async () => {
    const body = `{"parents":[${Array(64_000).fill('1').join(',')}]}`;
    let reply: Awaited<ReturnType<typeof send>> | undefined;
    expect(await parsedWhile(body, async () => (reply = await send(body, '/api/students')))).toBe(false);
    expect(expectError(reply!, 400, 'BODY_TOO_COMPLEX').message).toMatch(
      new RegExp(`^An array of the body has more than ${BODY_SHAPE.items} items`, 'u'),
    );
  });

  it('one level past the depth is refused; at the depth the body is validated as usual', async () => {
    const deep = (levels: number) => `${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`;
    expectError(await send(deep(BODY_SHAPE.depth + 1)), 400, 'BODY_TOO_COMPLEX');
    const errors = expectErrors(await send(deep(BODY_SHAPE.depth)), 400);
    expect(errors.map((error) => [error.code, error.param])).toContainEqual(['VALIDATION_FAILED', 'a']);
  });

  it('brackets and commas inside strings are text, not shape', async () => {
    const name = '[[[[[[[[[[[[[[[[[[[[{{{{{{{{,,,,';
    const created = expectOk(await send(JSON.stringify({ school: A.school, name })), 201);
    expect(created.name).toBe(name);
    expect(await t.db.collection('sections').countDocuments({ name })).toBe(1);
  });

  it('an empty or broken body is still VALIDATION_FAILED, a prototype key still refused', async () => {
    expect(expectError(await send(''), 400, 'VALIDATION_FAILED').message).toMatch(/empty/u);
    expect(expectError(await send('{"name":'), 400, 'VALIDATION_FAILED').message).toMatch(/not valid JSON/u);
    expect((await send('{"__proto__":{"x":1},"name":"P"}')).status).toBe(400);
  });

  it('a prototype key is named as such, not as broken JSON', async () => {
    const proto = expectError(await send('{"name":"P","__proto__":{"x":1}}'), 400, 'VALIDATION_FAILED');
    expect(proto.param).toBe('__proto__');
    expect(proto.message).toMatch(/has a "__proto__" key \(__proto__\), which could change the prototype/u);
    expect(proto.message).not.toMatch(/not valid JSON/u);
    const constructorKey = expectError(
      await send('{"name":"P","code":{"constructor":{"prototype":{}}}}'),
      400,
      'VALIDATION_FAILED',
    );
    expect(constructorKey).toMatchObject({ param: 'code.constructor.prototype' });
    expect(constructorKey.message).toMatch(/a "constructor" key holding "prototype"/u);
  });

  it('the size limit still applies first', async () => {
    const body = `{"name":"${'x'.repeat(t.app.school.config.bodyLimit)}"}`;
    expectError(await send(body), 413, 'PAYLOAD_TOO_LARGE');
  });
});
