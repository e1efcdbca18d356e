/**
 * Every database operation `runQuery` sends has a time limit (MongoDB's `maxTimeMS`): the page's
 * find or aggregate and each count of `__include_totals`, 5000 ms unless the caller says otherwise.
 * Past it the database stops the operation; here the in-process engine does, on a clock the test
 * moves, so nothing waits and nothing depends on the machine's speed.
 */
import { MemoryMongoClient } from '@school/mongo-memory';
import {
  createQueryDsl,
  DEFAULT_MAX_TIME_MS,
  type MongoDocument,
  type QueryableDb,
  runQuery,
} from '@school/query-dsl';
import { MongoServerError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { mongoFor } from '../support/helpers.js';
import { collections } from '../support/school-collections.js';

/** A database double that notes the options of each operation and answers with nothing. */
function recordingDb() {
  const options: Array<MongoDocument | undefined> = [];
  const db: QueryableDb = {
    collection: () => ({
      find: (_filter, given) => {
        options.push(given);
        return { toArray: async () => [] };
      },
      aggregate: (_pipeline, given) => {
        options.push(given);
        return { toArray: async () => [] };
      },
      countDocuments: async (_filter, given) => {
        options.push(given);
        return 0;
      },
    }),
  };
  return { db, options };
}

describe('the time limit of each database operation', () => {
  it('is 5000 ms by default on the find and on every count of __include_totals', async () => {
    expect(DEFAULT_MAX_TIME_MS).toBe(5000);
    const { db, options } = recordingDb();
    await runQuery(db, mongoFor('active=true&__include_totals=true'));
    expect(options).toHaveLength(4);
    for (const given of options) expect(given).toMatchObject({ maxTimeMS: 5000 });
  });

  it('is the caller’s on an aggregation (populate), and the query reader’s option for dsl.run', async () => {
    const { db, options } = recordingDb();
    await runQuery(db, mongoFor('populate={"school":"name"}'), { maxTimeMS: 250 });
    expect(options).toEqual([{ allowDiskUse: true, maxTimeMS: 250 }]);
    const reader = createQueryDsl({ collections, maxTimeMS: 1200 });
    await reader.run(db, 'students', '__include_totals=true');
    expect(options.slice(1).map((given) => given?.maxTimeMS)).toEqual([1200, 1200, 1200, 1200]);
  });

  it('refuses a limit that is not a positive integer, as a programmer error', async () => {
    const { db } = recordingDb();
    await expect(runQuery(db, mongoFor(''), { maxTimeMS: 0 })).rejects.toThrow(TypeError);
    expect(() => createQueryDsl({ collections, maxTimeMS: 1.5 })).toThrow(
      'maxTimeMS must be a positive integer.',
    );
  });

  it('stops a read that outlasts it with MongoDB’s MaxTimeMSExpired error', async () => {
    let time = 0;
    // Every reading of the clock moves it on by a millisecond: scanning 40 records takes 40 ms.
    const db = new MemoryMongoClient('t', { now: () => ++time }).db('t');
    await db
      .collection('students')
      .insertMany(
        Array.from({ length: 40 }, (_, n) => ({ user: { name: `n${n}`, surname: 's' }, active: true })),
      );
    const query = mongoFor('user.name[$ne]="x"');
    await expect(runQuery(db, query, { maxTimeMS: 1000 })).resolves.toHaveLength(20);
    const error = await runQuery(db, query, { maxTimeMS: 10 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MongoServerError);
    expect(error).toMatchObject({ code: 50, codeName: 'MaxTimeMSExpired' });
  });
});
