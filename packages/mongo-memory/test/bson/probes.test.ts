/**
 * Probes: cases where the engine once answered differently from MongoDB, each with MongoDB's answer
 * and the MongoDB page, server source file or jstest it follows. They run on every engine at hand,
 * so with MONGODB_URI set they check the expectations themselves against a server.
 */
import { Decimal128, Double, Int32, Long } from 'bson';
import { describe, expect, it } from 'vitest';
import { enginesFor, fresh, ids } from '../support/helpers.js';

const engines = await enginesFor('probes');
const decimal = (text: string) => Decimal128.fromString(text);

describe.each(engines)('numbers compare by exact value across types, on $name', ({ db }) => {
  // jstests/decimal/decimal_find_mixed.js
  it('finds by value across int, long, double and decimal, and NaN and Infinity of either kind', async () => {
    const c = await fresh(
      db,
      [
        -1,
        decimal('-1'),
        Long.fromString('-1'),
        new Int32(-1),
        -0.3,
        decimal('-0.3'),
        -0.1,
        decimal('-0.1'),
        decimal('0'),
        0,
        decimal('-0'),
        decimal('0.00'),
        decimal('0.1'),
        0.1,
        decimal('0.3'),
        0.3,
        decimal('0.5'),
        0.5,
        decimal('1.0'),
        Long.fromString('1'),
        decimal('1.00'),
        decimal('2.00'),
        decimal('12345678901234567890.12345678901234'),
        decimal('NaN'),
        decimal('-NaN'),
        Number.NaN,
        decimal('Infinity'),
        Number.POSITIVE_INFINITY,
      ].map((a, _id) => ({ _id, a })),
    );
    for (const minusOne of [-1, Long.fromString('-1'), new Int32(-1), decimal('-1')]) {
      expect(await c.countDocuments({ a: minusOne })).toBe(4);
    }
    expect(await c.countDocuments({ a: Number.NaN })).toBe(3);
    expect(await c.countDocuments({ a: decimal('NaN') })).toBe(3);
    expect(await c.countDocuments({ a: Number.POSITIVE_INFINITY })).toBe(2);
    expect(await c.countDocuments({ a: decimal('Infinity') })).toBe(2);
    expect(await c.countDocuments({ $and: [{ a: { $gte: 0 } }, { a: { $lte: 2 } }] })).toBe(14);
  });

  // jstests/decimal/decimal_find_mixed.js ("Proper mixed ordering of decimals and doubles"): the
  // double 0.3 is 0.29999999999999998889…, below Decimal128("0.3").
  it('orders a decimal and the double nearest to it by their exact values', async () => {
    const c = await fresh(db, [
      { _id: 1, a: decimal('0.3') },
      { _id: 2, a: 0.3 },
    ]);
    expect(ids(await c.find({ a: { $lt: decimal('0.3') } }).toArray())).toEqual([2]);
    expect(ids(await c.find({ a: { $gt: 0.3 } }).toArray())).toEqual([1]);
    expect(ids(await c.find({}).sort({ a: 1 }).toArray())).toEqual([2, 1]);
    expect(ids(await c.find({}).sort({ a: -1 }).toArray())).toEqual([1, 2]);
  });

  // The example of the mongosh data types page (Decimal128, "Equality and sort order"): {val: 9.99}
  // finds the double only, {val: NumberDecimal("9.99")} the decimal only.
  it('does not take Decimal128("9.99") for the double 9.99, either way round', async () => {
    const c = await fresh(db, [
      { _id: 1, val: decimal('9.99') },
      { _id: 2, val: 9.99 },
      { _id: 3, val: decimal('10.5') },
      { _id: 4, val: decimal('9.5') },
    ]);
    expect(ids(await c.find({ val: 9.99 }).toArray())).toEqual([2]);
    expect(ids(await c.find({ val: decimal('9.99') }).toArray())).toEqual([1]);
    expect(ids(await c.find({ val: { $in: [9.99] } }).toArray())).toEqual([2]);
    expect(ids(await c.find({}).sort({ val: 1 }).toArray())).toEqual([4, 1, 2, 3]);
  });

  // jstests/decimal/decimal_find_mixed.js (E1–E3), and src/mongo/base/compare_numbers.h
  // (compareLongToDouble compares exactly): a long beyond 2^53 is not the double next to it.
  it('compares a Long beyond 2^53 with a double exactly, in filters and in sort', async () => {
    const c = await fresh(db, [
      { _id: 1, n: Long.fromString('9007199254740993') },
      { _id: 2, n: 2 ** 53 },
      { _id: 3, n: decimal('36028797018963967') },
    ]);
    expect(ids(await c.find({ n: { $gt: 2 ** 53, $lt: 2 ** 54 } }).toArray())).toEqual([1]);
    expect(ids(await c.find({ n: 2 ** 53 }).toArray())).toEqual([2]);
    expect(ids(await c.find({}).sort({ n: 1 }).toArray())).toEqual([2, 1, 3]);
    expect(ids(await c.find({}).sort({ n: -1 }).toArray())).toEqual([3, 1, 2]);
    expect(ids(await c.find({ n: Long.fromString('36028797018963967') }).toArray())).toEqual([3]);
    // 36028797018963967 is not a double: the shell's literal is the nearest one, 2 ** 55.
    expect(ids(await c.find({ n: 2 ** 55 }).toArray())).toEqual([]);
  });

  it('keeps values equal in value as one in unique indexes, $group and distinct', async () => {
    const c = await fresh(db, [
      { _id: 1, a: decimal('0.5') },
      { _id: 2, a: 0.5 },
      { _id: 3, a: decimal('9.99') },
      { _id: 4, a: 9.99 },
    ]);
    const groups = await c
      .aggregate([{ $group: { _id: '$a', n: { $sum: 1 } } }, { $sort: { _id: 1 } }])
      .toArray();
    expect(groups.map((g) => g.n)).toEqual([2, 1, 1]);
    expect(await c.distinct('a')).toHaveLength(3);
  });
});

