/**
 * `dsl.find` benchmark: typed descriptions of the parse corpus's requests on `students`, each read
 * three ways in one process — this build's `dsl.find(spec)` (`find`), `dsl.run(buildQuery(spec))`
 * on the same build (`run(buildQuery)`: writing the query string and reading it back), and
 * `dsl.find` of an earlier commit (`before`, which wrote the description as query parameters and
 * read those) — every task against the same database that answers nothing, so only reading the
 * description, planning and building the MongoDB arguments are measured.
 */
import { buildQuery, type QueryableDb, type QuerySpec } from '@school/query-dsl';
import { ObjectId } from 'bson';
import { dsl, students } from '../test/support/school-collections.js';
import { type Baseline, baselineReader } from './baseline.js';
import type { ParseBenchOptions } from './parse.js';
import { formatOps, formatRatio, type Measure, markdownTable } from './report.js';
import { geomean, sideBySide } from './side-by-side.js';

const SCHOOL = new ObjectId('64b7f0c2a1d3e4f5a6b7c8d9');
const YEAR = new ObjectId('64b7f0c2a1d3e4f5a6b7c8e0');

type StudentSpec = QuerySpec<typeof students>;

/** The parse corpus's intents, as a TypeScript caller describes them (dates and identifiers typed). */
export const findCorpus: ReadonlyArray<{ readonly name: string; readonly spec: StudentSpec }> = [
  { name: 'equality', spec: { filter: { 'user.name': 'Ana', 'years.enrolled': true } } },
  { name: 'id card (leading zero)', spec: { filter: { 'user.id_card': '0912345678' } } },
  {
    name: 'dates and $ne',
    spec: {
      filter: {
        created_at: { $gte: new Date('2025-01-01'), $lt: new Date('2026-01-01') },
        'user.surname': { $ne: 'Pérez' },
      },
    },
  },
  { name: '$in', spec: { filter: { 'user.surname': { $in: ['Pérez', 'Mora', 'Ríos'] } } } },
  { name: 'identifiers', spec: { filter: { school: SCHOOL, 'years.year': { $in: [YEAR] } } } },
  { name: 'global_search (2 words)', spec: { search: 'ana 8vo' } },
  { name: 'select', spec: { select: ['user.name', 'user.surname', 'citizenship'] } },
  { name: 'sort', spec: { sort: { 'user.surname': 'asc', created_at: -1 } } },
  { name: 'page + totals', spec: { page: 2, perPage: 50, includeTotals: true } },
  {
    name: 'elemMatch',
    spec: { elemMatch: [{ property: 'years', parameters: { year: YEAR, enrolled: true } }] },
  },
  {
    name: 'populate',
    spec: {
      populate: {
        school: 'name',
        'years.year': 'name',
        'years.group': ['name', 'code'],
        parents: 'user.name',
      },
    },
  },
  {
    name: 'combined',
    spec: {
      filter: { school: SCHOOL, 'years.enrolled': true, created_at: { $gte: new Date('2025-01-01') } },
      select: ['user.name', 'user.surname', 'years'],
      sort: { 'user.surname': 'asc' },
      populate: { 'years.year': 'name' },
      page: 2,
      perPage: 20,
    },
  },
];

export interface FindRow {
  readonly name: string;
  readonly find: Measure;
  readonly run: Measure;
  readonly before: Measure;
}

/** A database that answers nothing, at once. */
const nothing: QueryableDb = {
  collection: () => ({
    find: () => ({ toArray: async () => [] }),
    aggregate: () => ({ toArray: async () => [] }),
    countDocuments: async () => 0,
  }),
};

async function checked(label: string, result: Promise<{ ok: boolean }>): Promise<unknown> {
  const answer = await result;
  if (!answer.ok) throw new Error(`${label} refused a benchmark description: ${JSON.stringify(answer)}`);
  return answer;
}

export async function runFindBench(
  options: ParseBenchOptions & { readonly commit: string },
): Promise<{ revision: string; rows: FindRow[] }> {
  const baseline: Baseline = await baselineReader(options.commit);
  const cases = findCorpus
    .filter((item) => !options.filter || item.name.includes(options.filter))
    .map(({ name, spec }) => ({
      name,
      tasks: {
        find: () => checked('find', dsl.find(nothing, 'students', spec)),
        run: () => checked('run', dsl.run(nothing, 'students', buildQuery(students, spec))),
        before: () => checked('before', baseline.dsl.find(nothing, 'students', spec)),
      },
    }));
  // Each task once before timing: a refused description fails here, never as a number.
  for (const { tasks } of cases) for (const task of Object.values(tasks)) await task();
  const rows = await sideBySide(['find', 'run', 'before'], cases, options, (name, measure) => ({
    name,
    find: measure('find'),
    run: measure('run'),
    before: measure('before'),
  }));
  return { revision: baseline.revision, rows };
}

const vsRun = (row: FindRow) => row.find.opsPerSecond / row.run.opsPerSecond;
const vsBefore = (row: FindRow) => row.find.opsPerSecond / row.before.opsPerSecond;

export function findTable(revision: string, rows: readonly FindRow[]): string {
  return markdownTable(
    ['case', 'find ops/s', 'run(buildQuery) ops/s', `find at ${revision} ops/s`, 'find/run', 'find/before'],
    rows.map((row) => [
      row.name,
      ...[row.find, row.run, row.before].map((measure) => formatOps(measure.opsPerSecond)),
      ...[vsRun(row), vsBefore(row)].map(formatRatio),
    ]),
  );
}

export function findVerdict(revision: string, rows: readonly FindRow[]): string[] {
  const slower = rows.filter((row) => vsBefore(row) < 1);
  return [
    `find ÷ run(buildQuery): geometric mean ${formatRatio(geomean(rows.map(vsRun)))}.`,
    `find ÷ find at ${revision}: geometric mean ${formatRatio(geomean(rows.map(vsBefore)))}; ` +
      (slower.length === 0
        ? 'no case slower.'
        : `slower: ${slower.map((row) => `${row.name} (${formatRatio(vsBefore(row))})`).join(', ')}.`),
  ];
}
