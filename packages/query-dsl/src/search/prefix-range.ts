/**
 * The strings that begin with a prefix, as a range: `{ $gte: prefix, $lt: successor }`.
 *
 * Why not an anchored regex (`^prefix`): MongoDB turns a regex into index bounds only when it is
 * a "simple prefix" (`IndexBoundsBuilder::simpleRegex` in the server's
 * src/mongo/db/query/index_bounds_builder.cpp): anchored with `^`, no flags, and — in the server
 * versions that check it with `find('|')` — no `|` anywhere, even escaped; it also stops at `\0`
 * escapes. A search word holding `|` then scans the whole token index. A range on the code-point
 * order is index-bounded whatever the characters: MongoDB compares strings (without a collation)
 * by their UTF-8 bytes, and UTF-8 byte order is code-point order. The tokens field is an array
 * (a multikey index), so the range goes inside `$elemMatch`: for an `ELEM_MATCH_VALUE` the same
 * file's `translate` intersects the children's bounds into the one interval [prefix, successor),
 * where two sibling bounds on a multikey field could not be intersected (nor would they need to
 * hold for the same token).
 *
 * A string starts with `p = q + c` (c its last code point) exactly when `p <= s < q + (c + 1)`.
 * `c + 1` skips the surrogate block (no valid string holds one); when `c` is U+10FFFF the next
 * code point up is carried to the one before it, and a prefix made only of U+10FFFF has no upper
 * bound (every string at or above it begins with it).
 */
export interface PrefixRange {
  readonly $gte: string;
  readonly $lt?: string;
}

const MAX_CODE_POINT = 0x10ffff;

export function prefixRange(prefix: string): PrefixRange {
  const successor = successorOf(prefix);
  return successor === undefined ? { $gte: prefix } : { $gte: prefix, $lt: successor };
}

/** The smallest string greater than every string that begins with `prefix`, if there is one. */
export function successorOf(prefix: string): string | undefined {
  // From the end, a code point at a time, without splitting the whole prefix into code points.
  let end = prefix.length;
  while (end > 0) {
    let start = end - 1;
    const unit = prefix.charCodeAt(start);
    if (unit >= 0xdc00 && unit <= 0xdfff && start > 0) {
      const high = prefix.charCodeAt(start - 1);
      if (high >= 0xd800 && high <= 0xdbff) start--;
    }
    const last = prefix.codePointAt(start)!;
    if (last < MAX_CODE_POINT) {
      const next = last + 1 === 0xd800 ? 0xe000 : last + 1;
      return prefix.slice(0, start) + String.fromCodePoint(next);
    }
    end = start;
  }
  return undefined;
}
