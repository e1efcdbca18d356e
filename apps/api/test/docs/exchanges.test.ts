/**
 * The HTTP exchanges of the repository's docs/ pages, sent as written to a host started the way the
 * root README starts it (DEMO_TOKEN, demo data, the in-process engine): every request marked
 * `<!-- exchange -->` must get the documented status, headers and body. In a documented body a
 * string written `<...>` (an id, a date, a secret) stands for any string; everything else is exact.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/app-config.js';
import { loadDemoData } from '../../src/demo/demo-data.js';
import { testDatabase } from '../support/database.js';

const PAGES = ['docs/http-api.md', 'docs/query-conventions.md'];
const read = (page: string) =>
  readFileSync(fileURLToPath(new URL(`../../../../${page}`, import.meta.url)), 'utf8');

interface Exchange {
  line: number;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
  status: number;
  responseHeaders: Record<string, string>;
  responseBody: unknown;
}

/** Headers, then a blank line, then the body, as in an HTTP message. */
function message(lines: string[]): { headers: Record<string, string>; body: string | undefined } {
  const blank = lines.indexOf('');
  const headerLines = blank < 0 ? lines : lines.slice(0, blank);
  const headers = Object.fromEntries(
    headerLines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  const body = blank < 0 ? undefined : lines.slice(blank + 1).join('\n');
  return { headers, body };
}

function exchanges(markdown: string): Exchange[] {
  const pattern = /<!-- exchange -->\n```http\n([\s\S]*?)\n```\n```http\n([\s\S]*?)\n```/g;
  return [...markdown.matchAll(pattern)].map((match) => {
    const [requestLine = '', ...requestRest] = match[1]!.split('\n');
    const [statusLine = '', ...responseRest] = match[2]!.split('\n');
    // The URL is written as typed, so it may hold spaces: it is everything after the method.
    const method = requestLine.slice(0, requestLine.indexOf(' '));
    const url = requestLine.slice(requestLine.indexOf(' ') + 1);
    const request = message(requestRest);
    const response = message(responseRest);
    return {
      line: markdown.slice(0, match.index).split('\n').length,
      method,
      url,
      headers: request.headers,
      body: request.body,
      status: Number(/^HTTP\/1\.1 (\d{3})\b/.exec(statusLine)?.[1]),
      responseHeaders: response.headers,
      responseBody: response.body === undefined ? undefined : JSON.parse(response.body),
    };
  });
}

/** `<id>` and `<date>` stand for any identifier or date; any other `<name>` is a value to remember. */
const ANY = new Set(['id', 'date']);
const placeholder = (value: unknown) =>
  typeof value === 'string' ? /^<([^<>]+)>$/.exec(value)?.[1] : undefined;

/**
 * The documented body as an expectation: a placeholder already remembered must be that value,
 * any other matches any string.
 */
function expectation(value: unknown, vars: ReadonlyMap<string, string>): unknown {
  const name = placeholder(value);
  if (name !== undefined) return vars.get(name) ?? expect.any(String);
  if (Array.isArray(value)) return value.map((inner) => expectation(inner, vars));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, expectation(inner, vars)]));
  }
  return value;
}

/** Remembers the actual value of each named placeholder seen for the first time. */
function remember(documented: unknown, actual: unknown, vars: Map<string, string>): void {
  const name = placeholder(documented);
  if (name !== undefined) {
    if (!ANY.has(name) && !vars.has(name) && typeof actual === 'string') vars.set(name, actual);
  } else if (
    documented !== null &&
    typeof documented === 'object' &&
    actual !== null &&
    typeof actual === 'object'
  ) {
    for (const [key, inner] of Object.entries(documented)) {
      remember(inner, (actual as Record<string, unknown>)[key], vars);
    }
  }
}

/** A request's text with the remembered values in place of their placeholders. */
function substitute(text: string, vars: ReadonlyMap<string, string>): string {
  return text.replace(/<([^<>]+)>/g, (all, name: string) => {
    const value = vars.get(name);
    if (value === undefined) throw new Error(`${all} is used before a reply showed it`);
    return value;
  });
}

/** The URL as a client sends it: characters a request line cannot hold are percent-encoded. */
const wire = (url: string) =>
  url.replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@/?%[\]]/gu, (char) => encodeURIComponent(char));

const database = await testDatabase();
const app = await buildApp({
  config: loadConfig({ DEMO_TOKEN: 'demo-token-0123456789', LOG_LEVEL: 'silent' }),
  database,
  logger: false,
});
// The host loads demo data only into embedded databases; on a real MongoDB the test loads it.
if (database.mode === 'mongodb') await loadDemoData(app.school.store);
afterAll(async () => {
  await app.close();
  await database.closeForReal();
});

describe.each(PAGES)('%s', (page) => {
  const text = read(page);
  const documented = exchanges(text);
  const vars = new Map<string, string>();

  it('shows exchanges', () => {
    expect(documented.length).toBeGreaterThanOrEqual(5);
    expect(text.match(/<!-- exchange -->/g)).toHaveLength(documented.length);
  });

  // In order: a page's writes are seen by its later reads.
  it.each(documented.map((exchange) => ({ ...exchange, name: `${exchange.method} ${exchange.url}` })))(
    'line $line: $name',
    async ({ method, url, headers, body, status, responseHeaders, responseBody }) => {
      const reply = await app.inject({
        method: method as 'GET',
        url: wire(substitute(url, vars)),
        headers: Object.fromEntries(
          Object.entries(headers).map(([name, value]) => [name, substitute(value, vars)]),
        ),
        ...(body === undefined ? {} : { payload: substitute(body, vars) }),
      });
      const actual: unknown = reply.json();
      expect({ status: reply.statusCode, body: actual }).toEqual({
        status,
        body: expectation(responseBody, vars),
      });
      remember(responseBody, actual, vars);
      for (const [name, value] of Object.entries(responseHeaders)) {
        expect(String(reply.headers[name]), name).toBe(value);
      }
    },
  );
});
