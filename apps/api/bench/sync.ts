/**
 * The outbound sync's speed on the in-process engine, against a no-op loopback receiver (a
 * `node:http` server on 127.0.0.1 in this process that answers every request at once with a valid
 * body). `runSyncBench()` measures, each on a fresh database:
 *
 * 1. throughput: N records (60 % students, each with a parent, 20 % parents, 20 % grades) are
 *    written through `app.school.store` while no worker runs; then the workers start and the time
 *    until the receiver has acknowledged all N is taken (creates: POST); then every record is
 *    changed once and timed the same way (updates: PUT). With 1 worker of 1 loop, 1 worker of 4
 *    loops, and 4 workers of 4 loops on the same database;
 * 2. latency: with the app's own worker running (its default loops, nudged by writes), updates through the
 *    store at a steady rate (default 200 a second for 5 s, each to a different student so that one
 *    write is one request): the time from the start of the write to the receiver's request arrival,
 *    and to the acknowledgement being stored on the record (`onStep('stored')`).
 *
 * 3. same run (`SYNC_BENCH_MODE=same-run`, also part of the full run): the app's own worker running
 *    (its default loops, nudged by writes) while N students are created through the API (HTTP over loopback
 *    from this process, 16 requests in flight, as a load generator keeps them), then N e-mail updates the same way: the
 *    API's writes/s and write latency, and the synced changes/s over the same run (first write to
 *    last acknowledgement stored), so deliveries compete with the writes for the one event loop.
 *
 * `tsx --conditions=@school/source bench/sync.ts` runs it and prints the tables. Environment:
 * SYNC_BENCH_MODE (`all`, default, or `same-run` for only the third measurement),
 * SYNC_BENCH_RECORDS (default 2000), SYNC_BENCH_RATE (changes a second, default 200),
 * SYNC_BENCH_SECONDS (default 5), SYNC_BENCH_STUDENTS (students updated at the steady rate: default
 * rate × seconds), SYNC_BENCH_PROFILE (a directory: CPU profiles of each delivery phase).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import { Session } from 'node:inspector/promises';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createIntegrationClient, type IntegrationClient } from '@school/integration-client';
import { ENGINE_NAME, MemoryMongoClient } from '@school/mongo-memory';
import { Receiver } from '@school/testkit/external-system';
import type { ObjectId } from 'bson';
import type { FastifyInstance } from 'fastify';
import type { Db } from 'mongodb';
import { type AppOptions, buildApp } from '../src/app.js';
import type { Caller } from '../src/auth/caller.js';
import { loadConfig } from '../src/config/app-config.js';
import { inProcessDatabase } from '../src/plugins/database.js';
import { DEFAULT_CONCURRENCY, SyncWorker } from '../src/sync/worker.js';

export interface ThroughputResult {
  readonly scenario: string;
  readonly workers: number;
  readonly loops: number;
  readonly operation: 'create' | 'update';
  readonly changes: number;
  readonly seconds: number;
  readonly perSecond: number;
  /** CPU time of this process over wall time while delivering (1 = one core busy). */
  readonly cpu: number;
}

export interface LatencyResult {
  readonly targetRate: number;
  readonly achievedRate: number;
  readonly changes: number;
  readonly seconds: number;
  /** Write start → the receiver has the request, in ms. */
  readonly arrival: Percentiles;
  /** Write start → the acknowledgement is stored on the record, in ms. */
  readonly acknowledged: Percentiles;
}

