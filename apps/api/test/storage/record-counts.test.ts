import { MemoryMongoClient } from '@school/mongo-memory';
import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import type { Caller } from '../../src/auth/caller.js';
import { schools } from '../../src/collections/schools.js';
import { students } from '../../src/collections/students.js';
import { RECORD_COUNT_TTL_MS, RecordCounts } from '../../src/storage/record-counts.js';

const A = new ObjectId();
const B = new ObjectId();
const caller = (schoolsOf: Caller['schools']): Caller => ({
  name: 't',
  tokenId: 't',
  scopes: new Set(['read']),
  schools: schoolsOf,
});

async function setUp() {
  const db = new MemoryMongoClient('t').db('t');
  const add = (school: ObjectId, count: number) =>
    db.collection('students').insertMany(Array.from({ length: count }, () => ({ school })));
  await add(A, 3);
  await add(B, 2);
  let now = 0;
  const counts = new RecordCounts(db, 1000, () => now);
  return { add, counts, advance: (ms: number) => (now += ms) };
}

describe('the records a list may examine', () => {
  it('are the students of the caller’s schools, or of every school for a token of all', async () => {
    const { counts } = await setUp();
    expect(await counts.inScope(students, caller([A]))).toBe(3);
    expect(await counts.inScope(students, caller([A, B]))).toBe(5);
    expect(await counts.inScope(students, caller('*'))).toBe(5);
    // `schools` is scoped by `_id`: the caller's own schools, counted without the database.
    expect(await counts.inScope(schools, caller([A, B]))).toBe(2);
  });

  it('are kept for the TTL, then counted again in the background while the kept count answers', async () => {
    const { add, counts, advance } = await setUp();
    expect(await counts.inScope(students, caller([A]))).toBe(3);
    await add(A, 4);
    advance(RECORD_COUNT_TTL_MS - 1);
    expect(await counts.inScope(students, caller([A]))).toBe(3);
    advance(1);
    // Past the TTL: this read gets the kept count and starts a new one, which the next read gets.
    expect(await counts.inScope(students, caller([A]))).toBe(3);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await counts.inScope(students, caller([A]))).toBe(7);
  });
});
