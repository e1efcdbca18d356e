/**
 * The scan dimension of `pnpm bench:cost`: how a read's CPU time grows with the number of records
 * its filter may examine (a school's students), for a normal page and for the heavy `$nin` read of
 * issue #25 (a page of one record, three lists over array fields, with totals), which the cost
 * budget counts by the school's size. Each size gets a fresh app and database of that many students.
 */
import { MemoryMongoClient } from '@school/mongo-memory';
import { ObjectId } from 'bson';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/app-config.js';
import { inProcessDatabase } from '../src/plugins/database.js';

export interface BenchRequest {
  readonly method: 'GET' | 'POST';
  readonly url: string;
}

type CpuOf = (
  app: FastifyInstance,
  request: BenchRequest,
) => Promise<{ ms: number; status: number; bytes: number }>;

const idList = (count: number) =>
  encodeURIComponent(JSON.stringify(Array.from({ length: count }, () => new ObjectId().toHexString())));

/**
 * 80 ids a list, not 100/100/96: percent-encoded quotes would take the query string past 8 KiB
 * (the read sent them raw). Per record: 1 + 3 × 80 × 10 = 2401 comparisons in the estimate.
 */
const HEAVY = `/api/students?years.group[$nin]=${idList(80)}&years.year[$nin]=${idList(80)}&parents[$nin]=${idList(80)}&__include_totals=true&__per_page=1`;
const NORMAL = '/api/students?active=true&__include_totals=true&__per_page=20';

async function appWithStudents(count: number, token: string): Promise<FastifyInstance> {
  const client = new MemoryMongoClient('school');
  const database = inProcessDatabase(client, 'school');
  const { db } = database;
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DEMO_DATA: '0',
    RATE_LIMIT_MAX: String(1e9),
    API_TOKENS: JSON.stringify([{ name: 'bench', token, scopes: ['read'], schools: '*' }]),
  });
  const app = await buildApp({ config, database, logger: false, sync: { autoStart: false } });
  await app.ready();
  const school = new ObjectId();
  const years = Array.from({ length: 3 }, () => new ObjectId());
  const groups = Array.from({ length: 12 }, () => new ObjectId());
  await db.collection('students').insertMany(
    Array.from({ length: count }, (_, n) => ({
      school,
      user: { name: `Student ${n}`, surname: 'Bench' },
      years: years.map((year, i) => ({ year, group: groups[(n + i) % groups.length]!, enrolled: true })),
      parents: [new ObjectId(), new ObjectId()],
      active: n % 10 !== 0,
    })),
  );
  return app;
}

const fmt = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2));

/** Prints the section: per school size, the normal page and the heavy read (status and CPU ms). */
export async function schoolSizeSection(
  cpuOf: CpuOf,
  token: string,
  sizes: readonly number[],
): Promise<void> {
  console.log("\n## The filter's work: a school's size (records the filter may examine)\n");
  console.log(
    '| students | normal page: status, CPU ms | heavy `$nin` read: status, CPU ms | heavy ÷ normal |',
  );
  console.log('|---|---|---|---|');
  for (const size of sizes) {
    const app = await appWithStudents(size, token);
    await cpuOf(app, { method: 'GET', url: NORMAL }); // warm-up (and the kept count of the school)
    const normal = await cpuOf(app, { method: 'GET', url: NORMAL });
    const heavy = await cpuOf(app, { method: 'GET', url: HEAVY });
    console.log(
      `| ${size} | ${normal.status}, ${fmt(normal.ms)} | ${heavy.status}, ${fmt(heavy.ms)} | ×${(heavy.ms / normal.ms).toFixed(1)} |`,
    );
    await app.close();
  }
  console.log(
    '\nnormal page: `GET /api/students?active=true&__include_totals=true&__per_page=20`; heavy read: ' +
      '`years.group[$nin]=[80 ids]&years.year[$nin]=[80 ids]&parents[$nin]=[80 ids]&__include_totals=true&__per_page=1`.',
  );
}