export interface Percentiles {
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

/** One phase of the same run: writes through the API while the worker delivers them. */
export interface SameRunResult {
  readonly operation: 'create' | 'update';
  readonly changes: number;
  /** Writes the API completed per second (first write started → last write answered). */
  readonly writesPerSecond: number;
  /** Changes acknowledged per second (first write started → last acknowledgement stored). */
  readonly syncedPerSecond: number;
  /** The API's response time per write, in ms. */
  readonly writeLatency: Percentiles;
  /** Write start → acknowledgement stored, in ms. */
  readonly toAcknowledged: Percentiles;
  /** CPU time of this process over wall time (1 = one core busy). */
  readonly cpu: number;
}

export interface SyncBenchResult {
  readonly throughput: ThroughputResult[];
  readonly latency: LatencyResult | undefined;
  readonly sameRun: SameRunResult[];
  readonly table: string;
}

export interface SyncBenchOptions {
  readonly mode?: 'all' | 'same-run';
  readonly records?: number;
  readonly rate?: number;
  readonly seconds?: number;
  /** Where to print lines. @default console.log */
  readonly log?: (line: string) => void;
}

const TOKEN = 'sync_bench_token_0123456789';
const CALLER: Caller = {
  name: 'bench',
  tokenId: 'bench',
  scopes: new Set(['read', 'write', 'admin']),
  schools: '*',
};

interface Setup {
  readonly app: FastifyInstance;
  readonly db: Db;
  readonly receiver: Receiver;
  readonly school: ObjectId;
  readonly section: ObjectId;
  close(): Promise<void>;
}

async function setup(sync: NonNullable<AppOptions['sync']>): Promise<Setup> {
  // The external system at its fastest: every request answered at once with a valid body.
  const receiver = await Receiver.start({ mode: 'acknowledge' });
  const client = new MemoryMongoClient('bench');
  const database = inProcessDatabase(client, 'bench');
  const app = await buildApp({
    config: loadConfig({
      DEMO_DATA: '0',
      LOG_LEVEL: 'silent',
      DEMO_TOKEN: TOKEN,
      RATE_LIMIT_MAX: '100000000',
      INTEGRATION_BASE_URL: receiver.url,
      INTEGRATION_RETRY_DELAYS_MS: '100,200,400',
    }),
    database,
    logger: false,
    sync,
  });
  await app.ready();
  const { store } = app.school;
  const school = (
    await store.create('schools', { name: 'Colegio Andino', code: 'CA', country: 'EC' }, CALLER)
  )._id as ObjectId;
  const section = (await store.create('sections', { school: school.toHexString(), name: 'A' }, CALLER))
    ._id as ObjectId;
  return {
    app,
    db: database.db,
    receiver,
    school,
    section,
    async close() {
      await app.close();
      await receiver.close();
    },
  };
}

let people = 0;
function user(): Record<string, string> {
  people++;
  return {
    name: ['Ana', 'José', 'María', 'Luis', 'Sofía'][people % 5]!,
    second_name: 'Elena',
    surname: `Pérez${people}`,
    second_surname: 'Núñez',
    email: `persona.${people}@andino.edu.ec`,
    id_card: String(1_700_000_000 + people),
  };
}

interface Written {
  readonly collection: 'students' | 'parents' | 'grades';
  readonly id: string;
}

/** N records through the store: 20 % parents and 20 % grades first, then 60 % students with a parent each. */
async function writeRecords(s: Setup, n: number): Promise<Written[]> {
  const { store } = s.app.school;
  const school = s.school.toHexString();
  const section = s.section.toHexString();
  const written: Written[] = [];
  const parents = Math.max(1, Math.round(n * 0.2));
  const grades = Math.round(n * 0.2);
  for (let i = 0; i < parents; i++) {
    const parent = await store.create('parents', { school, user: user() }, CALLER);
    written.push({ collection: 'parents', id: String(parent._id) });
  }
  for (let i = 0; i < grades; i++) {
    const grade = await store.create(
      'grades',
      { school, name: `Grado ${i}`, code: `G${i}`, section },
      CALLER,
    );
    written.push({ collection: 'grades', id: String(grade._id) });
  }
  const parentIds = written.filter((w) => w.collection === 'parents').map((w) => w.id);
  for (let i = written.length; i < n; i++) {
    const student = await store.create(
      'students',
      { school, user: user(), parents: [parentIds[i % parentIds.length]!] },
      CALLER,
    );
    written.push({ collection: 'students', id: String(student._id) });
  }
  return written;
}

function change(record: Written, round: number): Record<string, unknown> {
  return record.collection === 'grades'
    ? { name: `Grado v${round}` }
    : { user: { email: `cambio.${round}.${record.id.slice(-6)}@andino.edu.ec` } };
}

async function countSynced(db: Db): Promise<number> {
  let n = 0;
  for (const name of ['students', 'parents', 'grades']) {
    n += await db.collection(name).countDocuments({ '_sync.state': 'synced' });
  }
  return n;
}

/** Starts `workers` workers of `loops` loops, times until `n` requests are acknowledged, stops them. */
async function timeDelivery(
  s: Setup,
  workers: number,
  loops: number,
  n: number,
  label: string,
): Promise<{ seconds: number; cpu: number }> {
  const clients: IntegrationClient[] = [];
  const running: SyncWorker[] = [];
  for (let i = 0; i < workers; i++) {
    const client = createIntegrationClient({ baseUrl: s.receiver.url, retryDelaysMs: [100, 200, 400] });
    clients.push(client);
    running.push(
      new SyncWorker({
        db: s.db,
        client,
        publicUrl: 'http://127.0.0.1:3000',
        log: s.app.log,
        concurrency: loops,
        pollIntervalMs: 5,
      }),
    );
  }
  const done = s.receiver.after(n);
  const profile = await startProfile();
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  for (const worker of running) worker.start();
  await done;
  // The last acknowledgements are stored just after the last requests arrive.
  const total = await countTotal(s.db);
  while ((await countSynced(s.db)) < total) await new Promise((r) => setImmediate(r));
  const seconds = (performance.now() - started) / 1000;
  const cpuUsed = process.cpuUsage(cpuBefore);
  await profile?.(`${workers}x${loops}-${label}`);
  for (const worker of running) await worker.stop();
  for (const client of clients) await client.close();
  return { seconds, cpu: (cpuUsed.user + cpuUsed.system) / 1e6 / seconds };
}

/**
 * With SYNC_BENCH_PROFILE=<dir>, a CPU profile of the delivery phase alone (not the writes before
 * it), written as <dir>/sync-<name>.cpuprofile for Chrome DevTools or `--cpu-prof`-style tools.
 */
async function startProfile(): Promise<((name: string) => Promise<void>) | undefined> {
  const dir = process.env.SYNC_BENCH_PROFILE;
  if (!dir) return undefined;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return async (name) => {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, `sync-${name}.cpuprofile`), JSON.stringify(profile));
  };
}

