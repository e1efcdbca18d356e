import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import * as memory from '../src/index.js';

describe('the @school/mongo-memory entry point', () => {
  it('exports exactly its public names', () => {
    expect(Object.keys(memory).sort()).toEqual([
      'ENGINE_NAME',
      'MemoryAggregationCursor',
      'MemoryBulkWriteError',
      'MemoryCollection',
      'MemoryDb',
      'MemoryFindCursor',
      'MemoryInvalidArgumentError',
      'MemoryListCollectionsCursor',
      'MemoryMongoClient',
      'MemoryServerError',
      'MemoryUnsupportedError',
    ]);
  });

  it('names the mingo version it runs on', () => {
    const { version } = createRequire(import.meta.url)('mingo/package.json') as { version: string };
    expect(memory.ENGINE_NAME).toBe(`in-process (mingo ${version})`);
  });

  it('shapes server errors like the driver', () => {
    const error = new memory.MemoryServerError(11000, 'DuplicateKey', 'E11000 duplicate key error');
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'MongoServerError',
      code: 11000,
      codeName: 'DuplicateKey',
      errmsg: 'E11000 duplicate key error',
    });
  });
});
