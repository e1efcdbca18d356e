/**
 * Every database operation of a read has a time limit (`QUERY_TIME_LIMIT_MS`, MongoDB's
 * `maxTimeMS`); a read the database stops is answered `400 QUERY_TOO_COMPLEX`, saying how long it
 * may take and what to change. The app runs here on an in-process database whose clock the test
 * moves: nothing waits, and the answer is the same on a slow machine.
 */
import { MemoryMongoClient } from '@school/mongo-memory';
import { describe, expect, it } from 'vitest';
import { build, expectError, expectOk } from '../support/helper.js';

/** Milliseconds each reading of the database's clock moves it on (0: time stands still). */
let step = 0;
let time = 0;
const client = new MemoryMongoClient('school', { now: () => (time += step) });

const t = await build({ wrapDb: () => client.db('school'), env: { QUERY_TIME_LIMIT_MS: '2000' } });
await t.seed();

describe('the time limit of a read', () => {
  it('answers a read within it', async () => {
    step = 0;
    expect(expectOk(await t.get('/api/students?__include_totals=true'))).toMatchObject({ total: 6 });
  });

  it('answers a read the database stops with 400 QUERY_TOO_COMPLEX naming the limit and what to change', async () => {
    // A second for every document the scan tests: the third one is past the limit of 2000 ms.
    step = 1000;
    try {
      const error = expectError(await t.get('/api/students?user.name[$ne]="x"'), 400, 'QUERY_TOO_COMPLEX');
      expect(error.param).toBe('query');
      expect(error.message).toMatch(/^The read took longer than 2000 ms and the database stopped it\./);
      expect(error.message).toContain('Narrow the filter by an indexed field');
      expect(error.message).toContain('leave out __include_totals');
    } finally {
      step = 0;
    }
  });
});
