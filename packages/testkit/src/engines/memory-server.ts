/**
 * mongodb-memory-server as a second engine, only when a `mongod` binary is already on the machine:
 * it must never try to download one (machines here reach only the package registries).
 */
import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { connectMongoDB, type MongoDatabase, START_TIMEOUT_MS, withTimeout } from './mongodb.js';

function hasMongodBinary(): boolean {
  if (process.env.MONGOMS_SYSTEM_BINARY) return true;
  const dirs = [
    process.env.MONGOMS_DOWNLOAD_DIR,
    resolve(process.cwd(), 'node_modules/.cache/mongodb-memory-server'),
    resolve(import.meta.dirname, '../../node_modules/.cache/mongodb-memory-server'),
    join(homedir(), '.cache/mongodb-binaries'),
  ];
  return dirs.some(
    (dir) => dir !== undefined && existsSync(dir) && readdirSync(dir).some((f) => f.startsWith('mongod')),
  );
}

/** A database on a mongod started for this test file, or `undefined` (quietly) when there is none. */
export async function memoryServerDatabase(label: string): Promise<MongoDatabase | undefined> {
  process.env.MONGOMS_DISABLE_POSTINSTALL = '1';
  process.env.MONGOMS_RUNTIME_DOWNLOAD = 'false';
  if (!hasMongodBinary()) return undefined;
  try {
    const { MongoMemoryServer } = await import('mongodb-memory-server');
    const server = await withTimeout(MongoMemoryServer.create(), START_TIMEOUT_MS, 'mongodb-memory-server');
    return await connectMongoDB(server.getUri(), label, () => server.stop());
  } catch {
    return undefined;
  }
}
