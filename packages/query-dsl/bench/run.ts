/**
 * `pnpm bench [parse|engine|size] [--quick] [--rounds=<n>] [--filter=<case>]` — runs the parse benchmark and the engine benchmark (or
 * one of them) and prints Markdown tables for docs/benchmarks.md. `pnpm bench compare [--base=<commit>] [--filter=<case>]`
 * runs the parse corpus against an earlier commit's reader in the same process, and `pnpm bench
 * find [--base=<commit>]` typed descriptions through `dsl.find`, `dsl.run(buildQuery(...))` and the
 * commit's `dsl.find` (neither is part of the default run; they read the commit from git).
 */
import os from 'node:os';
import { compareTable, compareVerdict, runCompare } from './compare.js';
import { engineTable, runEngineBench } from './engine.js';
import { findTable, findVerdict, runFindBench } from './find.js';
import { parseTable, parseVerdict, runParseBench } from './parse.js';
import { sizeTable } from './size.js';

const args = process.argv.slice(2).filter((arg) => arg !== '--');
const quick = args.includes('--quick');
const which = args.filter((arg) => !arg.startsWith('--'));
const option = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const base = option('base');
const filter = option('filter');
const roundsOption = option('rounds');
/** Passes over the parse corpus (`--rounds=9`): more passes, more chances at a quiet moment. */
const rounds = roundsOption === undefined ? undefined : Number(roundsOption);
if (rounds !== undefined && !(Number.isInteger(rounds) && rounds > 0)) {
  console.error(`--rounds takes a whole number of passes above 0, got "${roundsOption}".`);
  process.exit(2);
}
const known = new Set(['parse', 'engine', 'compare', 'find', 'size']);
for (const name of which) {
  if (!known.has(name)) {
    console.error(
      `Unknown benchmark "${name}". Usage: pnpm bench [parse|engine|compare|find|size] [--quick] [--rounds=<n>] [--base=<commit>] [--filter=<case>]`,
    );
    process.exit(2);
  }
}
const wanted = (name: string) =>
  (which.length === 0 && name !== 'compare' && name !== 'find') || which.includes(name);

/** How long a benchmark measures: `full` by default, `rough` with --quick. */
interface Budget {
  readonly time: number;
  readonly warmupTime: number;
  readonly rounds: number;
}
const budget = (full: Budget, rough: Budget): Budget => (quick ? rough : full);
/** Progress goes to stderr, so that stdout holds only the Markdown. */
const log = (line: string) => console.error(line);

const cpus = os.cpus();
console.log(
  `Node ${process.version}, ${os.platform()} ${os.arch()}, ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}` +
    `, load average ${os.loadavg()[0]?.toFixed(1)}${quick ? ' (quick run: numbers are rough)' : ''}`,
);

if (wanted('size')) {
  console.log('\n## Size: what the package adds to a bundle, and its import time\n');
  console.log(await sizeTable());
}

if (wanted('parse')) {
  console.log(
    '\n## Parse: query string → plan → MongoDB (ops/s, median; higher is better; ours time ÷ qs: lower is better)\n',
  );
  const rows = await runParseBench({
    ...budget(
      { time: 300, warmupTime: 100, rounds: rounds ?? 2 },
      { time: 50, warmupTime: 20, rounds: rounds ?? 1 },
    ),
    ...(filter === undefined ? {} : { filter }),
    log,
  });
  console.log(parseTable(rows));
  console.log('');
  console.log('');
  for (const row of rows) if (row.note) console.log(`- ${row.name}: ${row.note}`);
  console.log('');
  for (const line of parseVerdict(rows)) console.log(`- ${line}`);
}

if (wanted('engine')) {
  console.log('\n## Engine: whole requests on the in-process engine (dsl.run)\n');
  const rows = await runEngineBench({
    ...budget({ time: 1500, warmupTime: 300, rounds: 2 }, { time: 200, warmupTime: 50, rounds: 1 }),
    log,
  });
  console.log(engineTable(rows));
  console.log('');
  for (const row of rows) console.log(`- ${row.name}: \`${decodeURIComponent(row.query)}\``);
}

if (wanted('compare')) {
  const commit = base ?? '39795b4';
  console.log(`\n## Parse, side by side with ${commit} (ops/s, median; higher is better)\n`);
  const { revision, rows } = await runCompare({
    commit,
    ...budget({ time: 300, warmupTime: 100, rounds: 3 }, { time: 50, warmupTime: 20, rounds: 1 }),
    ...(filter === undefined ? {} : { filter }),
    log,
  });
  console.log(compareTable(revision, rows));
  console.log('');
  for (const line of compareVerdict(revision, rows)) console.log(`- ${line}`);
}

if (wanted('find')) {
  // The last commit whose `dsl.find` wrote the description as query parameters and read those.
  const commit = base ?? '80f46eb';
  console.log(`\n## dsl.find: typed descriptions, side by side (ops/s, median; higher is better)\n`);
  const { revision, rows } = await runFindBench({
    commit,
    ...budget({ time: 300, warmupTime: 100, rounds: 3 }, { time: 50, warmupTime: 20, rounds: 1 }),
    ...(filter === undefined ? {} : { filter }),
    log,
  });
  console.log(findTable(revision, rows));
  console.log('');
  for (const line of findVerdict(revision, rows)) console.log(`- ${line}`);
}

console.log(`\nLoad average at the end: ${os.loadavg()[0]?.toFixed(1)}`);
