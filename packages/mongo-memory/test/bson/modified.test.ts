import { Decimal128, Double, Int32, Long, ObjectId } from 'bson';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalKey, sameValue, typeName } from '../../src/bson/order.js';
import { enginesFor, fresh } from '../support/helpers.js';

const engines = await enginesFor('modified');

// Every write asks whether it changed the stored document (modifiedCount, and whether the indexes
// need the new version). `sameValue` answers without building the two documents' canonical keys;
// it must agree with them, and with the BSON types, on every pair: MongoDB's updates are no-ops
// only when the bytes are equal (the int 1 and the double 1 differ).

const types = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(types).join(',')}]`
    : v !== null && typeof v === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(v))
      ? `{${Object.entries(v)
          .filter(([, x]) => x !== undefined)
          .map(([k, x]) => `${k}:${types(x)}`)
          .join(',')}}`
      : typeName(v);

const leaf = fc.oneof(
  fc.constantFrom(0, -0, 1, 1.5, Number.NaN, 2 ** 40),
  fc.constantFrom(new Int32(1), new Double(1), Long.fromNumber(1), Decimal128.fromString('1.0')),
  fc.constantFrom('a', 'b', '', 'é'),
  fc.constantFrom(true, false, null, undefined),
  fc.constantFrom(new Date(0), new Date(1), new ObjectId('64b7f0000000000000000001')),
);
const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    leaf,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('x', 'y', 'z'), tie('value'), { maxKeys: 3 }),
  ),
}));

describe('sameValue', () => {
  it('agrees with canonicalKey equality and the BSON types on every pair of values', () => {
    fc.assert(
      fc.property(value, value, (a, b) => {
        expect(sameValue(a, b)).toBe(canonicalKey(a) === canonicalKey(b) && types(a) === types(b));
        expect(sameValue(a, a)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('tells documents apart by field order and by a member deep inside, and ignores undefined members', () => {
    expect(sameValue({ x: 1, y: 2 }, { y: 2, x: 1 })).toBe(false);
    expect(sameValue({ a: [{ b: { c: 1 } }] }, { a: [{ b: { c: 2 } }] })).toBe(false);
    expect(sameValue({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameValue([1, 2], [1, 2, 3])).toBe(false);
  });
});

describe.each(engines)('modified counts on $name', ({ db }) => {
  it('counts an update as a modification when a nested member or the order of fields changed', async () => {
    const collection = await fresh(db, [{ _id: 1, user: { name: 'Ana', tags: ['a', 'b'] }, n: 1 }]);
    const modified = async (update: object) => (await collection.updateOne({ _id: 1 }, update)).modifiedCount;
    expect(await modified({ $set: { 'user.name': 'Ana' } })).toBe(0);
    expect(await modified({ $set: { user: { name: 'Ana', tags: ['a', 'b'] } } })).toBe(0);
    expect(await modified({ $set: { 'user.tags': ['a', 'c'] } })).toBe(1);
    expect(await modified({ $set: { user: { tags: ['a', 'c'], name: 'Ana' } } })).toBe(1);
    expect(await collection.findOne({ _id: 1 })).toEqual({
      _id: 1,
      user: { tags: ['a', 'c'], name: 'Ana' },
      n: 1,
    });
    expect(Object.keys((await collection.findOne({ _id: 1 }))?.user ?? {})).toEqual(['tags', 'name']);
  });
});
