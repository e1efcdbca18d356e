/**
 * `pnpm bench`: the host (`buildApp`) under HTTP load on the in-process engine, next to a
 * hand-written Fastify route (bench/hand-written.ts) answering the same requests on the same
 * database. Both servers run in this process (main thread); autocannon fires the requests from a
 * worker thread (its `workers: 1` option).
 *
 * 1. builds ~8,000 records (3,000 students) and inserts them straight into one in-process database;
 * 2. starts both servers on 127.0.0.1 (random ports);
 * 3. checks that both answer every case with the same records in the same order (and says whether
 *    the whole bodies are identical);
 * 4. per case: a short warm-up of each, then `BENCH_ROUNDS` rounds of `BENCH_DURATION` seconds per
 *    server, alternating which goes first; prints req/s and p99 (means over the rounds) and the ratio.
 *
 * Environment: BENCH_DURATION (s, default 5), BENCH_ROUNDS (default 2), BENCH_WARMUP (s, default 1),
 * BENCH_CASES (comma-separated case names, default all), BENCH_ONLY (`host` or `hand`: load only one,
 * for profiling), BENCH_CONNECTIONS (default 10), BENCH_STUDENTS (default 3000).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { ENGINE_NAME } from '@school/mongo-memory';
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import {
  type BenchCase,
  describeData,
  headersFor,
  markdownTable,
  selectedCases,
  setUp,
  type Target,
} from './setup.js';

const env = process.env;
const DURATION = Number(env.BENCH_DURATION ?? 5);
const ROUNDS = Number(env.BENCH_ROUNDS ?? 2);
const WARMUP = Number(env.BENCH_WARMUP ?? 1);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 10);
const ONLY = env.BENCH_ONLY as Target | undefined;

interface LoadResult {
  readonly requestsPerSecond: number;
  readonly total: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly non2xx: number;
  readonly errors: number;
  readonly timeouts: number;
  /** CPU time of this process's main thread (both servers and the engine) per request, if known. */
  readonly cpuMsPerRequest: number | undefined;
}

