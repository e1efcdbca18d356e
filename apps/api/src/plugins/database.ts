import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { MemoryMongoClient } from '@school/query-dsl/memory';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, MongoClient } from 'mongodb';
import type { AppConfig } from '../config.js';

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
  if (config.mongodbUri) return connect(config.mongodbUri, config.mongodbDb, 'mongodb');
  const memoryServer = await startMemoryServer(log);
  if (memoryServer) {
    const database = await connect(memoryServer.getUri(), config.mongodbDb, 'memory-server');
    return {
      ...database,
      close: async () => {
        await database.close();
        await memoryServer.stop();
      },
    };
  }
  const client = new MemoryMongoClient(config.mongodbDb);
  return {
    db: client.db(config.mongodbDb) as unknown as Db,
    mode: 'in-process',
    durable: false,
    ping: async () => true,
    close: () => client.close(),
  };
}

async function connect(uri: string, dbName: string, mode: DatabaseMode): Promise<Database> {
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 10_000, appName: 'school-api' });
  await client.connect();
  const db = client.db(dbName);
  return {
    db,
    mode,
    durable: mode === 'mongodb',
    ping: async () => {
      try {
        await db.command({ ping: 1 });
        return true;
      } catch {
        return false;
      }
    },
    close: () => client.close(),
  };
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
    log.warn({ err: error }, 'mongodb-memory-server could not start; using the in-process engine');
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
