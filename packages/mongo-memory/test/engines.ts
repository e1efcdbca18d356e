/**
 * The database engines the tests run on: always the in-process engine; also a real MongoDB when
 * `MONGODB_URI` is set, or when mongodb-memory-server has a binary at hand (`MONGOMS_SYSTEM_BINARY`
 * or a cached download) and starts within a few seconds. Without network it is skipped quietly.
 */
import { closeSync, existsSync, openSync, readdirSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Document } from 'bson';
import { ENGINE_NAME, MemoryMongoClient } from '../src/index.js';

export interface CursorLike<T> extends AsyncIterable<T> {
  toArray(): Promise<T[]>;
}

export interface FindCursorLike<T> extends CursorLike<T> {
  sort(sort: Document): FindCursorLike<T>;
  skip(value: number): FindCursorLike<T>;
  limit(value: number): FindCursorLike<T>;
  project(projection: Document): FindCursorLike<Document>;
}

export interface FindOptionsLike {
  projection?: Document;
  collation?: Document;
  sort?: Document;
  skip?: number;
  limit?: number;
}

export interface UpdateResultLike {
  acknowledged: boolean;
  matchedCount: number;
  modifiedCount: number;
  upsertedCount: number;
  upsertedId: unknown;
}

/** The subset of the driver's `Collection` the project uses; `MemoryCollection` has it too. */
export interface CollectionLike {
  readonly collectionName: string;
  find(filter?: Document, options?: FindOptionsLike): FindCursorLike<Document>;
  findOne(filter?: Document, options?: FindOptionsLike): Promise<Document | null>;
  aggregate(pipeline?: Document[]): CursorLike<Document>;
  countDocuments(filter?: Document, options?: { skip?: number; limit?: number }): Promise<number>;
  estimatedDocumentCount(): Promise<number>;
  distinct(key: string, filter?: Document): Promise<unknown[]>;
  insertOne(doc: Document): Promise<{ acknowledged: boolean; insertedId: unknown }>;
  insertMany(
    docs: Document[],
    options?: { ordered?: boolean },
  ): Promise<{ acknowledged: boolean; insertedCount: number; insertedIds: Record<number, unknown> }>;
  updateOne(
    filter: Document,
    update: Document | Document[],
    options?: { upsert?: boolean },
  ): Promise<UpdateResultLike>;
  updateMany(
    filter: Document,
    update: Document | Document[],
    options?: { upsert?: boolean },
  ): Promise<UpdateResultLike>;
  replaceOne(
    filter: Document,
    replacement: Document,
    options?: { upsert?: boolean },
  ): Promise<UpdateResultLike>;
  findOneAndUpdate(
    filter: Document,
    update: Document | Document[],
    options?: {
      returnDocument?: 'before' | 'after';
      sort?: Document;
      upsert?: boolean;
      projection?: Document;
    },
  ): Promise<Document | null>;
  findOneAndDelete(
    filter: Document,
    options?: { sort?: Document; projection?: Document },
  ): Promise<Document | null>;
  deleteOne(filter?: Document): Promise<{ acknowledged: boolean; deletedCount: number }>;
  deleteMany(filter?: Document): Promise<{ acknowledged: boolean; deletedCount: number }>;
  createIndex(
    keys: Document,
    options?: { unique?: boolean; name?: string; sparse?: boolean; partialFilterExpression?: Document },
  ): Promise<string>;
  indexes(): Promise<Document[]>;
  dropIndex(name: string | Document): Promise<Document>;
  drop(): Promise<boolean>;
}

/** The subset of the driver's `Db` the project uses: both `Db` and `MemoryDb` satisfy it. */
export interface DbLike {
  readonly databaseName: string;
  collection(name: string): CollectionLike;
  listCollections(): { toArray(): Promise<Document[]> };
  dropDatabase(): Promise<boolean>;
}

export interface Engine {
  name: string;
  /** True for the in-process engine (for tests of what only it reports, e.g. unsupported features). */
  inProcess: boolean;
  db: DbLike;
  close(): Promise<void>;
}

const START_TIMEOUT_MS = 5000;

function databaseName(label: string): string {
  const safe = label.replace(/[^A-Za-z0-9_]/g, '_').slice(0, 30);
  return `t_${safe}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
}

async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function realMongo(
  uri: string,
  label: string,
  name: string,
  stop?: () => Promise<unknown>,
): Promise<Engine> {
  const { MongoClient } = await import('mongodb');
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: START_TIMEOUT_MS });
  await withTimeout(client.connect(), START_TIMEOUT_MS + 1000, 'MongoDB');
  const db = client.db(databaseName(label));
  return {
    name,
    inProcess: false,
    db,
    async close() {
      await db.dropDatabase().catch(() => undefined);
      await client.close();
      await stop?.();
    },
  };
}

/** A mongod binary mongodb-memory-server could use without downloading. */
function hasMongodBinary(): boolean {
  if (process.env.MONGOMS_SYSTEM_BINARY) return true;
  const dirs = [
    process.env.MONGOMS_DOWNLOAD_DIR,
    resolve(process.cwd(), 'node_modules/.cache/mongodb-memory-server'),
    resolve(import.meta.dirname, '../node_modules/.cache/mongodb-memory-server'),
    join(homedir(), '.cache/mongodb-binaries'),
  ];
  return dirs.some(
    (dir) => dir !== undefined && existsSync(dir) && readdirSync(dir).some((f) => f.startsWith('mongod')),
  );
}

async function memoryServer(label: string): Promise<Engine | undefined> {
  process.env.MONGOMS_DISABLE_POSTINSTALL = '1';
  process.env.MONGOMS_RUNTIME_DOWNLOAD = 'false';
  if (!hasMongodBinary()) return undefined;
  try {
    const { MongoMemoryServer } = await import('mongodb-memory-server');
    const server = await withTimeout(MongoMemoryServer.create(), START_TIMEOUT_MS, 'mongodb-memory-server');
    return await realMongo(server.getUri(), label, 'mongodb-memory-server', () => server.stop());
  } catch {
    return undefined;
  }
}

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
export async function availableEngines(label = 'test'): Promise<Engine[]> {
  const engines: Engine[] = [];
  const memoryClient = new MemoryMongoClient();
  engines.push({
    name: ENGINE_NAME,
    inProcess: true,
    db: memoryClient.db(databaseName(label)),
    close: () => memoryClient.close(),
  });
  const uri = process.env.MONGODB_URI;
  if (uri) engines.push(await realMongo(uri, label, 'MongoDB (MONGODB_URI)'));
  else {
    const server = await memoryServer(label);
    if (server) engines.push(server);
  }
  announceOnce(engines.map((e) => e.name));
  return engines;
}
