/**
 * Engine benchmark: whole requests (`dsl.run`: parse, plan, MongoDB, run) on the in-process
 * engine holding 20,000 students of the caller's school (plus another school's records that the
 * caller's scope leaves out). Shows what populate, global_search and totals add to a page.
 */

import { MemoryMongoClient } from '@school/mongo-memory';
import type { BaseFilter, QueryResponse } from '@school/query-dsl';
import { Bench } from 'tinybench';
import { dsl } from '../test/support/school-collections.js';
import {
  consume,
  formatMs,
  formatOps,
  formatRatio,
  type Measure,
  markdownTable,
  measureOf,
} from './report.js';
import { buildSchoolData } from './school-data.js';

export const STUDENTS_IN_SCOPE = 20_000;
const STUDENTS_ELSEWHERE = 2_000;

const POPULATE = JSON.stringify({
  school: 'name',
  'years.year': 'name',
  'years.group': 'name',
  parents: 'user.name',
});

export interface EngineQuery {
  readonly name: string;
  readonly query: string;
  /** The unpopulated query this one is compared with. */
  readonly baseline?: string;
}

export const engineQueries: readonly EngineQuery[] = [
  { name: 'page 1 of 20', query: '__per_page=20' },
  {
    name: 'page 1 of 20, populated',
    query: `__per_page=20&populate=${encodeURIComponent(POPULATE)}`,
    baseline: 'page 1 of 20',
  },
  {
    name: 'global_search "ana 8vo", page 1',
    query: `global_search=${encodeURIComponent('ana 8vo')}&__per_page=20`,
  },
  { name: 'page 1 of 20 + __include_totals', query: '__per_page=20&__include_totals=true' },
  { name: 'page 50 of 20', query: '__page=50&__per_page=20' },
  {
    name: 'page 50 of 20, populated',
    query: `__page=50&__per_page=20&populate=${encodeURIComponent(POPULATE)}`,
    baseline: 'page 50 of 20',
  },
];

export interface EngineRow {
  readonly name: string;
  readonly query: string;
  readonly measure: Measure;
  readonly results: number;
  readonly baseline: string | undefined;
}

export interface EngineBenchOptions {
  readonly time: number;
  readonly warmupTime: number;
  /** Passes over every request; each keeps its best median. */
  readonly rounds: number;
  readonly log?: (line: string) => void;
}

function resultsOf(response: QueryResponse): Record<string, unknown>[] {
  return Array.isArray(response) ? response : response.results;
}

export async function runEngineBench(options: EngineBenchOptions): Promise<EngineRow[]> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const data = buildSchoolData(STUDENTS_IN_SCOPE, STUDENTS_ELSEWHERE);
  const client = new MemoryMongoClient();
  const db = client.db('bench');
  for (const [name, docs] of Object.entries(data)) {
    if (Array.isArray(docs) && docs.length > 0) await db.collection(name).insertMany(docs);
  }
  log(
    `  data: ${data.students.length} students, ${data.parents.length} parents, ${data.grades.length} grades, ` +
      `${data.years.length} years, ${data.schools.length} schools (${Math.round(performance.now() - started)} ms to build and insert)`,
  );

  const school = data.schoolId;
  const baseFilter: BaseFilter = (collection) =>
    collection.name === 'schools' ? { _id: school } : { school };
  const run = async (query: string) => {
    const result = await dsl.run(db, 'students', query, { baseFilter });
    if (!result.ok) throw new Error(`${query} rejected: ${JSON.stringify(result.issues)}`);
    return result.response;
  };

  // Every query once, untimed: it must be accepted, fill its page and (when populated) resolve references.
  const counts = new Map<string, number>();
  for (const { name, query } of engineQueries) {
    const response = await run(query);
    const results = resultsOf(response);
    if (results.length === 0) throw new Error(`${name}: empty page`);
    if (query.includes('populate')) {
      const first = results[0]!;
      const populated = first.school as Record<string, unknown> | null;
      if (!populated || typeof populated.name !== 'string') throw new Error(`${name}: school not populated`);
    }
    if (!Array.isArray(response))
      log(`  ${name}: total ${response.total}, actual_total ${response.actual_total}`);
    counts.set(name, results.length);
  }

  // Best of `rounds` passes per request: other processes on the machine only ever slow a task down.
  const best = new Map<string, Measure>();
  for (let round = 1; round <= options.rounds; round++) {
    const bench = new Bench({
      name: 'engine',
      time: options.time,
      warmupTime: options.warmupTime,
      iterations: 5,
      warmupIterations: 2,
      throws: true,
    });
    for (const { name, query } of engineQueries) bench.add(name, async () => consume(await run(query)));
    await bench.run();
    for (const { name } of engineQueries) {
      const measure = measureOf(bench.getTask(name)!);
      const previous = best.get(name);
      if (!previous || measure.opsPerSecond > previous.opsPerSecond) best.set(name, measure);
      log(`  round ${round}, ${name}: ${formatOps(measure.opsPerSecond)} ops/s`);
    }
  }
  await client.close();

  return engineQueries.map(({ name, query, baseline }) => ({
    name,
    query,
    measure: best.get(name)!,
    results: counts.get(name) ?? 0,
    baseline,
  }));
}

/** Medians throughout: ops/s, its latency (1 / ops), and the populated page's latency over the plain one's. */
export function engineTable(rows: readonly EngineRow[]): string {
  const byName = new Map(rows.map((row) => [row.name, row]));
  return markdownTable(
    ['request (students, 20,000 in scope)', 'ops/s', 'latency', 'samples', 'vs. unpopulated'],
    rows.map((row) => {
      const baseline = row.baseline ? byName.get(row.baseline) : undefined;
      return [
        row.name,
        formatOps(row.measure.opsPerSecond),
        formatMs(1000 / row.measure.opsPerSecond),
        String(row.measure.samples),
        baseline ? `${formatRatio(baseline.measure.opsPerSecond / row.measure.opsPerSecond)} the time` : '',
      ];
    }),
  );
}
