import type { Db } from 'mongodb';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { type MemoryDb, MemoryMongoClient } from '../src/index.js';
import { availableEngines, type DbLike } from './engines.js';

describe('the engines helper', () => {
  // A type test: `pnpm typecheck` fails if the driver's Db or the engine's MemoryDb stop fitting DbLike.
  it('accepts both the driver Db and MemoryDb as DbLike', () => {
    expectTypeOf<Db>().toExtend<DbLike>();
    expectTypeOf<MemoryDb>().toExtend<DbLike>();
  });

  it('always offers the in-process engine, first, with a database of its own', async () => {
    const engines = await availableEngines('db-like');
    const [first] = engines;
    expect(first?.inProcess).toBe(true);
    expect(first?.name).toMatch(/^in-process/);
    expect(first?.db.databaseName).toMatch(/^t_db_like_/);
    for (const engine of engines) await engine.close();
  });

  it('gives the client a db per name, and a default one', () => {
    const client = new MemoryMongoClient();
    expect(client.db('a')).toBe(client.db('a'));
    expect(client.db().databaseName).toBe('test');
  });
});