async function countTotal(db: Db): Promise<number> {
  let n = 0;
  for (const name of ['students', 'parents', 'grades']) n += await db.collection(name).countDocuments({});
  return n;
}

/** Throughput of creates then updates of `records` records with `workers` workers of `loops` loops. */
export async function measureThroughput(
  records: number,
  workers: number,
  loops: number,
): Promise<ThroughputResult[]> {
  const s = await setup({ autoStart: false });
  try {
    const written = await writeRecords(s, records);
    const scenario = `${workers} worker${workers > 1 ? 's' : ''} × ${loops} loop${loops > 1 ? 's' : ''}`;
    const creates = await timeDelivery(s, workers, loops, written.length, 'create');
    const { store } = s.app.school;
    for (const [i, record] of written.entries()) {
      await store.update(record.collection, record.id, change(record, i), CALLER);
    }
    const updates = await timeDelivery(s, workers, loops, written.length, 'update');
    const row = (
      operation: 'create' | 'update',
      timing: { seconds: number; cpu: number },
    ): ThroughputResult => ({
      scenario,
      workers,
      loops,
      operation,
      changes: written.length,
      seconds: timing.seconds,
      perSecond: written.length / timing.seconds,
      cpu: timing.cpu,
    });
    return [row('create', creates), row('update', updates)];
  } finally {
    await s.close();
  }
}

function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
  return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? Number.NaN };
}

/** Write → delivery latency at a steady `rate` of updates for `seconds`, over `students` students. */
export async function measureLatency(
  rate: number,
  seconds: number,
  students: number,
): Promise<LatencyResult> {
  const stored = new Map<string, number>();
  const s = await setup({
    autoStart: false,
    onStep: (step, info) => {
      if (step === 'stored') stored.set(info.id.toHexString(), performance.now());
    },
  });
  try {
    const { store, worker } = s.app.school;
    const school = s.school.toHexString();
    const ids: string[] = [];
    for (let i = 0; i < students; i++) {
      ids.push(String((await store.create('students', { school, user: user() }, CALLER))._id));
    }
    const created = s.receiver.after(students);
    worker.start();
    await created;
    while ((await countSynced(s.db)) < students) await new Promise((r) => setTimeout(r, 5));
    const externalIds = new Map<string, string>();
    for (const doc of await s.db.collection('students').find({}).toArray()) {
      externalIds.set(String(doc._id), doc._sync.external_id as string);
    }

    const changes = Math.round(rate * seconds);
    const interval = 1000 / rate;
    const writes = new Map<string, number>();
    const inFlight: Promise<unknown>[] = [];
    const updated = s.receiver.after(changes);
    stored.clear();
    const started = performance.now();
    for (let i = 0; i < changes; i++) {
      const due = started + i * interval;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      const id = ids[i % ids.length]!;
      writes.set(id, performance.now());
      inFlight.push(store.update('students', id, { user: { email: `nuevo.${i}@andino.edu.ec` } }, CALLER));
    }
    const writing = (performance.now() - started) / 1000;
    await Promise.all(inFlight);
    await updated;
    while (stored.size < writes.size) await new Promise((r) => setTimeout(r, 5));
    await worker.stop();

    const toArrival: number[] = [];
    const toAck: number[] = [];
    for (const [id, at] of writes) {
      const arrival = s.receiver.arrivals.get(`/api/integration/students/${externalIds.get(id)}`);
      if (arrival !== undefined) toArrival.push(arrival - at);
      const ack = stored.get(id);
      if (ack !== undefined) toAck.push(ack - at);
    }
    return {
      targetRate: rate,
      achievedRate: changes / writing,
      changes,
      seconds: writing,
      arrival: percentiles(toArrival),
      acknowledged: percentiles(toAck),
    };
  } finally {
    await s.close();
  }
}

