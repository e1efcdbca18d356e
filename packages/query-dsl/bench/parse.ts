/**
 * Parse benchmark: query string → validated plan → MongoDB find arguments / pipeline, against
 * `api-query-params`, `mongoose-query-parser` (same intents, in their syntax) and a bare
 * `qs.parse` of our string with our options (the floor: reading the string, nothing else).
 */
import { toMongo } from '@school/query-dsl';
import aqp from 'api-query-params';
import { MongooseQueryParser } from 'mongoose-query-parser';
import qs from 'qs';
import { Bench } from 'tinybench';
import { dsl } from '../test/support/school-collections.js';
import { type BenchCase, corpus } from './corpus.js';
import { consume, formatOps, formatRatio, type Measure, markdownTable, measureOf } from './report.js';
import { geomean } from './side-by-side.js';

/** The options `src/parse/query-input.ts` hands to qs, with the same limits (keep in step with it). */
export const QS_OPTIONS = {
  ignoreQueryPrefix: true,
  allowDots: false,
  allowPrototypes: false,
  plainObjects: true,
  parseArrays: true,
  arrayLimit: dsl.limits.maxListLength,
  parameterLimit: 1000,
  depth: dsl.limits.maxDepth,
  strictDepth: true,
  throwOnLimitExceeded: true,
  duplicates: 'combine',
  charset: 'utf-8',
} as const satisfies qs.IParseOptions;

/** Built once, as an application would; its options object is not touched by `parse`. */
const mongooseQueryParser = new MongooseQueryParser();

export interface ParseRow {
  readonly name: string;
  readonly ours: Measure;
  readonly floor: Measure;
  readonly aqp: Measure | undefined;
  readonly mqp: Measure | undefined;
  readonly note: string | undefined;
}

export interface ParseBenchOptions {
  /** Time budget per task, ms. */
  readonly time: number;
  readonly warmupTime: number;
  /** Passes over the whole corpus; each task keeps its best median. */
  readonly rounds: number;
  /** Only the cases whose name contains this text. */
  readonly filter?: string;
  readonly log?: (line: string) => void;
}

/** This build's reading of a query on `students`: the plan's MongoDB form. */
export function ours(query: string): unknown {
  const result = dsl.parse('students', query);
  if (!result.ok) throw new Error(`rejected: ${JSON.stringify(result.issues)}`);
  return toMongo(result.plan);
}

/** Runs every task once outside the timer: a case our DSL rejects, or a peer that throws, is a bench bug. */
function check(benchCase: BenchCase): void {
  ours(benchCase.ours);
  if (benchCase.aqp !== undefined) aqp(benchCase.aqp);
  if (benchCase.mqp !== undefined) mongooseQueryParser.parse(benchCase.mqp);
}

type Tasks = Record<'floor' | 'ours' | 'aqp' | 'mqp', Measure | undefined>;

async function measureCase(benchCase: BenchCase, options: ParseBenchOptions): Promise<Tasks> {
  const bench = new Bench({
    name: benchCase.name,
    time: options.time,
    warmupTime: options.warmupTime,
    timestampProvider: 'hrtimeNow',
    subtractTimerOverhead: true,
    throws: true,
  });
  const { ours: query, aqp: aqpQuery, mqp: mqpQuery } = benchCase;
  bench.add('floor', () => consume(qs.parse(query, QS_OPTIONS)));
  bench.add('ours', () => consume(ours(query)));
  if (aqpQuery !== undefined) bench.add('aqp', () => consume(aqp(aqpQuery)));
  if (mqpQuery !== undefined) bench.add('mqp', () => consume(mongooseQueryParser.parse(mqpQuery)));
  await bench.run();
  const measure = (name: string) => {
    const task = bench.getTask(name);
    return task ? measureOf(task) : undefined;
  };
  return { floor: measure('floor'), ours: measure('ours'), aqp: measure('aqp'), mqp: measure('mqp') };
}

function faster(a: Measure | undefined, b: Measure | undefined): Measure | undefined {
  if (!a || !b) return a ?? b;
  return b.opsPerSecond > a.opsPerSecond ? b : a;
}

/**
 * Measures every case `rounds` times (the whole corpus once per round) and keeps, per task, the
 * round with the highest median: other processes on the machine only ever slow a task down.
 */
