/**
 * The one way the workspace's tests choose their database: the in-process engine always; a real
 * MongoDB too whenever `MONGODB_URI` is set (else mongodb-memory-server, when a mongod binary is
 * at hand). The in-process engine is passed in, so that this kit depends on no workspace package.
 */
import { closeSync, openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DbLike } from './db-like.js';
import { memoryServerDatabase } from './memory-server.js';
import { connectMongoDB, mongodbUri, uniqueDatabaseName } from './mongodb.js';

export interface Engine {
  name: string;
  /** True for the in-process engine (for tests of what only it reports, e.g. unsupported features). */
  inProcess: boolean;
  db: DbLike;
  close(): Promise<void>;
}

/** The in-process engine: its name and a new client of it (`new MemoryMongoClient()`). */
export interface InProcessEngine {
  readonly name: string;
  client(): { db(name: string): DbLike; close(): Promise<void> };
}

/** The name the test summary and the `[engines]` line give a real MongoDB at MONGODB_URI. */
const MONGODB_URI_ENGINE = 'MongoDB (MONGODB_URI)';

function announceOnce(names: string[]): void {
  // One line per test run: the first worker of this vitest process to get here prints it.
  const marker = join(tmpdir(), `school-engines-${process.ppid}.printed`);
  try {
    closeSync(openSync(marker, 'wx'));
  } catch {
    return;
  }
  console.info(`[engines] ran on: ${names.join(', ')}`);
}

/**
 * The engines to run database tests on. `label` names the test file (its database is unique and
 * dropped at close on a real MongoDB).
 */
export async function availableEngines(inProcess: InProcessEngine, label = 'test'): Promise<Engine[]> {
  const client = inProcess.client();
  const engines: Engine[] = [
    {
      name: inProcess.name,
      inProcess: true,
      db: client.db(uniqueDatabaseName(label)),
      close: () => client.close(),
    },
  ];
  const uri = mongodbUri();
  const real = uri ? await connectMongoDB(uri, label) : await memoryServerDatabase(label);
  if (real) {
    engines.push({ name: uri ? MONGODB_URI_ENGINE : 'mongodb-memory-server', inProcess: false, ...real });
  }
  announceOnce(engines.map((e) => e.name));
  return engines;
}
