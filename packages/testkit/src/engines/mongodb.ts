/**
 * A real MongoDB for a test: a database of its own (unique name), dropped when the test closes it.
 */
import type { Db } from 'mongodb';

/** How long a real MongoDB may take to answer the first time before the tests give up on it. */
export const START_TIMEOUT_MS = 5000;

/** The MongoDB the tests also run on, when `MONGODB_URI` names one. */
export function mongodbUri(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const uri = env.MONGODB_URI?.trim();
  return uri === undefined || uri === '' ? undefined : uri;
}

/** `t_<label>_<pid>_<random>`: unique per test file and process, within MongoDB's name limits. */
export function uniqueDatabaseName(label: string): string {
  const safe = label.replace(/[^A-Za-z0-9_]/g, '_').slice(0, 30);
  return `t_${safe}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
}

export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
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

export interface MongoDatabase {
  readonly db: Db;
  /** Drops the database, then closes the connection (and `stop`s what started the server, if anything). */
  close(): Promise<void>;
}

/** Connects to `uri` and opens a fresh database for `label`. */
export async function connectMongoDB(
  uri: string,
  label: string,
  stop?: () => Promise<unknown>,
): Promise<MongoDatabase> {
  const { MongoClient } = await import('mongodb');
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: START_TIMEOUT_MS });
  await withTimeout(client.connect(), START_TIMEOUT_MS + 1000, 'MongoDB');
  const db = client.db(uniqueDatabaseName(label));
  return {
    db,
    async close() {
      await db.dropDatabase().catch(() => undefined);
      await client.close();
      await stop?.();
    },
  };
}
