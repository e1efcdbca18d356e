/**
 * The runner's matching rules, as the unified test format states them: a ported test can fail only
 * if these find the differences they should.
 */
import { Decimal128, Double, Int32, Long, ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { mismatches } from './runner.js';

describe('matching a unified expectation', () => {
  it('allows extra fields in the root document only', () => {
    expect(mismatches({ a: 1 }, { a: 1, b: 2 })).toEqual([]);
    expect(mismatches({ a: { b: 1 } }, { a: { b: 1, c: 2 } })).toEqual(['result.a.c: not expected']);
    expect(mismatches([{ _id: 1 }], [{ _id: 1, x: 1 }])).toEqual(['result[0].x: not expected']);
  });

  it('finds a missing field, a different value and a different length', () => {
    expect(mismatches({ a: 1 }, {})).toEqual(['result.a: missing']);
    expect(mismatches({ a: 1 }, { a: 2 })).toEqual(['result.a: expected 1, got 2']);
    expect(mismatches([1, 2], [1])).toHaveLength(1);
    expect(mismatches(null, { insertedCount: 0 })).toHaveLength(1);
  });

  it('compares ints, longs and doubles by value, and Decimal128 and other BSON values by type and value', () => {
    expect(mismatches({ a: 1 }, { a: new Long(1) })).toEqual([]);
    expect(mismatches({ a: new Int32(0) }, { a: new Double(0) })).toEqual([]);
    expect(mismatches({ a: new Double(Number.NaN) }, { a: Number.NaN })).toEqual([]);
    expect(mismatches({ a: Decimal128.fromString('0') }, { a: 0 })).toHaveLength(1);
    const id = new ObjectId();
    expect(mismatches({ a: id }, { a: new ObjectId(id.toHexString()) })).toEqual([]);
    expect(mismatches({ a: id }, { a: id.toHexString() })).toHaveLength(1);
  });

  it('reads $$unsetOrMatches as absent or equal, and reads fields through getters', () => {
    const expected = { insertedIds: { $$unsetOrMatches: { 0: 3 } } };
    expect(mismatches(expected, {})).toEqual([]);
    expect(mismatches(expected, { insertedIds: { 0: 3 } })).toEqual([]);
    expect(mismatches(expected, { insertedIds: { 0: 4 } })).toHaveLength(1);
    class Result {
      get insertedCount() {
        return 2;
      }
    }
    expect(mismatches({ insertedCount: 2 }, new Result())).toEqual([]);
  });
});
