/**
 * `GET /metrics`: who may scrape it, and what the scrape (parsed as Prometheus parses it) says
 * about requests, the sync backlog and the database — values that move with what the service does.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/app-config.js';
import { listenForMetrics } from '../../src/routes/metrics.js';
import { build, expectError, memoryDatabase, type TestApp } from '../support/helper.js';

/** Every sample of the scrape, as `name{label="value",...}` (labels sorted) → value. */
type Samples = Map<string, number>;

/**
 * The Prometheus text format (version 0.0.4), read as a scraper reads it: comment lines skipped,
 * each sample line `name{labels} value`, label values with their escapes undone.
 */
function samplesOf(text: string): Samples {
  const samples: Samples = new Map();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/u.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const [, name, labelText = '', value] = match;
    const labels = [...labelText.matchAll(/(\w+)="((?:[^"\\]|\\.)*)",?/gu)].map(
      ([, label, raw]) =>
        [label!, raw!.replace(/\\(.)/gu, (_, c: string) => (c === 'n' ? '\n' : c))] as const,
    );
    labels.sort(([a], [b]) => a.localeCompare(b));
    const key = labels.length ? `${name}{${labels.map(([k, v]) => `${k}="${v}"`).join(',')}}` : name!;
    samples.set(key, Number(value));
  }
  return samples;
}

let api: TestApp;
let metricsToken: string;

async function scrape(): Promise<Samples> {
  const reply = await api.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${metricsToken}` },
  });
  expect(reply.statusCode).toBe(200);
  expect(reply.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/u);
  return samplesOf(reply.body);
}

beforeAll(async () => {
  api = await build();
  const issued = await api.post(
    '/api/tokens',
    { name: 'prometheus', scopes: ['metrics'], schools: '*' },
    { token: 'root' },
  );
  expect(issued.status).toBe(201);
  metricsToken = issued.body.response.token;
});

describe('GET /metrics on the API listener', () => {
  it('needs a bearer token: without one it is 401 in the envelope, with WWW-Authenticate', async () => {
    const reply = await api.get('/metrics', { token: null, type: null });
    expectError(reply, 401, 'UNAUTHORIZED');
    expect(reply.headers['www-authenticate']).toMatch(/^Bearer/u);
  });

  it('is 403 for a token without the metrics scope, even an admin one', async () => {
    expectError(await api.get('/metrics', { token: 'admin' }), 403, 'FORBIDDEN');
  });

  it('answers a token with the metrics scope without the type: API header', async () => {
    const samples = await scrape();
    expect(samples.get('school_database_info{mode="in-process"}')).toBe(1);
    expect(samples.get('school_database_up')).toBe(1);
    expect(samples.has('process_resident_memory_bytes')).toBe(true);
  });

  it('is 403 for a metrics token limited to some schools: the numbers cover every school', async () => {
    const limited = await api.post(
      '/api/tokens',
      { name: 'school-a-scraper', scopes: ['metrics'], schools: [api.schools.A] },
      { token: 'root' },
    );
    expect(limited.status).toBe(201);
    const reply = await api.get('/metrics', { secret: limited.body.response.token, type: null });
    expect(expectError(reply, 403, 'FORBIDDEN').message).toMatch(/every school/u);
  });

  it('is 401 for an unknown token, marked invalid_token in WWW-Authenticate', async () => {
    const reply = await api.get('/metrics', { secret: 'a-token-nobody-issued-000', type: null });
    expectError(reply, 401, 'UNAUTHORIZED');
    expect(reply.headers['www-authenticate']).toMatch(/error="invalid_token"/u);
  });

  it('is not a /api/ route: the metrics token opens no API route', async () => {
    expectError(await api.get('/api/students', { secret: metricsToken }), 403, 'FORBIDDEN');
  });
});

describe('the scrape', () => {
  it('counts requests by method, route template and status, with a latency histogram', async () => {
    const ok = 'http_requests_total{method="GET",route="/api/students",status_code="200"}';
    const denied = 'http_requests_total{method="GET",route="/api/students",status_code="401"}';
    const histogram =
      'http_request_duration_seconds_count{method="GET",route="/api/students",status_code="200"}';
    const before = await scrape();
    for (let i = 0; i < 3; i++) expect((await api.get('/api/students')).status).toBe(200);
    expectError(await api.get('/api/students', { token: null }), 401, 'UNAUTHORIZED');
    const after = await scrape();
    expect((after.get(ok) ?? 0) - (before.get(ok) ?? 0)).toBe(3);
    expect((after.get(denied) ?? 0) - (before.get(denied) ?? 0)).toBe(1);
    expect((after.get(histogram) ?? 0) - (before.get(histogram) ?? 0)).toBe(3);
    const infBucket = histogram.replace('_count{', '_bucket{le="+Inf",');
    expect(after.get(infBucket)).toBe(after.get(histogram));
  });

  it('labels a record route by its template, never by the id in the URL', async () => {
    const { A } = await api.seed();
    expect((await api.get(`/api/students/${A.students[0]}`)).status).toBe(200);
    const samples = await scrape();
    expect(
      samples.get('http_requests_total{method="GET",route="/api/students/:id",status_code="200"}'),
    ).toBeGreaterThan(0);
    expect([...samples.keys()].some((key) => key.includes(A.students[0]))).toBe(false);
  });

  it('puts every unknown URL under one "(unmatched)" route', async () => {
    const key = 'http_requests_total{method="GET",route="(unmatched)",status_code="404"}';
    const before = (await scrape()).get(key) ?? 0;
    await api.get('/no/such/route/1', { token: null });
    await api.get('/no/such/route/2', { token: null });
    expect((await scrape()).get(key)).toBe(before + 2);
  });

  it('shows the sync backlog: each change waits while no external system is configured', async () => {
    const before = await scrape();
    expect(before.get('school_sync_configured')).toBe(0);
    expect(before.get('school_sync_breaker_state{state="closed"}')).toBe(1);
    expect(before.get('school_sync_breaker_state{state="open"}')).toBe(0);
    const created = await api.post('/api/grades', { school: api.schools.A, name: 'Once' });
    expect(created.status).toBe(201);
    const after = await scrape();
    expect(after.get('school_sync_pending')).toBe((before.get('school_sync_pending') ?? 0) + 1);
    expect(after.get('school_sync_failed')).toBe(0);
    expect(after.get('school_sync_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(0);
  });
});

describe('METRICS_PORT: a separate listener', () => {
  it('serves /metrics there without a token, and the API listener has no /metrics', async () => {
    const database = memoryDatabase();
    const config = loadConfig({ DEMO_DATA: '0', LOG_LEVEL: 'silent', METRICS_PORT: '0' });
    expect(config.metrics).toEqual({ listener: 'separate', host: '127.0.0.1', port: 0 });
    const app = await buildApp({ config, database, logger: false });
    const server = await listenForMetrics(
      app.school.metrics,
      { host: '127.0.0.1', port: 0 },
      app.school.config.connections,
    );
    afterAll(async () => {
      await server.close();
      await app.close();
      await database.closeForReal();
    });
    const { port } = server.server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(response.status).toBe(200);
    expect(samplesOf(await response.text()).get('school_database_info{mode="in-process"}')).toBe(1);
    expectError(
      await (async () => {
        const reply = await app.inject({ method: 'GET', url: '/metrics' });
        return { status: reply.statusCode, headers: reply.headers, body: reply.json(), raw: reply };
      })(),
      404,
      'NOT_FOUND',
    );
  });
});
