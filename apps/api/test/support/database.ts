/**
 * The database the host's tests run on. The in-process engine by default; with
 * `SCHOOL_TEST_ENGINE=mongodb` (set by the root Vitest config for a second run of this project
 * whenever `MONGODB_URI` is set) a real MongoDB at `MONGODB_URI`, in a database of its own per
 * test app that is dropped when the app is closed.
 */
import { MemoryMongoClient } from '@school/mongo-memory';
import { connectMongoDB, mongodbUri } from '@school/testkit/engines';
import type { Db } from 'mongodb';
import { type Database, inProcessDatabase, pingDatabase } from '../../src/plugins/database.js';

export type TestEngine = 'in-process' | 'mongodb';

/** Which engine this run of the tests uses. */
export const TEST_ENGINE: TestEngine =
  process.env.SCHOOL_TEST_ENGINE === 'mongodb' ? 'mongodb' : 'in-process';

/** The `/health` database section the host reports on the test engine. */
export const EXPECTED_HEALTH =
  TEST_ENGINE === 'mongodb'
    ? { mode: 'mongodb', durable: true, reachable: true }
    : { mode: 'in-process', durable: false, reachable: true };

export type TestDatabase = Database & {
  /** Closes (and on MongoDB drops) the database; `close` itself is a no-op so that several apps can share it. */
  closeForReal(): Promise<void>;
};

/** A fresh in-process database, as the host opens one without MONGODB_URI and without mongod. */
export function memoryDatabase(wrapDb?: (db: Db) => Db): TestDatabase {
  const client = new MemoryMongoClient('school');
  const database = inProcessDatabase(client, 'school');
  return {
    ...database,
    db: wrapDb ? wrapDb(database.db) : database.db,
    close: async () => {},
    closeForReal: () => client.close(),
  };
}

/** A fresh, empty database on the test engine. */
export async function testDatabase(wrapDb?: (db: Db) => Db): Promise<TestDatabase> {
  if (TEST_ENGINE === 'in-process') return memoryDatabase(wrapDb);
  const uri = mongodbUri();
  if (!uri) throw new Error('SCHOOL_TEST_ENGINE=mongodb needs MONGODB_URI');
  const { db, close } = await connectMongoDB(uri, 'api');
  return {
    db: wrapDb ? wrapDb(db) : db,
    mode: 'mongodb',
    durable: true,
    ping: () => pingDatabase(db),
    close: async () => {},
    closeForReal: close,
  };
}
