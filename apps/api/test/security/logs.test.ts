/**
 * What the logs keep (docs/security.md, "Least exposure"): no line ever carries a token's secret —
 * configured, issued, unknown or revoked — and request lines carry the query's keys with every
 * value `[redacted]`, unless LOG_QUERY_VALUES is on (development). Lines are read as JSON, as a log
 * collector reads them.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/app-config.js';
import { memoryDatabase } from '../support/database.js';
import type { Json } from '../support/helper.js';

const CONFIGURED = 'configured-secret-of-the-operator-01';
const UNKNOWN = 'a-guessed-secret-nobody-issued-0002';
const ID_CARD = '0912345678';

interface Logged {
  app: FastifyInstance;
  lines: () => string[];
  request: (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    secret?: string,
    body?: unknown,
  ) => Promise<{ status: number; json: () => Json }>;
}

const apps: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of apps) await close();
});

/** An app logging JSON lines at `debug` (the most a deployment shows) into memory. */
async function loggedApp(env: Record<string, string> = {}): Promise<Logged> {
  const written: string[] = [];
  const database = memoryDatabase();
  const app = await buildApp({
    config: loadConfig({
      DEMO_DATA: '0',
      LOG_LEVEL: 'debug',
      LOG_FORMAT: 'json',
      API_TOKENS: JSON.stringify([
        { name: 'ops', token: CONFIGURED, scopes: ['read', 'write', 'admin', 'metrics'], schools: '*' },
      ]),
      ...env,
    }),
    database,
    logDestination: { write: (line: string) => void written.push(line) },
  });
  await app.ready();
  apps.push(async () => {
    await app.close();
    await database.closeForReal();
  });
  return {
    app,
    lines: () => written.flatMap((chunk) => chunk.split('\n').filter(Boolean)),
    request: async (method, url, secret, body) => {
      const reply = await app.inject({
        method,
        url,
        headers: {
          type: 'API',
          ...(secret ? { authorization: `Bearer ${secret}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
      return { status: reply.statusCode, json: () => reply.json() };
    },
  };
}

describe('no log line carries a secret', () => {
  it('configured, issued, revoked or unknown: every request and reply is logged, no secret is', async () => {
    const logged = await loggedApp();
    const issued = await logged.request('POST', '/api/tokens', CONFIGURED, {
      name: 'issued',
      scopes: ['read'],
      schools: '*',
    });
    expect(issued.status).toBe(201);
    const { _id: id, token: secret } = issued.json().response;
    expect((await logged.request('GET', '/api/schools', secret)).status).toBe(200);
    expect((await logged.request('PUT', `/api/tokens/${id}`, CONFIGURED, { active: false })).status).toBe(
      200,
    );
    expect((await logged.request('GET', '/api/schools', secret)).status).toBe(401);
    expect((await logged.request('GET', '/api/schools', UNKNOWN)).status).toBe(401);
    expect((await logged.request('GET', `/metrics`, CONFIGURED)).status).toBe(200);
    expect((await logged.request('GET', `/health`, UNKNOWN)).status).toBe(200);

    const lines = logged.lines();
    // Every request was logged (incoming and completed), so the absence below means something.
    expect(lines.filter((line) => JSON.parse(line).msg === 'incoming request')).toHaveLength(7);
    for (const line of lines) {
      for (const text of [CONFIGURED, secret, UNKNOWN]) expect(line).not.toContain(text);
    }
  });
});

describe('request log lines', () => {
  const urls = (lines: string[]) =>
    lines
      .map((line) => JSON.parse(line))
      .flatMap((entry) => (entry.req?.url ? [entry.req.url as string] : []));

  it('keep the query keys and redact every value by default', async () => {
    const logged = await loggedApp();
    await logged.request(
      'GET',
      `/api/students?user.id_card=${ID_CARD}&global_search=jose&__per_page=2`,
      CONFIGURED,
    );
    expect(urls(logged.lines())).toContain(
      '/api/students?user.id_card=[redacted]&global_search=[redacted]&__per_page=[redacted]',
    );
    for (const line of logged.lines()) {
      expect(line).not.toContain(ID_CARD);
      expect(line).not.toContain('jose');
    }
  });

  it('keep the values as sent with LOG_QUERY_VALUES=1 (for development)', async () => {
    const logged = await loggedApp({ LOG_QUERY_VALUES: '1' });
    await logged.request('GET', `/api/students?user.id_card=${ID_CARD}`, CONFIGURED);
    expect(urls(logged.lines())).toContain(`/api/students?user.id_card=${ID_CARD}`);
  });
});