async function main(): Promise<void> {
  const started = performance.now();
  const log = (line: string) => console.log(line);
  const loadAtStart = loadavg()[0]!;

  const bench = await setUp();
  log(describeData(bench));
  const base: Record<Target, string> = {
    host: await listen(bench.apps.host),
    hand: await listen(bench.apps.hand),
  };
  const headers = headersFor;
  const url = (target: Target, c: BenchCase) => `${base[target]}/api/students?${c.query}`;

  const selected = selectedCases();

  log('\nsame answers (host vs hand-written):');
  const checks = new Map<string, string>();
  for (const c of selected) {
    const [a, b] = await Promise.all(
      (['host', 'hand'] as const).map(async (target) => {
        const response = await fetch(url(target, c), { headers: headers(c) });
        return { status: response.status, body: (await response.json()) as Envelope };
      }),
    );
    const verdict = compare(a!, b!);
    checks.set(c.name, verdict);
    log(`  ${c.name}: ${verdict}`);
  }

  const load = async (target: Target, c: BenchCase, duration: number): Promise<LoadResult> => {
    // `workers: 1`: autocannon fires the requests from one worker thread (its own event loop, the
    // second core) and aggregates the histograms here.
    const cpuBefore = mainThreadCpuMs();
    const result = await autocannon({
      url: url(target, c),
      headers: headers(c),
      connections: CONNECTIONS,
      pipelining: 1,
      duration,
      workers: 1,
    });
    return {
      requestsPerSecond: result.requests.average,
      total: result.requests.total,
      p50: result.latency.p50,
      p99: result.latency.p99,
      max: result.latency.max,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      cpuMsPerRequest: cpuPerRequest(cpuBefore, mainThreadCpuMs(), result.requests.total),
    };
  };

  // For `node --cpu-prof` + bench/profile-summary.ts --from-ms: where the load phase begins.
  log(`\nload phase starts ${Math.round(performance.now())} ms after the process started`);
  log(
    `load: autocannon (workers: 1, a worker thread), ${CONNECTIONS} connections, pipelining 1, ` +
      `${ROUNDS} × ${DURATION} s per server per case (after ${WARMUP} s warm-up each), order alternating`,
  );
  const rows: string[][] = [];
  for (const [index, c] of selected.entries()) {
    const targets: Target[] = ONLY ? [ONLY] : ['host', 'hand'];
    for (const target of targets) if (WARMUP > 0) await load(target, c, WARMUP);
    const runs: Record<Target, LoadResult[]> = { host: [], hand: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const order = (index + round) % 2 === 0 ? targets : [...targets].reverse();
      for (const target of order) {
        const result = await load(target, c, DURATION);
        runs[target].push(result);
        const problems = result.non2xx + result.errors + result.timeouts;
        log(
          `  ${c.name} / ${target} round ${round + 1}: ${result.requestsPerSecond.toFixed(0)} req/s, ` +
            `p50 ${result.p50} ms, p99 ${result.p99} ms, max ${result.max} ms, ` +
            `CPU ${result.cpuMsPerRequest?.toFixed(1) ?? '?'} ms/request` +
            (problems > 0
              ? ` — ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`
              : ''),
        );
      }
    }
    const host = summary(runs.host);
    const hand = summary(runs.hand);
    const ratio = host && hand ? host.rps / hand.rps : undefined;
    const cpuRatio = host?.cpu && hand?.cpu ? hand.cpu / host.cpu : undefined;
    const flag = (value: number | undefined) =>
      value === undefined ? '–' : `${value.toFixed(2)}${value < 0.8 ? ' ⚠' : ''}`;
    const check = checks.get(c.name) ?? '';
    rows.push([
      c.name,
      host ? host.rps.toFixed(0) : '–',
      host ? host.p99.toFixed(0) : '–',
      hand ? hand.rps.toFixed(0) : '–',
      hand ? hand.p99.toFixed(0) : '–',
      flag(ratio),
      host?.cpu?.toFixed(1) ?? '–',
      hand?.cpu?.toFixed(1) ?? '–',
      flag(cpuRatio),
      check.startsWith('same records') ? 'same' : `⚠ ${check}`,
    ]);
  }
  await bench.close();

  log(
    `\nNode ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, engine ${ENGINE_NAME}; ` +
      `load average ${loadAtStart.toFixed(1)} at start, ${loadavg()[0]!.toFixed(1)} at end ` +
      `(anything above ~1 means other processes shared the 2 cores); ` +
      `req/s and p99 are means over ${ROUNDS} round(s) of ${DURATION} s; CPU ms/req is the servers' ` +
      `main-thread CPU time per request (the ratio hand/host is the throughput ratio on a quiet core); ` +
      `⚠ = below the 0.8 goal\n`,
  );
  log(
    markdownTable(
      [
        'case',
        'host req/s',
        'host p99 ms',
        'hand req/s',
        'hand p99 ms',
        'ratio host/hand',
        'host CPU ms/req',
        'hand CPU ms/req',
        'CPU ratio hand/host',
        'records',
      ],
      rows,
    ),
  );
  log(`\ntotal ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

interface Envelope {
  response: unknown;
  errors: unknown[];
}

async function listen(app: FastifyInstance): Promise<string> {
  return app.listen({ host: '127.0.0.1', port: 0 });
}

interface Summary {
  readonly rps: number;
  readonly p99: number;
  /** Total main-thread CPU over total requests, all rounds. */
  readonly cpu: number | undefined;
}

function summary(runs: readonly LoadResult[]): Summary | undefined {
  if (runs.length === 0) return undefined;
  const mean = (pick: (run: LoadResult) => number) =>
    runs.reduce((sum, run) => sum + pick(run), 0) / runs.length;
  const requests = runs.reduce((sum, run) => sum + run.total, 0);
  const cpu = runs.every((run) => run.cpuMsPerRequest !== undefined)
    ? runs.reduce((sum, run) => sum + run.cpuMsPerRequest! * run.total, 0) / requests
    : undefined;
  return { rps: mean((run) => run.requestsPerSecond), p99: mean((run) => run.p99), cpu };
}

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * User + system CPU of the calling thread (Linux `/proc/thread-self/stat`, 10 ms resolution):
 * unlike wall-clock throughput it doesn't count time the thread waited for a core, so it holds up
 * when other processes share the machine. `undefined` elsewhere.
 */
function mainThreadCpuMs(): number | undefined {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

function cpuPerRequest(before: number | undefined, after: number | undefined, requests: number) {
  return before === undefined || after === undefined || requests === 0
    ? undefined
    : (after - before) / requests;
}

/** Same status, same ids in the same order, same totals; and whether the bodies are identical. */
function compare(a: { status: number; body: Envelope }, b: { status: number; body: Envelope }): string {
  if (a.status !== 200 || b.status !== 200)
    return `status host ${a.status} ${JSON.stringify(a.body.errors)}, hand ${b.status} ${JSON.stringify(b.body.errors)}`;
  const results = (body: Envelope) =>
    (Array.isArray(body.response)
      ? body.response
      : (body.response as { results: unknown[] }).results) as Array<{
      _id: string;
    }>;
  const ids = (body: Envelope) => results(body).map((record) => record._id);
  const [idsA, idsB] = [ids(a.body), ids(b.body)];
  if (idsA.length === 0) return 'DIFFERENT: the host returned no records';
  if (idsA.join() !== idsB.join()) return `DIFFERENT ids: host ${idsA.length} records, hand ${idsB.length}`;
  const totals = (body: Envelope) => {
    if (Array.isArray(body.response)) return '';
    const { results: _results, ...rest } = body.response as Record<string, unknown>;
    return canonical(rest);
  };
  if (totals(a.body) !== totals(b.body))
    return `DIFFERENT totals: host ${totals(a.body)}, hand ${totals(b.body)}`;
  const identical = canonical(a.body) === canonical(b.body);
  return `same records (${idsA.length}${totals(a.body) ? `, totals ${totals(a.body)}` : ''}); bodies ${identical ? 'identical' : 'differ'}`;
}

/** JSON with object keys sorted, so key order doesn't count. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
      : item,
  );
}

await main();