describe.each(engines)('$type is what the driver stores, on $name', ({ db }) => {
  // The driver's serializer (js-bson serializeInto): a JS number is an int32 when it is an integer
  // in the int32 range, a double otherwise; $type reference page: "double" is 1, "long" 18.
  it('gives a stored 2 ** 40 the type double, not long', async () => {
    const c = await fresh(db, [
      { _id: 1, x: 2 ** 40 },
      { _id: 2, x: 7 },
      { _id: 3, x: Long.fromNumber(2 ** 40) },
      { _id: 4, x: new Double(7) },
    ]);
    expect(ids(await c.find({ x: { $type: 'double' } }).toArray())).toEqual([1, 4]);
    expect(ids(await c.find({ x: { $type: 'long' } }).toArray())).toEqual([3]);
    expect(ids(await c.find({ x: { $type: 'int' } }).toArray())).toEqual([2]);
  });
});

describe.each(engines)('$elemMatch on arrays of arrays, on $name', ({ db }) => {
  // jstests/core/query/null_semantics/null_query_semantics.js and ElemMatchObjectMatchExpression
  // (src/mongo/db/matcher/expression_array.cpp): an element that is an array is matched as the
  // document of its positions, so {b: null} (b missing) matches [].
  it('matches {a: {$elemMatch: {b: null}}} on a: [[]]', async () => {
    const c = await fresh(db, [
      { _id: 1, a: [[]] },
      { _id: 2, a: [] },
      { _id: 3, a: [[{ b: 1 }]] },
      { _id: 4, a: [{ b: 1 }] },
    ]);
    expect(ids(await c.find({ a: { $elemMatch: { b: null } } }).toArray())).toEqual([1, 3]);
    expect(ids(await c.find({ a: { $elemMatch: { b: 1 } } }).toArray())).toEqual([4]);
  });
});

describe.each(engines)('$skip, $limit and counts past 64 bits or at zero, on $name', ({ db }) => {
  // BSONElement::parseIntegerElementToNonNegativeLong (src/mongo/bson/bsonelement.h): "Too large to
  // fit within a 64-bit signed integer" fails; $skip and $limit parse their argument with it.
  it('refuses $limit and $skip of 2 ** 63', async () => {
    const c = await fresh(db, [{ _id: 1 }]);
    await expect(c.aggregate([{ $limit: 2 ** 63 }]).toArray()).rejects.toMatchObject({
      name: 'MongoServerError',
    });
    await expect(c.aggregate([{ $skip: 2 ** 63 }]).toArray()).rejects.toMatchObject({
      name: 'MongoServerError',
    });
    expect(await c.aggregate([{ $limit: 2 ** 62 }, { $skip: 2 ** 62 }]).toArray()).toEqual([]);
  });

  // The driver's countDocuments sends [{$match}, {$skip}, {$limit}, {$group}]; the $limit page:
  // "{ $limit: <positive 64-bit integer> }".
  it('refuses countDocuments with limit 0, as MongoDB refuses the $limit: 0 the driver sends', async () => {
    const c = await fresh(db, [{ _id: 1 }, { _id: 2 }, { _id: 3 }]);
    await expect(c.countDocuments({}, { limit: 0 })).rejects.toMatchObject({ name: 'MongoServerError' });
    await expect(c.countDocuments({}, { skip: -1 })).rejects.toMatchObject({ name: 'MongoServerError' });
    expect(await c.countDocuments({}, { limit: 2 })).toBe(2);
    expect(await c.countDocuments({}, { skip: 1 })).toBe(2);
    expect(await c.countDocuments({}, { skip: 5, limit: 1 })).toBe(0);
  });
});
