/**
 * The parse benchmark's corpus, side by side in one process: this build (`ours`), the reader of an
 * earlier commit (`before`) and a bare `qs.parse` of the same string (`floor`), each case one
 * tinybench `Bench` with the three tasks interleaved, best median of `rounds` passes. Ratios taken
 * within one process and one pass are what machine load moves least.
 */
import qs from 'qs';
import { Bench } from 'tinybench';
import { type Baseline, baselineReader } from './baseline.js';
import { corpus } from './corpus.js';
import { ours, type ParseBenchOptions, QS_OPTIONS } from './parse.js';
import { consume, formatOps, formatRatio, type Measure, markdownTable, measureOf } from './report.js';

export interface CompareRow {
  readonly name: string;
  readonly ours: Measure;
  readonly before: Measure;
  readonly floor: Measure;
}

export interface CompareOptions extends ParseBenchOptions {
  readonly commit: string;
}

function before(baseline: Baseline, query: string): unknown {
  const result = baseline.dsl.parse('students', query);
  if (!result.ok) throw new Error(`rejected before: ${JSON.stringify(result.issues)}`);
  return baseline.toMongo(result.plan);
}

const faster = (a: Measure | undefined, b: Measure) => (a && a.opsPerSecond >= b.opsPerSecond ? a : b);

export async function runCompare(options: CompareOptions): Promise<{ revision: string; rows: CompareRow[] }> {
  const baseline = await baselineReader(options.commit);
  const cases = corpus.filter((item) => !options.filter || item.name.includes(options.filter));
  for (const { ours: query } of cases) {
    ours(query);
    before(baseline, query);
  }
  const best = new Map<string, { ours?: Measure; before?: Measure; floor?: Measure }>();
  for (let round = 1; round <= options.rounds; round++) {
    options.log?.(`  round ${round} of ${options.rounds}`);
    for (const { name, ours: query } of cases) {
      const bench = new Bench({
        name,
        time: options.time,
        warmupTime: options.warmupTime,
        timestampProvider: 'hrtimeNow',
        subtractTimerOverhead: true,
        throws: true,
      });
      bench.add('floor', () => consume(qs.parse(query, QS_OPTIONS)));
      bench.add('ours', () => consume(ours(query)));
      bench.add('before', () => consume(before(baseline, query)));
      await bench.run();
      const previous = best.get(name) ?? {};
      best.set(name, {
        floor: faster(previous.floor, measureOf(bench.getTask('floor')!)),
        ours: faster(previous.ours, measureOf(bench.getTask('ours')!)),
        before: faster(previous.before, measureOf(bench.getTask('before')!)),
      });
    }
  }
  const rows = cases.map(({ name }) => {
    const { ours: o, before: b, floor: f } = best.get(name)!;
    return { name, ours: o!, before: b!, floor: f! };
  });
  return { revision: baseline.revision, rows };
}

const geomean = (values: readonly number[]) =>
  Math.exp(values.reduce((sum, value) => sum + Math.log(value), 0) / values.length);

/** Time of ours relative to qs.parse's (lower is better): floor ops / ours ops. */
const timeVsFloor = (row: CompareRow) => row.floor.opsPerSecond / row.ours.opsPerSecond;
const beforeTimeVsFloor = (row: CompareRow) => row.floor.opsPerSecond / row.before.opsPerSecond;
const speedup = (row: CompareRow) => row.ours.opsPerSecond / row.before.opsPerSecond;

export function compareTable(revision: string, rows: readonly CompareRow[]): string {
  return markdownTable(
    [
      'case',
      'ours ops/s',
      `${revision} ops/s`,
      'qs floor ops/s',
      'ours/before',
      'time ÷ qs: before',
      'time ÷ qs: ours',
    ],
    rows.map((row) => [
      row.name,
      formatOps(row.ours.opsPerSecond),
      formatOps(row.before.opsPerSecond),
      formatOps(row.floor.opsPerSecond),
      formatRatio(speedup(row)),
      formatRatio(beforeTimeVsFloor(row)),
      formatRatio(timeVsFloor(row)),
    ]),
  );
}

/** Goals: no case slower than before; the time of ours within 1.3x of qs.parse (geometric mean). */
export function compareVerdict(revision: string, rows: readonly CompareRow[]): string[] {
  const slower = rows.filter((row) => speedup(row) < 1);
  return [
    `ours/${revision}: geometric mean ${formatRatio(geomean(rows.map(speedup)))}; ` +
      (slower.length === 0
        ? 'no case slower.'
        : `slower: ${slower.map((row) => `${row.name} (${formatRatio(speedup(row))})`).join(', ')}.`),
    `time ÷ qs.parse: geometric mean ${formatRatio(geomean(rows.map(timeVsFloor)))} ` +
      `(before: ${formatRatio(geomean(rows.map(beforeTimeVsFloor)))}; goal ≤ 1.30x).`,
  ];
}
