/**
 * `pnpm bench:cost`: how the CPU time of one request grows with the size of its input. Each
 * dimension an attacker controls is doubled step by step, and the CPU time of the request
 * (`process.cpuUsage`, user + system, median of several runs through `app.inject`: no network, the
 * whole cost on this thread) is measured at each size. A linear cost grows ×2 per doubling; the goal
 * is at most ×2.2. Then the heaviest request of each kind that still fits `bodyLimit` (or the query
 * limits) is timed, unless its dimension grew faster than that, when it is extrapolated instead of
 * run (a quadratic one would block for minutes).
 *
 * Not a test: nothing here asserts a time. Results go to docs/cost-benchmarks.md.
 * Environment: COST_MIN_MS (CPU time to collect per size, default 150), COST_MAX_STEPS (default 6).
 */
import { cpus, loadavg } from 'node:os';
import { MemoryMongoClient } from '@school/mongo-memory';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/app-config.js';
import { inProcessDatabase } from '../src/plugins/database.js';
import { schoolSizeSection } from './school-size.js';

const MIN_MS = Number(process.env.COST_MIN_MS ?? 150);
const MAX_STEPS = Number(process.env.COST_MAX_STEPS ?? 6);
const GOAL = 2.2;
/** Students of the school for the scan dimension (COST_SCHOOL_SIZES, comma-separated). */
const SCHOOL_SIZES = (process.env.COST_SCHOOL_SIZES ?? '250,500,1000,2000,4000,8000').split(',').map(Number);
/** A worst case whose extrapolated CPU time is over this is reported, not run. */
const SKIP_OVER_MS = 5000;
const TOKEN = 'bench_cost_token_0123456789';

interface Request {
  readonly method: 'GET' | 'POST';
  readonly url: string;
  readonly body?: string;
}

interface Dimension {
  readonly name: string;
  /** What the request is, in a few words. */
  readonly shape: string;
  /** The sizes to measure, each twice the one before. */
  readonly sizes: readonly number[];
  readonly request: (size: number) => Request;
  /**
   * The largest size that fits the limits, for the worst case: a number, or `query` for the
   * largest whose query string fits the query's 8 KiB.
   */
  readonly worst: number | 'query';
}

const repeat = (count: number, make: (index: number) => string, separator: string) =>
  Array.from({ length: count }, (_, index) => make(index)).join(separator);
const doubling = (first: number, steps: number) => Array.from({ length: steps }, (_, i) => first * 2 ** i);
const q = (value: unknown) => encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value));
const hex = (index: number) => index.toString(16).padStart(24, '0');

/** Reference paths of a student, deepest last (populate takes at most 10). */
const POPULATE_PATHS = [
  'school',
  'parents',
  'years.year',
  'years.group',
  'parents.school',
  'years.year.school',
  'years.group.school',
  'years.group.section',
  'years.group.section.school',
];

const BODY_LIMIT = 1_048_576;
const WORDS = ['ana', 'maria', 'jose', 'perez', 'luis', 'gomez', 'rosa', 'mora', 'elena', 'vega'];

const DIMENSIONS: readonly Dimension[] = [
  {
    name: 'body array items',
    shape: 'POST /api/students `{"parents":[1,1,…]}` (each item invalid)',
    sizes: doubling(1000, MAX_STEPS),
    request: (size) => ({
      method: 'POST',
      url: '/api/students',
      body: `{"parents":[${repeat(size, () => '1', ',')}]}`,
    }),
    worst: Math.floor((BODY_LIMIT - 20) / 2),
  },
  {
    name: 'body keys',
    shape: 'POST /api/students `{"k0":1,"k1":1,…}` (each key unknown)',
    sizes: doubling(500, MAX_STEPS),
    request: (size) => ({
      method: 'POST',
      url: '/api/students',
      body: `{${repeat(size, (i) => `"k${i}":1`, ',')}}`,
    }),
    worst: Math.floor(BODY_LIMIT / 11),
  },
  {
    name: 'query string length',
    shape: 'GET /api/students `?user.name="aaa…"` (bytes of the value)',
    sizes: doubling(128, MAX_STEPS),
    request: (size) => ({ method: 'GET', url: `/api/students?user.name=${q(`"${'a'.repeat(size)}"`)}` }),
    worst: 'query',
  },
  {
    name: 'digits of a number',
    shape: 'GET /api/years `?passing_score=111…1x` (refused)',
    sizes: doubling(256, MAX_STEPS),
    request: (size) => ({ method: 'GET', url: `/api/years?passing_score=${'1'.repeat(size)}x` }),
    worst: 'query',
  },
  {
    name: 'select names',
    shape: 'GET /api/students `?select=f0 f1 …` (each name unknown)',
    sizes: doubling(32, MAX_STEPS),
    request: (size) => ({
      method: 'GET',
      url: `/api/students?select=${q(repeat(size, (i) => `f${i}`, ' '))}`,
    }),
    worst: 'query',
  },
  {
    name: 'populate paths',
    shape: 'GET /api/students `?populate={…}&__per_page=20` (reference paths, at most 10)',
    sizes: [1, 2, 4, 8],
    request: (size) => {
      const spec = Object.fromEntries(POPULATE_PATHS.slice(0, size).map((path) => [path, '']));
      return { method: 'GET', url: `/api/students?populate=${q(spec)}&__per_page=20` };
    },
    worst: POPULATE_PATHS.length,
  },
  {
    name: '`$in` length',
    shape: 'GET /api/students `?_id[$in]=[…]` (ids, at most 100)',
    sizes: [12, 25, 50, 100],
    request: (size) => ({
      method: 'GET',
      url: `/api/students?_id[$in]=${q(Array.from({ length: size }, (_, i) => hex(i)))}`,
    }),
    worst: 100,
  },
  {
    name: 'search words',
    shape: 'GET /api/students `?global_search=ana maria …` (at most 10)',
    sizes: [1, 2, 4, 8],
    request: (size) => ({
      method: 'GET',
      url: `/api/students?global_search=${q(WORDS.slice(0, size).join(' '))}`,
    }),
    worst: 10,
  },
];

