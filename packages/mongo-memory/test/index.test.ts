import { createRequire } from 'node:module';
import { MongoInvalidArgumentError, MongoServerError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import * as memory from '../src/index.js';

describe('the @school/mongo-memory entry point', () => {
  it('exports exactly its public names', () => {
    expect(Object.keys(memory).sort()).toEqual([
      'ENGINE_NAME',
      'MemoryAggregationCursor',
      'MemoryCollection',
      'MemoryDb',
      'MemoryEngineUnsupportedError',
      'MemoryFindCursor',
      'MemoryInvalidArgumentError',
      'MemoryListCollectionsCursor',
      'MemoryMongoClient',
      'MemoryServerError',
      'UNSUPPORTED_CODE',
    ]);
  });

  it('names the mingo version it runs on', () => {
    const { version } = createRequire(import.meta.url)('mingo/package.json') as { version: string };
    expect(memory.ENGINE_NAME).toBe(`in-process (mingo ${version})`);
  });

  it('raises the driver error classes, and a class of its own for what it does not support', () => {
    const error = new memory.MemoryServerError(11000, 'DuplicateKey', 'E11000 duplicate key error');
    expect(error).toBeInstanceOf(MongoServerError);
    expect(new memory.MemoryInvalidArgumentError('bad')).toBeInstanceOf(MongoInvalidArgumentError);
    const unsupported = new memory.MemoryEngineUnsupportedError('Db.watch()');
    expect(unsupported).not.toBeInstanceOf(MongoServerError);
    expect(unsupported).toMatchObject({
      name: 'MemoryEngineUnsupportedError',
      code: 'MEMORY_ENGINE_UNSUPPORTED',
    });
    expect(error).toMatchObject({
      name: 'MongoServerError',
      code: 11000,
      codeName: 'DuplicateKey',
      errmsg: 'E11000 duplicate key error',
    });
  });
});
