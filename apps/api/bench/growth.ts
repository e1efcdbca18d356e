/**
 * `pnpm bench:growth`: how the host's reads grow with the data. Schools A and B of 1k, 10k and
 * 100k students each (GROWTH_SIZES, comma-separated), their parents (1–2 per student), and a small
 * school C of 100; each size in a fresh in-process database, inserted straight into the engine's
 * collections in chunks, with the host's indexes (`ensureIndexes`, at start-up). Every query goes
 * through the app (`app.inject`: auth, scope, query-dsl, the engine's planner); the median of
 * GROWTH_ROUNDS runs (15) after 3 warm-ups, and the growth per 10×. Goal: at most 2× per 10× for
 * what an index serves; totals grow with the records they count.
 *
 * Not a test: nothing here asserts a time. Results go to docs/growth-benchmarks.md.
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { MemoryMongoClient } from '@school/mongo-memory';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/app-config.js';
import { inProcessDatabase } from '../src/plugins/database.js';
import { type BenchData, buildBenchData, insertBenchData } from './data.js';
import { GROWTH_QUERIES, type Picks, type TokenOf } from './growth-queries.js';
import { markdownTable } from './setup.js';

const SIZES = (process.env.GROWTH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const SMALL_SCHOOL = 100;
const ROUNDS = Number(process.env.GROWTH_ROUNDS ?? 15);
const TOKENS: Record<TokenOf, string> = {
  A: 'growth_school_a_0123456789',
  C: 'growth_school_c_0123456789',
  all: 'growth_all_schools_0123456',
};

/** The records the queries name: a student in the middle of school A and one of school C. */
function picks(data: BenchData): Picks {
  const [a, , c] = data.schools.map((school) => school._id);
  const of = (school: typeof a) =>
    data.students.filter((student) => school!.equals(student.school as typeof a));
  const middle = <T>(list: T[]): T => list[Math.floor(list.length / 2)]!;
  const person = (student: Record<string, unknown>) => {
    const user = student.user as { id_card: string; name: string };
    return { id: String(student._id), idCard: user.id_card, name: user.name };
  };
  return { A: person(middle(of(a))), C: person(middle(of(c))) };
}

async function appFor(size: number): Promise<{ app: FastifyInstance; picks: Picks; close(): Promise<void> }> {
  const data = buildBenchData([size, size, SMALL_SCHOOL]);
  const client = new MemoryMongoClient('school');
  // Closed by `close()` below, once, not by each app.
  const database = { ...inProcessDatabase(client, 'school'), close: async () => {} };
  const { db } = database;
  const school = (i: number) => data.schools[i]!._id.toHexString();
  const config = loadConfig({
    DEMO_DATA: '0',
    API_TOKENS: JSON.stringify([
      { name: 'growth-a', token: TOKENS.A, scopes: ['read'], schools: [school(0)] },
      { name: 'growth-c', token: TOKENS.C, scopes: ['read'], schools: [school(2)] },
      { name: 'growth-all', token: TOKENS.all, scopes: ['read'], schools: '*' },
    ]),
    RATE_LIMIT_MAX: '100000000',
    LOG_LEVEL: 'silent',
  });
  // Built first: start-up creates the indexes, so the inserts keep them as the store's writes do.
  const app = await buildApp({ config, database, logger: false, sync: { autoStart: false } });
  await app.ready();
  const started = performance.now();
  const records = await insertBenchData(db, data);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.info(`${size} per school: ${records} records inserted in ${seconds} s`);
  return {
    app,
    picks: picks(data),
    close: async () => Promise.all([app.close(), client.close()]).then(() => {}),
  };
}

/**
 * The median wall time of one request, in milliseconds; NaN when an answer is not 200 (the
 * read's time limit, say), which is printed and leaves the others to run.
 */
async function median(app: FastifyInstance, url: string, token: TokenOf, rounds = ROUNDS): Promise<number> {
  const headers = { authorization: `Bearer ${TOKENS[token]}`, type: 'API' };
  const once = async () => {
    const started = performance.now();
    const reply = await app.inject({ method: 'GET', url, headers });
    const ms = performance.now() - started;
    if (reply.statusCode !== 200) throw new Error(`${url}: ${reply.statusCode} ${reply.body.slice(0, 300)}`);
    return ms;
  };
  try {
    return await timed(once, rounds);
  } catch (error) {
    console.info(String(error));
    return Number.NaN;
  }
}

async function timed(once: () => Promise<number>, rounds: number): Promise<number> {
  for (let i = 0; i < 3; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) times.push(await once());
  times.sort((x, y) => x - y);
  return times[Math.floor(times.length / 2)]!;
}

const results = new Map<string, number[]>();
console.info(
  `load average at start: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')}`,
);
for (const size of SIZES) {
  const { app, picks: chosen, close } = await appFor(size);
  // Every query once before any is timed: the first ones would otherwise pay for the JIT.
  for (const query of GROWTH_QUERIES) await median(app, query.url(chosen), query.token, 1);
  for (const query of GROWTH_QUERIES) {
    const ms = await median(app, query.url(chosen), query.token);
    results.set(query.name, [...(results.get(query.name) ?? []), ms]);
  }
  await close();
  console.info(`measured ${size} per school; load average ${loadavg()[0]!.toFixed(1)}`);
}

const ms = (value: number): string =>
  Number.isNaN(value) ? 'failed' : value < 10 ? value.toFixed(2) : value.toFixed(1);
const growth = (times: readonly number[]) =>
  times.slice(1).map((time, i) => {
    const factor = (time / times[i]!) ** (1 / Math.log10(SIZES[i + 1]! / SIZES[i]!));
    return `${factor.toFixed(1)}×`;
  });
const rows = GROWTH_QUERIES.map((query) => {
  const times = results.get(query.name)!;
  return [query.name, ...times.map(ms), ...growth(times), query.goal];
});
const steps = SIZES.slice(1).map((size, i) => `× per 10× (${SIZES[i]! / 1000}k→${size / 1000}k)`);
console.info(
  `\n${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, ` +
    `Node ${process.version}, load average at the end ${loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')}; ` +
    `median of ${ROUNDS} requests, ms\n`,
);
console.info(
  markdownTable(['query', ...SIZES.map((size) => `${size / 1000}k/school`), ...steps, 'goal'], rows),
);
