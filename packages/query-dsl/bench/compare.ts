/**
 * The parse benchmark's corpus, side by side in one process: this build (`ours`), the reader of an
 * earlier commit (`before`) and a bare `qs.parse` of the same string (`floor`), each case one
 * tinybench `Bench` with the three tasks interleaved, best median of `rounds` passes. Ratios taken
 * within one process and one pass are what machine load moves least.
 */
import qs from 'qs';
import { type Baseline, baselineReader } from './baseline.js';
import { corpus } from './corpus.js';
import { ours, type ParseBenchOptions, QS_OPTIONS } from './parse.js';
import { consume, formatOps, formatRatio, type Measure, markdownTable } from './report.js';
import { geomean, sideBySide } from './side-by-side.js';

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

export async function runCompare(options: CompareOptions): Promise<{ revision: string; rows: CompareRow[] }> {
  const baseline = await baselineReader(options.commit);
  const cases = corpus.filter((item) => !options.filter || item.name.includes(options.filter));
  for (const { ours: query } of cases) {
    ours(query);
    before(baseline, query);
  }
  const rows = await sideBySide(
    ['floor', 'ours', 'before'],
    cases.map(({ name, ours: query }) => ({
      name,
      tasks: {
        floor: () => consume(qs.parse(query, QS_OPTIONS)),
        ours: () => consume(ours(query)),
        before: () => consume(before(baseline, query)),
      },
    })),
    options,
    (name, measure) => ({ name, ours: measure('ours'), before: measure('before'), floor: measure('floor') }),
  );
  return { revision: baseline.revision, rows };
}

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
