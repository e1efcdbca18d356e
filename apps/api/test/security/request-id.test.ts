/**
 * `x-request-id` is taken from the client only when it is a plain identifier (1 to 64 letters,
 * digits, `_`, `.` or `-`); anything else — too long, spaces, quotes, markup, non-ASCII, empty —
 * is replaced by a generated UUID, so a client can't write what it likes into every log line of
 * its request. Read from the log lines, as a log collector reads them.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/app-config.js';
import { memoryDatabase } from '../support/database.js';

const written: string[] = [];
const database = memoryDatabase();
const app = await buildApp({
  config: loadConfig({
    DEMO_DATA: '0',
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    DEMO_TOKEN: 'demo-token-of-this-test-01',
  }),
  database,
  logDestination: { write: (line: string) => void written.push(line) },
});
await app.ready();
afterAll(async () => {
  await app.close();
  await database.closeForReal();
});

/** The `reqId` of every log line of one request sent with `x-request-id: given`. */
async function loggedIds(given: string): Promise<string[]> {
  written.length = 0;
  const reply = await app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': given } });
  expect(reply.statusCode).toBe(200);
  const lines = written.flatMap((chunk) => chunk.split('\n').filter(Boolean)).map((line) => JSON.parse(line));
  return [...new Set(lines.map((line: { reqId?: string }) => line.reqId).filter((id) => id !== undefined))];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/u;

describe('x-request-id', () => {
  it.each(['abc-123', 'trace.2026_03_02-x', 'a'.repeat(64)])('%s is kept', async (given) => {
    expect(await loggedIds(given)).toEqual([given]);
  });

  it.each([
    ['65 characters', 'a'.repeat(65)],
    ['a space', 'two words'],
    ['quotes and markup', '"><script>x</script>'],
    ['non-ASCII letters', 'señal'],
    ['a colon and a slash', 'http://x'],
    ['nothing', ''],
  ])('with %s it is replaced by a generated id', async (_name, given) => {
    const ids = await loggedIds(given);
    expect(ids).toHaveLength(1);
    expect(ids[0]).toMatch(UUID);
  });
});
