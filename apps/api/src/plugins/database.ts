import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, MongoClient } from 'mongodb';
import type { AppConfig } from '../config/app-config.js';
import { classifyConnectFailure, whatToCheck } from './database-failure.js';

/** Which database the host runs on: the `/health` endpoint and the start-up log say it. */
export type DatabaseMode = 'mongodb' | 'memory-server' | 'in-process';

export interface Database {
  readonly db: Db;
  readonly mode: DatabaseMode;
  /** Whether this mode keeps data after the process ends. */
  readonly durable: boolean;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * `MONGODB_URI` → the real MongoDB (standalone, replica set or sharded: the connection string
 * decides). Otherwise an embedded database: mongodb-memory-server when a `mongod` binary is at hand,
 * else the in-process engine — never in production (the configuration refuses that).
 */
export async function openDatabase(config: AppConfig, log: FastifyBaseLogger): Promise<Database> {
  const timeoutMs = config.mongodbServerSelectionTimeoutMs;
  if (config.mongodbUri) return connect(config.mongodbUri, config.mongodbDb, 'mongodb', timeoutMs);
  const memoryServer = await startMemoryServer(log);
  if (memoryServer) {
    const database = await connect(memoryServer.getUri(), config.mongodbDb, 'memory-server', timeoutMs);
    return {
      ...database,
      close: async () => {
        await database.close();
        await memoryServer.stop();
      },
    };
  }
  // Loaded here only: a host on MongoDB never loads the engine.
  const { MemoryMongoClient } = await import('@school/mongo-memory');
  return inProcessDatabase(new MemoryMongoClient(config.mongodbDb), config.mongodbDb);
}

/** The in-process engine as the host's database: kept in memory only, always reachable. */
export function inProcessDatabase(
  client: { db(name: string): Db; close(): Promise<void> },
  name: string,
): Database {
  return {
    db: client.db(name),
    mode: 'in-process',
    durable: false,
    ping: async () => true,
    close: () => client.close(),
  };
}

/**
 * The database could not be opened. `message` is one line a person can act on: what was tried
 * (hosts and database, never the credentials), the driver's reason and what to check; `cause` is
 * the driver's error, for the debug log.
 */
export class DatabaseUnreachableError extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnreachableError';
  }
}

async function connect(
  uri: string,
  dbName: string,
  mode: DatabaseMode,
  timeoutMs: number,
): Promise<Database> {
  let client: MongoClient;
  try {
    client = new MongoClient(uri, { serverSelectionTimeoutMS: timeoutMs, appName: 'school-api' });
  } catch (error) {
    throw new DatabaseUnreachableError(
      `MONGODB_URI could not be read: ${reason(error)}. Check its syntax and options (see the MongoDB connection string reference).`,
      { cause: error },
    );
  }
  try {
    await client.connect();
  } catch (error) {
    await client.close().catch(() => undefined);
    const where = `MongoDB at ${hostsOf(client)} (database "${dbName}")`;
    const check = whatToCheck(classifyConnectFailure(error), timeoutMs);
    throw new DatabaseUnreachableError(`Cannot connect to ${where}: ${reason(error)}. ${check}`, {
      cause: error,
    });
  }
  const db = client.db(dbName);
  return {
    db,
    mode,
    durable: mode === 'mongodb',
    ping: () => pingDatabase(db),
    close: () => client.close(),
  };
}

/** Whether a MongoDB database answers a `ping`. */
export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.command({ ping: 1 });
    return true;
  } catch {
    return false;
  }
}

/** The hosts the connection string names (or its SRV name), without user name or password. */
function hostsOf(client: MongoClient): string {
  const { srvHost, hosts } = client.options;
  return srvHost ? `mongodb+srv://${srvHost}` : hosts.map((host) => host.toString()).join(',');
}

/** The driver's own words, on one line. */
function reason(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/gu, ' ').trim().replace(/\.$/u, '');
}

interface MemoryServerLike {
  getUri(): string;
  stop(): Promise<boolean>;
}

/** Starts mongodb-memory-server only when a binary is already at hand: without network it can't download one. */
async function startMemoryServer(log: FastifyBaseLogger): Promise<MemoryServerLike | undefined> {
  if (!mongodBinaryAvailable()) return undefined;
  try {
    const { MongoMemoryServer } = await import('mongodb-memory-server');
    return await MongoMemoryServer.create();
  } catch (error) {
    // A production install leaves out this development-only package: that is not a problem to report.
    if ((error as { code?: unknown }).code === 'ERR_MODULE_NOT_FOUND') {
      log.debug('mongodb-memory-server is not installed; using the in-process engine');
    } else log.warn({ err: error }, 'mongodb-memory-server could not start; using the in-process engine');
    return undefined;
  }
}

function mongodBinaryAvailable(): boolean {
  const system = process.env.MONGOMS_SYSTEM_BINARY;
  if (system) return existsSync(system);
  const cache = process.env.MONGOMS_DOWNLOAD_DIR ?? join(homedir(), '.cache', 'mongodb-binaries');
  try {
    return readdirSync(cache).some((name) => name.startsWith('mongod'));
  } catch {
    return false;
  }
}
