/**
 * Tasks measured side by side: each case one tinybench `Bench` with its tasks interleaved, the
 * whole set of cases run `rounds` times, each task keeping its best median (other processes only
 * ever slow a task down). Ratios taken within one pass are what machine load moves least.
 */
import { Bench } from 'tinybench';
import type { ParseBenchOptions } from './parse.js';
import { type Measure, measureOf } from './report.js';

export interface SideBySideCase<L extends string> {
  readonly name: string;
  /** Each task by its label; a task may be async. */
  readonly tasks: Readonly<Record<L, () => unknown>>;
}

/** One row per case, built by `row` from the best median of each of its tasks. */
export async function sideBySide<L extends string, R>(
  labels: readonly L[],
  cases: ReadonlyArray<SideBySideCase<L>>,
  options: ParseBenchOptions,
  row: (name: string, measure: (label: L) => Measure) => R,
): Promise<R[]> {
  const best = new Map<string, Map<L, Measure>>();
  for (let round = 1; round <= options.rounds; round++) {
    options.log?.(`  round ${round} of ${options.rounds}`);
    for (const { name, tasks } of cases) {
      const bench = new Bench({
        name,
        time: options.time,
        warmupTime: options.warmupTime,
        timestampProvider: 'hrtimeNow',
        subtractTimerOverhead: true,
        throws: true,
      });
      for (const label of labels) bench.add(label, tasks[label]);
      await bench.run();
      const measures = best.get(name) ?? new Map<L, Measure>();
      for (const label of labels) {
        const measure = measureOf(bench.getTask(label)!);
        const before = measures.get(label);
        if (!before || measure.opsPerSecond > before.opsPerSecond) measures.set(label, measure);
      }
      best.set(name, measures);
    }
  }
  return cases.map(({ name }) =>
    row(name, (label) => {
      const measure = best.get(name)?.get(label);
      if (!measure) throw new Error(`${name}: no measure for ${label}`);
      return measure;
    }),
  );
}

export const geomean = (values: readonly number[]) =>
  Math.exp(values.reduce((sum, value) => sum + Math.log(value), 0) / values.length);