async function start(): Promise<FastifyInstance> {
  const client = new MemoryMongoClient('school');
  const database = inProcessDatabase(client, 'school');
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: String(1e9),
    API_TOKENS: JSON.stringify([{ name: 'bench', token: TOKEN, scopes: ['read', 'write'], schools: '*' }]),
  });
  const app = await buildApp({ config, database, logger: false, sync: { autoStart: false } });
  await app.ready();
  return app;
}

/** CPU milliseconds of one request (median of as many runs as fit in MIN_MS, at least 3) and its status. */
async function cpuOf(
  app: FastifyInstance,
  request: Request,
): Promise<{ ms: number; status: number; bytes: number }> {
  const headers: Record<string, string> = { authorization: `Bearer ${TOKEN}`, type: 'API' };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  const send = () =>
    app.inject({
      method: request.method,
      url: request.url,
      headers,
      ...(request.body === undefined ? {} : { payload: request.body }),
    });
  const first = await send();
  const times: number[] = [];
  let spent = 0;
  while (times.length < 3 || (spent < MIN_MS && times.length < 200)) {
    const before = process.cpuUsage();
    await send();
    const used = process.cpuUsage(before);
    const ms = (used.user + used.system) / 1000;
    times.push(ms);
    spent += ms;
  }
  times.sort((a, b) => a - b);
  return {
    ms: times[Math.floor(times.length / 2)]!,
    status: first.statusCode,
    bytes: first.rawPayload.length,
  };
}

const MAX_QUERY_BYTES = 8192;

/** The largest size whose request fits: the given one, or the largest query within 8 KiB. */
function worstSize(dimension: Dimension): number {
  if (dimension.worst !== 'query') return dimension.worst;
  const fits = (size: number) => {
    const url = dimension.request(size).url;
    return Buffer.byteLength(url.slice(url.indexOf('?') + 1)) <= MAX_QUERY_BYTES;
  };
  let low = 1;
  let high = MAX_QUERY_BYTES;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(middle)) low = middle;
    else high = middle - 1;
  }
  return low;
}

const fmt = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2));

async function main(): Promise<void> {
  const app = await start();
  const cpu = cpus();
  console.log(
    `Node ${process.version}, ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, load average ${loadavg()[0]?.toFixed(1)}\n`,
  );
  console.log('## Growth per doubling (CPU ms per request, median)\n');
  console.log('| dimension | sizes | CPU ms at each size | growth per doubling | over the range | status |');
  console.log('|---|---|---|---|---|---|');
  const growthOf = new Map<string, { mean: number; last: { size: number; ms: number } }>();
  for (const dimension of DIMENSIONS) {
    const measured: Array<{ size: number; ms: number; status: number }> = [];
    // Warm-up: the first requests of a new shape pay for compiling (JIT, validators).
    await cpuOf(app, dimension.request(dimension.sizes[0]!));
    for (const size of dimension.sizes) {
      const { ms, status } = await cpuOf(app, dimension.request(size));
      measured.push({ size, ms, status });
      // Past a second a request, the shape is clear: stop before it takes minutes.
      if (ms > 1000) break;
    }
    const growth = measured.slice(1).map((point, index) => point.ms / measured[index]!.ms);
    const first = measured[0]!;
    const last = measured.at(-1)!;
    // Over the whole range: small sizes are noisy, the trend is not.
    const mean = (last.ms / first.ms) ** (1 / Math.log2(last.size / first.size));
    growthOf.set(dimension.name, { mean, last });
    console.log(
      `| ${dimension.name} | ${measured.map((p) => p.size).join(', ')} | ${measured.map((p) => fmt(p.ms)).join(', ')} | ` +
        `${growth.map((g) => `×${g.toFixed(2)}`).join(', ')} | ×${mean.toFixed(2)}${mean > GOAL ? ' (over ×2.2)' : ''} | ${[
          ...new Set(measured.map((p) => p.status)),
        ].join(', ')} |`,
    );
  }
  console.log('\nRequests:\n');
  for (const dimension of DIMENSIONS) console.log(`- ${dimension.name}: ${dimension.shape}`);

  console.log('\n## The heaviest request of each kind within the limits\n');
  console.log('| request | size | body or query bytes | status | CPU ms |');
  console.log('|---|---|---|---|---|');
  for (const dimension of DIMENSIONS) {
    const size = worstSize(dimension);
    const request = dimension.request(size);
    const bytes =
      request.body === undefined ? Buffer.byteLength(request.url) : Buffer.byteLength(request.body);
    const { mean, last } = growthOf.get(dimension.name)!;
    const estimate = last.ms * Math.max(2, mean) ** Math.log2(size / last.size);
    if (estimate > SKIP_OVER_MS) {
      // Would block for longer than a benchmark should: the measured trend says how long.
      console.log(
        `| ${dimension.name} | ${size} | ${bytes} | not run | about ${fmt(estimate)} (extrapolated ×${mean.toFixed(2)} per doubling) |`,
      );
      continue;
    }
    const { ms, status } = await cpuOf(app, request);
    console.log(`| ${dimension.name} | ${size} | ${bytes} | ${status} | ${fmt(ms)} |`);
  }
  await app.close();
  await schoolSizeSection(cpuOf, TOKEN, SCHOOL_SIZES);
  console.log(`\nLoad average at the end: ${loadavg()[0]?.toFixed(1)}`);
}

await main();
