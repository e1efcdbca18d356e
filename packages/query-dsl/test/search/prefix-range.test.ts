import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prefixRange, successorOf } from '../../src/search/prefix-range.js';

/** MongoDB's string order without a collation: UTF-8 bytes, which is code-point order. */
function compareCodePoints(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

const wellFormed = fc.string({ unit: 'grapheme', maxLength: 6 });

describe('search prefix ranges', () => {
  it.each<[string, string | undefined]>([
    ['ana', 'anb'],
    ['a|b', 'a|c'],
    ['jose.perez@', 'jose.perezA'],
    ['\u{d7ff}', '\u{e000}'],
    ['a\u{10ffff}', 'b'],
    ['😀', '😁'],
    ['\u{10ffff}\u{10ffff}', undefined],
  ])('the successor of %j is %j', (prefix, successor) => {
    expect(successorOf(prefix)).toBe(successor);
  });

  it('a prefix made only of U+10FFFF has no upper bound', () => {
    expect(prefixRange('\u{10ffff}')).toEqual({ $gte: '\u{10ffff}' });
  });

  it('a string is in the range exactly when it begins with the prefix, in MongoDB’s string order', () => {
    fc.assert(
      fc.property(
        wellFormed.filter((p) => p.length > 0),
        wellFormed,
        wellFormed,
        (prefix, middle, tail) => {
          for (const candidate of [prefix + tail, middle + tail, middle]) {
            const { $gte, $lt } = prefixRange(prefix);
            const inRange =
              compareCodePoints(candidate, $gte) >= 0 &&
              ($lt === undefined || compareCodePoints(candidate, $lt) < 0);
            expect(inRange).toBe(candidate.startsWith(prefix));
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});
