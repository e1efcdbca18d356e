/**
 * Regular expressions in filters: a `$regex` (string, regex or BSON regex) with `$options`, checked
 * as MongoDB checks it, and its test of one value. A regex that is only an anchored literal is a
 * `startsWith`, the same answer without the regex engine.
 */
import { bsonType } from '../bson/order.js';
import type { Resolved } from '../bson/paths.js';
import { badValue, MemoryEngineUnsupportedError, serverError } from '../errors/engine-errors.js';
import { isRegex } from './predicates.js';

/** `kMaxPatternSize` of MongoDB's regex match expression. */
const MAX_PATTERN_BYTES = 32764;

/**
 * A `$regex` (string, regex or BSON regex) with `$options`. A regex with flags and `$options` is
 * refused as MongoDB's parser does: 51075 when `$regex` comes first, 51074 when `$options` does.
 */
export function toRegExp(value: unknown, options?: unknown, optionsFirst = false): RegExp {
  let source: string;
  let flags: string;
  if (value instanceof RegExp) {
    source = value.source;
    flags = value.flags;
  } else if (bsonType(value) === 'BSONRegExp') {
    const r = value as { pattern: string; options: string };
    source = r.pattern;
    flags = r.options;
  } else if (typeof value === 'string') {
    source = value;
    flags = '';
  } else {
    throw badValue('$regex has to be a string');
  }
  if (options !== undefined) {
    if (typeof options !== 'string') throw badValue('$options has to be a string');
    if (flags && isRegex(value)) {
      if (!optionsFirst) throw serverError(51075, 'options set in both $regex and $options');
      if (options) throw serverError(51074, 'options set in both $regex and $options');
    } else flags = options;
  }
  // MongoDB's RegexMatchExpression (src/mongo/db/matcher/expression_leaf.cpp) checks these first.
  if (Buffer.byteLength(source, 'utf8') > MAX_PATTERN_BYTES) throw badValue('Regular expression is too long');
  if (source.includes('\0')) throw badValue('Regular expression cannot contain an embedded null byte');
  if (flags.includes('\0'))
    throw badValue('Regular expression options string cannot contain an embedded null byte');
  for (const f of flags) {
    if (f === 'x') throw new MemoryEngineUnsupportedError('The regex option x (extended)');
    if (!'imsu'.includes(f)) throw serverError(51108, `invalid flag in regex options: ${f}`);
  }
  try {
    return new RegExp(source, [...new Set(flags)].join(''));
  } catch (error) {
    throw serverError(51091, `Regular expression is invalid: ${(error as Error).message}`);
  }
}

/**
 * The literal a regex without flags is anchored on, when it is nothing more (`^abc`, `^a\.b`: the
 * search prefixes): then matching a string is `startsWith`, the same answer without the regex.
 */
function literalPrefix(re: RegExp): string | undefined {
  if (re.flags !== '' || !re.source.startsWith('^')) return undefined;
  const source = re.source;
  let literal = '';
  for (let i = 1; i < source.length; i++) {
    const char = source[i]!;
    if (char === '\\') {
      // An escaped ASCII punctuation character stands for itself; other escapes are classes etc.
      const next = source[i + 1];
      if (next === undefined || !/^[!-/:-@[-`{-~]$/.test(next)) return undefined;
      literal += next;
      i++;
    } else if ('^$.*+?()[]{}|'.includes(char)) return undefined;
    else literal += char;
  }
  return literal;
}

/** A compiled regex's test of one value (see `regexMatches`). */
export function regexTest(re: RegExp): (v: Resolved) => boolean {
  const prefix = literalPrefix(re);
  if (prefix === undefined) return (v) => regexMatches(re, v);
  return (v) => (typeof v === 'string' ? v.startsWith(prefix) : regexMatches(re, v));
}

function regexMatches(re: RegExp, value: Resolved): boolean {
  if (typeof value === 'string') return re.test(value);
  if (bsonType(value) === 'BSONSymbol') return re.test(String(value));
  // A stored regex matches a regex operand that is the same regex.
  if (value instanceof RegExp) return value.source === re.source && value.flags === re.flags;
  return false;
}