/**
 * Writes and deliveries in the same run: `records` students created through the API with
 * `inFlight` requests at a time while the app's own worker delivers, then as many e-mail updates.
 */
export async function measureSameRun(records: number, inFlight: number): Promise<SameRunResult[]> {
  const stored = new Map<string, number>();
  const loops = process.env.SYNC_BENCH_LOOPS;
  const s = await setup({
    ...(loops ? { concurrency: Number(loops) } : {}),
    onStep: (step, info) => {
      if (step === 'stored') stored.set(info.id.toHexString(), performance.now());
    },
  });
  // Real HTTP over loopback, as a load generator sends it (keep-alive, `inFlight` connections).
  const address = await s.app.listen({ port: 0, host: '127.0.0.1' });
  const agent = new Agent({ keepAlive: true, maxSockets: inFlight });
  const send = (method: string, path: string, body: object) =>
    new Promise<{ status: number; text: string }>((done, fail) => {
      const payload = JSON.stringify(body);
      const req = httpRequest(
        `${address}${path}`,
        {
          method,
          agent,
          headers: {
            authorization: `Bearer ${TOKEN}`,
            type: 'API',
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        },
      );
      req.on('error', fail);
      req.end(payload);
    });
  try {
    const school = s.school.toHexString();
    const ids: string[] = [];
    const phase = async (
      operation: 'create' | 'update',
      request: (i: number) => { method: 'POST' | 'PUT'; url: string; body: object },
    ): Promise<SameRunResult> => {
      stored.clear();
      const writeStarted = new Map<string, number>();
      const latencies: number[] = [];
      const profile = await startProfile();
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      let next = 0;
      const client = async () => {
        while (next < records) {
          const i = next++;
          const { method, url, body } = request(i);
          const at = performance.now();
          const reply = await send(method, url, body);
          latencies.push(performance.now() - at);
          if (reply.status >= 300) throw new Error(`${method} ${url}: ${reply.status} ${reply.text}`);
          const id = String(JSON.parse(reply.text).response._id);
          if (operation === 'create') ids[i] = id;
          writeStarted.set(id, at);
        }
      };
      await Promise.all(Array.from({ length: inFlight }, client));
      const written = performance.now();
      while (stored.size < records) await new Promise((r) => setTimeout(r, 2));
      const lastAck = Math.max(...stored.values());
      const cpuUsed = process.cpuUsage(cpuBefore);
      await profile?.(`same-run-${operation}`);
      const toAck = [...writeStarted].map(([id, at]) => (stored.get(id) ?? Number.NaN) - at);
      return {
        operation,
        changes: records,
        writesPerSecond: records / ((written - started) / 1000),
        syncedPerSecond: records / ((lastAck - started) / 1000),
        writeLatency: percentiles(latencies),
        toAcknowledged: percentiles(toAck),
        cpu: (cpuUsed.user + cpuUsed.system) / 1e6 / ((performance.now() - started) / 1000),
      };
    };
    const creates = await phase('create', () => ({
      method: 'POST',
      url: '/api/students',
      body: { school, user: user() },
    }));
    const updates = await phase('update', (i) => ({
      method: 'PUT',
      url: `/api/students/${ids[i]}`,
      body: { user: { email: `nuevo.${i}@andino.edu.ec` } },
    }));
    return [creates, updates];
  } finally {
    agent.destroy();
    await s.close();
  }
}

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

function renderSameRun(rows: SameRunResult[], inFlight: number): string[] {
  if (rows.length === 0) return [];
  return [
    '',
    `Writes and deliveries in the same run (students through the API over loopback HTTP, ${inFlight} requests in flight; the app's worker, 1 × ${process.env.SYNC_BENCH_LOOPS ?? DEFAULT_CONCURRENCY} loops, nudged by writes):`,
    '',
    '| phase | changes | API writes/s | synced changes/s | synced ÷ writes | write p50 ms | write p99 ms | write → ack p99 ms | CPU |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.operation}s | ${r.changes} | ${fixed(r.writesPerSecond, 0)} | ${fixed(r.syncedPerSecond, 0)} | ${fixed(r.syncedPerSecond / r.writesPerSecond, 2)} | ${fixed(r.writeLatency.p50)} | ${fixed(r.writeLatency.p99)} | ${fixed(r.toAcknowledged.p99, 0)} | ${fixed(r.cpu * 100, 0)} % |`,
    ),
  ];
}