export async function runParseBench(options: ParseBenchOptions): Promise<ParseRow[]> {
  const log = options.log ?? (() => {});
  const cases = corpus.filter((item) => !options.filter || item.name.includes(options.filter));
  for (const benchCase of cases) check(benchCase);
  const best = new Map<string, Tasks>();
  for (let round = 1; round <= options.rounds; round++) {
    log(`  round ${round} of ${options.rounds}`);
    for (const benchCase of cases) {
      const tasks = await measureCase(benchCase, options);
      const previous = best.get(benchCase.name);
      best.set(
        benchCase.name,
        previous
          ? {
              floor: faster(previous.floor, tasks.floor),
              ours: faster(previous.ours, tasks.ours),
              aqp: faster(previous.aqp, tasks.aqp),
              mqp: faster(previous.mqp, tasks.mqp),
            }
          : tasks,
      );
    }
  }
  return cases.map((benchCase) => {
    const tasks = best.get(benchCase.name)!;
    return {
      name: benchCase.name,
      ours: tasks.ours!,
      floor: tasks.floor!,
      aqp: tasks.aqp,
      mqp: tasks.mqp,
      note: benchCase.note,
    };
  });
}

/** ours / faster peer, over the peers that can express the case. */
export function bestPeerRatio(row: ParseRow): number | undefined {
  const peers = [row.aqp, row.mqp].filter((measure) => measure !== undefined);
  if (peers.length === 0) return undefined;
  return row.ours.opsPerSecond / Math.max(...peers.map((peer) => peer.opsPerSecond));
}

/** How many times as long as `qs.parse` of the same string ours takes: floor ops/s ÷ ours ops/s. */
export const timeVsQs = (row: ParseRow) => row.floor.opsPerSecond / row.ours.opsPerSecond;

export function parseTable(rows: readonly ParseRow[]): string {
  return markdownTable(
    ['case', 'ours ops/s', 'qs.parse ops/s', 'ours time ÷ qs', 'aqp', 'mqp', 'ours/best-peer'],
    rows.map((row) => [
      row.name,
      formatOps(row.ours.opsPerSecond),
      formatOps(row.floor.opsPerSecond),
      formatRatio(timeVsQs(row)),
      formatOps(row.aqp?.opsPerSecond),
      formatOps(row.mqp?.opsPerSecond),
      formatRatio(bestPeerRatio(row)),
    ]),
  );
}

/** The goals against `qs.parse` (ours takes at most this many times as long as qs does). */
const QS_GOALS = { geomean: 1.2, everyCase: 2, globalSearch: 2.5 } as const;

const listed = (rows: readonly ParseRow[], ratio: (row: ParseRow) => number | undefined) =>
  rows.map((row) => `${row.name} (${formatRatio(ratio(row))})`).join(', ');

/**
 * A line per goal: ours ≥ 2x the faster peer where one applies; against qs.parse of the same
 * string, a geometric mean ≤ 1.2x its time, every case ≤ 2x, and global_search ≤ 2.5x.
 */
export function parseVerdict(rows: readonly ParseRow[]): string[] {
  const peerMisses = rows.filter((row) => (bestPeerRatio(row) ?? Number.POSITIVE_INFINITY) < 2);
  const peerRatios = rows.map(bestPeerRatio).filter((ratio) => ratio !== undefined);
  const search = rows.filter((row) => row.name.startsWith('global_search'));
  const others = rows.filter((row) => !search.includes(row));
  const slow = others.filter((row) => timeVsQs(row) > QS_GOALS.everyCase);
  const slowSearch = search.filter((row) => timeVsQs(row) > QS_GOALS.globalSearch);
  const peerLine =
    peerRatios.length === 0
      ? 'ours/best-peer: no case here that a peer can express.'
      : `ours/best-peer: geometric mean ${formatRatio(geomean(peerRatios))} over ${peerRatios.length} cases; ` +
        (peerMisses.length === 0 ? 'every case ≥ 2x.' : `below 2x: ${listed(peerMisses, bestPeerRatio)}.`);
  const qsLine =
    `ours time ÷ qs.parse: geometric mean ${formatRatio(geomean(rows.map(timeVsQs)))} over ${rows.length} cases ` +
    `(goal ≤ ${QS_GOALS.geomean}x)` +
    (others.length === 0
      ? ''
      : slow.length === 0
        ? `; every case but global_search ≤ ${QS_GOALS.everyCase}x`
        : `; above ${QS_GOALS.everyCase}x: ${listed(slow, timeVsQs)}`) +
    (search.length === 0
      ? '.'
      : `; ${listed(search, timeVsQs)}: ${slowSearch.length === 0 ? 'each' : 'not each'} ≤ ${QS_GOALS.globalSearch}x.`);
  return [peerLine, qsLine];
}
