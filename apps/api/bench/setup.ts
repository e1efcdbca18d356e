/**
 * What both bench scripts share: the data set in one in-process database, the host and the
 * hand-written app on it, the two tokens and the request cases.
 */
import { MemoryMongoClient } from '@school/mongo-memory';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/app-config.js';
import { inProcessDatabase } from '../src/plugins/database.js';
import { type BenchData, buildBenchData, insertBenchData } from './data.js';
import { buildHandWritten, type HandCaller } from './hand-written.js';

/**
 * 3,000 students (BENCH_STUDENTS): two thirds in the school the scoped token is limited to, the
 * rest in another.
 */
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 3_000);
export const STUDENTS_PER_SCHOOL = [Math.ceil((STUDENTS * 2) / 3), Math.floor(STUDENTS / 3)];
const FULL_TOKEN = 'bench_full_0123456789abcdef';
const SCOPED_TOKEN = 'bench_scoped_0123456789abcdef';

export type Target = 'host' | 'hand';

export interface BenchCase {
  readonly name: string;
  /** The query string of `GET /api/students?…`, the same for both servers. */
  readonly query: string;
  /** `full`: every school; `scoped`: limited to the first school. */
  readonly token: 'full' | 'scoped';
}

const populate = (value: object) => `populate=${encodeURIComponent(JSON.stringify(value))}`;

export const CASES: readonly BenchCase[] = [
  { name: 'paginated list', query: '__page=3&__per_page=20&__sort[user.surname]=asc', token: 'full' },
  { name: 'filter', query: 'years.enrolled=true&user.id_card[$gte]=1&active=true', token: 'full' },
  { name: 'global_search', query: `global_search=${encodeURIComponent('ana 8vo')}`, token: 'full' },
  { name: 'populate', query: populate({ school: 'name', 'years.year': 'name' }), token: 'full' },
  { name: 'totals', query: '__include_totals=true&years.enrolled=true', token: 'full' },
  {
    name: 'scoped token',
    query: `__per_page=20&__sort[user.surname]=asc&__include_totals=true&${populate({ school: 'name' })}`,
    token: 'scoped',
  },
];

/** The cases named in BENCH_CASES (comma-separated), or all. */
export function selectedCases(): readonly BenchCase[] {
  const names = process.env.BENCH_CASES?.split(',').map((name) => name.trim());
  return names ? CASES.filter((c) => names.includes(c.name)) : CASES;
}

export function headersFor(c: BenchCase): Record<string, string> {
  return { authorization: `Bearer ${c.token === 'full' ? FULL_TOKEN : SCOPED_TOKEN}`, type: 'API' };
}

export interface BenchSetup {
  readonly data: BenchData;
  readonly records: number;
  readonly setupMs: number;
  readonly apps: Record<Target, FastifyInstance>;
  close(): Promise<void>;
}

/** Builds and inserts the data, then both apps on the same database (not listening yet). */
export async function setUp(): Promise<BenchSetup> {
  const started = performance.now();
  const data = buildBenchData(STUDENTS_PER_SCHOOL);
  const client = new MemoryMongoClient('school');
  const db = client.db('school');
  const records = await insertBenchData(db, data);
  const setupMs = performance.now() - started;

  const database = { ...inProcessDatabase(client, 'school'), db, close: async () => {} };
  const config = loadConfig({
    DEMO_DATA: '0',
    API_TOKENS: JSON.stringify([
      { name: 'bench-full', token: FULL_TOKEN, scopes: ['read'], schools: '*' },
      { name: 'bench-scoped', token: SCOPED_TOKEN, scopes: ['read'], schools: [data.schoolId.toHexString()] },
    ]),
    RATE_LIMIT_MAX: '100000000',
    LOG_LEVEL: 'silent',
  });
  const host = await buildApp({ config, database, logger: false });
  const hand = await buildHandWritten(
    db,
    new Map<string, HandCaller>([
      [FULL_TOKEN, { schools: '*' }],
      [SCOPED_TOKEN, { schools: [data.schoolId] }],
    ]),
  );
  return {
    data,
    records,
    setupMs,
    apps: { host, hand },
    close: async () => {
      await Promise.all([host.close(), hand.close()]);
      await client.close();
    },
  };
}

export function describeData({ data, records, setupMs }: BenchSetup): string {
  return (
    `data: ${data.students.length} students, ${data.parents.length} parents, ${data.grades.length} grades, ` +
    `${data.sections.length} sections, ${data.years.length} years, ${data.schools.length} schools ` +
    `(${records} records, ${Math.round(setupMs)} ms to build and insert)`
  );
}

export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}