function render(
  rows: ThroughputResult[],
  lat: LatencyResult | undefined,
  same: SameRunResult[],
  inFlight: number,
): string {
  const lines = [
    `Outbound sync on the ${ENGINE_NAME} engine, no-op loopback receiver; Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')} at the end`,
  ];
  if (rows.length > 0) lines.push(...renderThroughput(rows));
  if (lat) lines.push(...renderLatency(lat));
  lines.push(...renderSameRun(same, inFlight));
  return lines.join('\n');
}

function renderThroughput(rows: ThroughputResult[]): string[] {
  return [
    '',
    '| workers × loops | operation | changes | seconds | changes/s | CPU |',
    '|---|---|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.scenario} | ${r.operation} | ${r.changes} | ${fixed(r.seconds, 2)} | ${fixed(r.perSecond, 0)} | ${fixed(r.cpu * 100, 0)} % |`,
    ),
  ];
}

function renderLatency(lat: LatencyResult): string[] {
  return [
    '',
    `Write → delivery latency at a steady ${lat.targetRate} changes/s (${lat.changes} updates in ${fixed(lat.seconds, 2)} s, ${fixed(lat.achievedRate, 0)}/s achieved; 1 worker × ${DEFAULT_CONCURRENCY} loops, nudged by writes):`,
    '',
    '| measured to | p50 ms | p99 ms | max ms |',
    '|---|---:|---:|---:|',
    `| request arrives at the receiver | ${fixed(lat.arrival.p50)} | ${fixed(lat.arrival.p99)} | ${fixed(lat.arrival.max)} |`,
    `| acknowledgement stored (\`_sync.state\` synced) | ${fixed(lat.acknowledged.p50)} | ${fixed(lat.acknowledged.p99)} | ${fixed(lat.acknowledged.max)} |`,
  ];
}

/** Runs every measurement and prints the tables (markdown). */
export async function runSyncBench(options: SyncBenchOptions = {}): Promise<SyncBenchResult> {
  const env = process.env;
  const records = options.records ?? Number(env.SYNC_BENCH_RECORDS ?? 2000);
  const rate = options.rate ?? Number(env.SYNC_BENCH_RATE ?? 200);
  const seconds = options.seconds ?? Number(env.SYNC_BENCH_SECONDS ?? 5);
  const students = Number(env.SYNC_BENCH_STUDENTS ?? Math.round(rate * seconds));
  const mode = options.mode ?? (env.SYNC_BENCH_MODE === 'same-run' ? 'same-run' : 'all');
  const inFlight = Number(env.SYNC_BENCH_IN_FLIGHT ?? 16);
  const log = options.log ?? ((line: string) => console.log(line));
  const rows: ThroughputResult[] = [];
  let lat: LatencyResult | undefined;
  if (mode === 'all') {
    for (const [workers, loops] of [
      [1, 1],
      [1, 4],
      [4, 4],
    ] as const) {
      const result = await measureThroughput(records, workers, loops);
      for (const row of result) {
        log(`  ${row.scenario} ${row.operation}: ${fixed(row.perSecond, 0)} changes/s`);
        rows.push(row);
      }
    }
    lat = await measureLatency(rate, seconds, students);
    log(`  latency at ${rate}/s: arrival p50 ${fixed(lat.arrival.p50)} ms, p99 ${fixed(lat.arrival.p99)} ms`);
  }
  const sameRun = await measureSameRun(records, inFlight);
  for (const row of sameRun) {
    log(
      `  same run, ${row.operation}s: API ${fixed(row.writesPerSecond, 0)} writes/s, synced ${fixed(row.syncedPerSecond, 0)} changes/s`,
    );
  }
  const table = render(rows, lat, sameRun, inFlight);
  log('');
  log(table);
  return { throughput: rows, latency: lat, sameRun, table };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await runSyncBench();
}
