/**
 * Every read `runQuery` sends allows disk use: a sort no index covers is a blocking sort, and on
 * MongoDB 5.0 one past 100 MB fails without it (a deep page of a large collection sorted by name).
 */
import { type MongoDocument, type QueryableDb, runQuery } from '@school/query-dsl';
import { describe, expect, it } from 'vitest';
import { mongoFor } from '../support/helpers.js';

/** A database double that notes the options of each read and answers with no records. */
function recordingDb() {
  const reads: Array<{ kind: string; options: MongoDocument | undefined }> = [];
  const db: QueryableDb = {
    collection: () => ({
      find: (_filter, options) => {
        reads.push({ kind: 'find', options });
        return { toArray: async () => [] };
      },
      aggregate: (_pipeline, options) => {
        reads.push({ kind: 'aggregate', options });
        return { toArray: async () => [] };
      },
      countDocuments: async () => 0,
    }),
  };
  return { db, reads };
}

describe('runQuery allows disk use for blocking sorts', () => {
  it('on a find', async () => {
    const { db, reads } = recordingDb();
    await runQuery(db, mongoFor('__sort[user.surname]=asc&__page=500'));
    expect(reads).toEqual([{ kind: 'find', options: expect.objectContaining({ allowDiskUse: true }) }]);
  });

  it('on an aggregation (populate)', async () => {
    const { db, reads } = recordingDb();
    await runQuery(db, mongoFor('__sort[user.surname]=asc&populate={"school":"name"}'));
    expect(reads).toEqual([{ kind: 'aggregate', options: expect.objectContaining({ allowDiskUse: true }) }]);
  });
});
