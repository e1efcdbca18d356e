import type { Task } from 'tinybench';

/** What the tables show of one task: median throughput and the relative margin of error of the mean. */
export interface Measure {
  /** Median operations per second (tinybench's `throughput.p50`). */
  readonly opsPerSecond: number;
  /** Mean latency in milliseconds. */
  readonly meanMs: number;
  /** Relative margin of error of the mean latency, in percent. */
  readonly rme: number;
  readonly samples: number;
}

/** The measure of a finished task; throws if it errored, so a broken case never prints a number. */
export function measureOf(task: Task): Measure {
  const result = task.result;
  if (result.state === 'errored') throw new Error(`${task.name} failed: ${result.error.message}`);
  if (result.state !== 'completed' && result.state !== 'aborted-with-statistics') {
    throw new Error(`${task.name} did not run (${result.state})`);
  }
  return {
    opsPerSecond: result.throughput.p50,
    meanMs: result.latency.mean,
    rme: result.latency.rme,
    samples: result.latency.samplesCount,
  };
}

/** `1 234 567` → `1,234,567`; small rates keep one decimal. */
export function formatOps(ops: number | undefined): string {
  if (ops === undefined) return 'n/a';
  return ops >= 100 ? Math.round(ops).toLocaleString('en-US') : ops.toFixed(1);
}

export function formatRatio(ratio: number | undefined): string {
  return ratio === undefined ? '—' : `${ratio.toFixed(2)}x`;
}

export function formatMs(ms: number): string {
  return ms >= 1 ? `${ms.toFixed(2)} ms` : `${(ms * 1000).toFixed(1)} µs`;
}

/** A GitHub-flavoured Markdown table, columns padded so it also reads well in a terminal. */
export function markdownTable(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [
    line(header),
    `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`,
    ...rows.map(line),
  ].join('\n');
}

/** Keeps a benchmarked function's result reachable so the optimiser cannot drop the work. */
export let sink: unknown;
export function consume(value: unknown): void {
  sink = value;
}
