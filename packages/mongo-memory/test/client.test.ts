import { describe, expect, it } from 'vitest';
import { MemoryMongoClient } from '../src/index.js';

describe('MemoryMongoClient', () => {
  it('gives the client a db per name, and a default one', () => {
    const client = new MemoryMongoClient();
    expect(client.db('a')).toBe(client.db('a'));
    expect(client.db().databaseName).toBe('test');
  });
});
