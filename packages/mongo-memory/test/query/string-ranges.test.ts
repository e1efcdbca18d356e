/**
 * `$elemMatch` over string ranges — the host's search words (`{_search: {$elemMatch: {$gte, $lt}}}`)
 * — answers in code-point order (MongoDB's order of strings without a collation), whichever way the
 * engine compares them: with JavaScript's comparison for bounds below the surrogates, by code point
 * otherwise.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareStrings } from '../../src/bson/order.js';
import { MemoryMongoClient } from '../../src/index.js';

/** Text of every kind of UTF-16 unit: ASCII, accents, the units around the surrogates, astral pairs. */
const text = fc.string({
  unit: fc.oneof(
    fc.constantFrom('a', 'b', 'z', 'é', '\uD7FF', '\uE000', '\uFFFD', '😀', '𝔸'),
    fc.string({ unit: 'grapheme', maxLength: 1 }),
  ),
  maxLength: 6,
});

const OPERATORS = ['$gt', '$gte', '$lt', '$lte'] as const;

function expected(op: string, value: string, bound: string): boolean {
  const c = compareStrings(value, bound);
  return op === '$gt' ? c > 0 : op === '$gte' ? c >= 0 : op === '$lt' ? c < 0 : c <= 0;
}

describe('$elemMatch over string ranges', () => {
  it('matches the arrays holding a string in the range by code point, for bounds of any text', async () => {
    const client = new MemoryMongoClient();
    const collection = client.db('ranges').collection<{ _id: number; words: string[] }>('docs');
    await fc.assert(
      fc.asyncProperty(
        fc.array(text, { minLength: 1, maxLength: 4 }),
        fc.constantFrom(...OPERATORS),
        text,
        fc.constantFrom(...OPERATORS),
        text,
        async (words, firstOp, firstBound, secondOp, secondBound) => {
          await collection.deleteMany({});
          await collection.insertOne({ _id: 1, words });
          // Two bounds of one operator make one key, the second: as a query object would.
          const range: Record<string, string> = { [firstOp]: firstBound, [secondOp]: secondBound };
          const found = await collection.countDocuments({ words: { $elemMatch: range } });
          const inRange = words.some((word) =>
            Object.entries(range).every(([op, bound]) => expected(op, word, bound)),
          );
          expect(found).toBe(inRange ? 1 : 0);
        },
      ),
    );
  });

  it('orders an astral character above every unit below the surrogates and above U+E000', async () => {
    const client = new MemoryMongoClient();
    const collection = client.db('ranges').collection<{ _id: number; words: string[] }>('docs');
    await collection.insertMany([
      { _id: 1, words: ['a😀'] },
      { _id: 2, words: ['a\uE000'] },
      { _id: 3, words: ['ab'] },
    ]);
    const ids = async (range: Record<string, string>) =>
      (await collection.find({ words: { $elemMatch: range } }).toArray()).map((doc) => doc._id);
    // Code-point order: 'ab' < 'a\uE000' < 'a😀' (UTF-16 units would put the emoji's surrogate first).
    expect(await ids({ $gt: 'a\uE000', $lte: 'a\uFFFF' })).toEqual([]);
    expect(await ids({ $gt: 'a\uE000' })).toEqual([1]);
    expect(await ids({ $gte: 'a', $lt: 'a\uE000' })).toEqual([3]);
    expect(await ids({ $gt: 'ab', $lt: 'ac' })).toEqual([]);
    expect(await ids({ $gte: 'ab', $lt: 'b' })).toEqual([1, 2, 3]);
  });
  it('orders U+E000 below a bound with an astral character, as its code point is', async () => {
    const client = new MemoryMongoClient();
    const collection = client.db('ranges').collection<{ _id: number; words: string[] }>('docs');
    await collection.insertMany([
      { _id: 1, words: ['\uE000'] },
      { _id: 2, words: ['\uD7FF'] },
    ]);
    const ids = async (range: Record<string, string>) =>
      (await collection.find({ words: { $elemMatch: range } }).toArray()).map((doc) => doc._id);
    // U+E000 < U+1F600 by code point; its UTF-16 unit E000 is above the emoji's first unit D83D.
    expect(await ids({ $lt: '😀' })).toEqual([1, 2]);
    expect(await ids({ $gt: '\uD7FF', $lt: '😀' })).toEqual([1]);
    expect(await ids({ $gte: '😀' })).toEqual([]);
  });
});
