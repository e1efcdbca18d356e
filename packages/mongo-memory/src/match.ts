/**
 * Query filters with MongoDB's semantics, written here rather than taken from mingo (which differs on
 * null through arrays, `$type` names, Decimal128/Long comparison, field order in object equality,
 * and accepts malformed operators). `$expr` is evaluated with the expression engine.
 */
import {
  bsonType,
  canonicalKey,
  compareStrings,
  compareValues,
  isDocument,
  objectIdsEqual,
  RANK,
  toNumber,
  typeName,
  typeRank,
} from './bson-order.js';
import { badValue, type Document, MemoryEngineUnsupportedError, serverError } from './errors.js';
import { evaluate, truthy, validateExpression } from './expression.js';
import { MISSING, partsValues, type Resolved, splitPath } from './paths.js';

export type Predicate = (doc: Document) => boolean;
type ValueTest = (candidates: Resolved[]) => boolean;

export interface MatchContext {
  /** `$$name` variables visible to `$expr` (from `$lookup` `let`). */
  variables?: Document;
}

export function compileFilter(filter: unknown, ctx: MatchContext = {}): Predicate {
  if (filter === undefined || filter === null) return () => true;
  if (!isDocument(filter)) throw badValue('query filter must be an object');
  const tests: Predicate[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (key.startsWith('$')) tests.push(compileTopLevel(key, value, ctx));
    else {
      const test = compileValue(value, ctx, false);
      const parts = splitPath(key);
      tests.push((doc) => test(partsValues(doc, parts)));
    }
  }
  return every(tests);
}

/** A predicate true when all of `tests` are (in order, stopping at the first false). */
function every(tests: Predicate[]): Predicate {
  if (tests.length === 0) return () => true;
  if (tests.length === 1) return tests[0]!;
  return (doc) => {
    for (const test of tests) if (!test(doc)) return false;
    return true;
  };
}

function compileTopLevel(op: string, value: unknown, ctx: MatchContext): Predicate {
  switch (op) {
    case '$and':
    case '$or':
    case '$nor': {
      if (!Array.isArray(value) || value.length === 0)
        throw badValue('$and/$or/$nor must be a nonempty array');
      const parts = value.map((v) => {
        if (!isDocument(v)) throw badValue(`${op} argument's entries must be objects`);
        return compileFilter(v, ctx);
      });
      if (op === '$and') return every(parts);
      if (op === '$or') return (doc) => parts.some((p) => p(doc));
      return (doc) => !parts.some((p) => p(doc));
    }
    case '$expr': {
      validateExpression(value);
      return (doc) => truthy(evaluate(doc, value, ctx.variables));
    }
    case '$comment':
      return () => true;
    case '$text':
    case '$where':
    case '$jsonSchema':
    case '$sampleRate':
      throw new MemoryEngineUnsupportedError(`The query operator ${op}`);
    default:
      throw badValue(`unknown top level operator: ${op}`);
  }
}

const isOperatorObject = (value: unknown): value is Document =>
  isDocument(value) && Object.keys(value)[0]?.startsWith('$') === true;

/**
 * A filter value: an operator object, a regex or a value to compare for equality. With `single`
 * (inside an `$elemMatch` on values) each candidate is tested as one value: an array candidate is
 * not searched element by element, as MongoDB's `matchesSingleElement` does not.
 */
function compileValue(value: unknown, ctx: MatchContext, single: boolean): ValueTest {
  if (isOperatorObject(value)) return compileOperators(value, ctx, single);
  if (isRegex(value)) {
    const re = toRegExp(value);
    return anyElement(regexTest(re), single);
  }
  return equalityTest(value, single);
}

const isRegex = (value: unknown): boolean => value instanceof RegExp || bsonType(value) === 'BSONRegExp';

/** True if some candidate, or (unless `single`) some element of a candidate array, passes. */
function anyElement(test: (v: Resolved) => boolean, single = false): ValueTest {
  if (single) return (candidates) => candidates.some(test);
  return (candidates) => {
    for (const c of candidates) if (test(c) || (Array.isArray(c) && c.some(test))) return true;
    return false;
  };
}

function equalityTest(target: unknown, single: boolean): ValueTest {
  if (target === null || target === undefined) {
    // null matches null and missing fields, and arrays holding null.
    return anyElement((v) => v === MISSING || v === null || v === undefined, single);
  }
  return anyElement(equalTo(target), single);
}

/**
 * Equality with a (non-null) filter value: same type class and same canonical key. Strings,
 * numbers, booleans and ObjectIds compared with their own kind skip building keys; the answer is
 * the same.
 */
function equalTo(target: unknown): (v: Resolved) => boolean {
  const key = canonicalKey(target);
  const rank = typeRank(target);
  const general = (v: Resolved): boolean => v !== MISSING && typeRank(v) === rank && canonicalKey(v) === key;
  if (typeof target === 'string') return (v) => (typeof v === 'string' ? v === target : general(v));
  if (typeof target === 'number') {
    // Keys of JS numbers are equal when the numbers are, with -0 = 0 and NaN = NaN.
    const nan = Number.isNaN(target);
    return (v) => (typeof v === 'number' ? v === target || (nan && Number.isNaN(v)) : general(v));
  }
  if (typeof target === 'boolean') return (v) => (typeof v === 'boolean' ? v === target : general(v));
  if (bsonType(target) === 'ObjectId') {
    return (v) => (bsonType(v) === 'ObjectId' ? objectIdsEqual(v, target) : general(v));
  }
  return general;
}

function compileOperators(spec: Document, ctx: MatchContext, single: boolean): ValueTest {
  const tests: ValueTest[] = [];
  const keys = Object.keys(spec);
  for (const op of keys) {
    const arg = spec[op];
    if (!op.startsWith('$')) throw badValue(`unknown operator: ${op}`);
    if (op === '$options') {
      if (!keys.includes('$regex')) throw badValue('$options needs a $regex');
      continue;
    }
    tests.push(compileOperator(op, arg, spec, ctx, single));
  }
  if (tests.length === 1) return tests[0]!;
  return (candidates) => tests.every((t) => t(candidates));
}

/**
 * `{$gte: 'ana', $lt: 'anb'}` and other comparisons with string bounds only, as a test of one string
 * (code-point order, as MongoDB compares strings without a collation); otherwise undefined.
 */
function stringRangeTest(spec: Document): ((value: string) => boolean) | undefined {
  const checks: Array<(value: string) => boolean> = [];
  for (const [op, bound] of Object.entries(spec)) {
    if (typeof bound !== 'string') return undefined;
    if (op === '$gt') checks.push((value) => compareStrings(value, bound) > 0);
    else if (op === '$gte') checks.push((value) => compareStrings(value, bound) >= 0);
    else if (op === '$lt') checks.push((value) => compareStrings(value, bound) < 0);
    else if (op === '$lte') checks.push((value) => compareStrings(value, bound) <= 0);
    else return undefined;
  }
  return (value) => checks.every((check) => check(value));
}

function compileOperator(
  op: string,
  arg: unknown,
  spec: Document,
  ctx: MatchContext,
  single: boolean,
): ValueTest {
  switch (op) {
    case '$eq':
      return equalityTest(arg, single);
    case '$ne': {
      const eq = equalityTest(arg, single);
      return (c) => !eq(c);
    }
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte':
      return comparisonTest(op, arg, single);
    case '$in':
    case '$nin': {
      if (!Array.isArray(arg)) throw badValue(`${op} needs an array`);
      const tests = arg.map((v) => {
        if (isOperatorObject(v)) throw badValue('cannot nest $ under $in');
        return isRegex(v) ? compileValue(v, ctx, single) : equalityTest(v, single);
      });
      const inTest: ValueTest = (c) => tests.some((t) => t(c));
      return op === '$in' ? inTest : (c) => !inTest(c);
    }
    case '$exists': {
      const want = truthy(arg);
      return (candidates) => candidates.some((c) => c !== MISSING) === want;
    }
    case '$type':
      return typeTest(arg, single);
    case '$regex': {
      const keys = Object.keys(spec);
      const re = toRegExp(arg, spec.$options, keys.indexOf('$options') < keys.indexOf('$regex'));
      return anyElement(regexTest(re), single);
    }
    case '$not': {
      if (isRegex(arg)) {
        const re = toRegExp(arg);
        const t = anyElement(regexTest(re), single);
        return (c) => !t(c);
      }
      if (!isDocument(arg)) throw badValue('$not needs a regex or a document');
      if (Object.keys(arg).length === 0) throw badValue('$not cannot be empty');
      const t = compileOperators(arg, ctx, single);
      return (c) => !t(c);
    }
    case '$size': {
      if (typeof arg !== 'number' && !['Int32', 'Long', 'Double'].includes(bsonType(arg) ?? '')) {
        throw badValue('$size needs a number');
      }
      const n = toNumber(arg);
      if (!Number.isInteger(n)) throw badValue(`$size must be a whole number`);
      if (n < 0) throw badValue('$size may not be negative');
      return (candidates) => candidates.some((c) => Array.isArray(c) && c.length === n);
    }
    case '$all': {
      if (!Array.isArray(arg)) throw badValue('$all needs an array');
      if (arg.length === 0) return () => false;
      const tests = arg.map((v) => {
        if (isDocument(v) && Object.keys(v)[0] === '$elemMatch') return compileOperators(v, ctx, single);
        if (isOperatorObject(v)) throw badValue('no $ expressions in $all');
        return compileValue(v, ctx, single);
      });
      return (c) => tests.every((t) => t(c));
    }
    case '$elemMatch': {
      if (!isDocument(arg)) throw badValue('$elemMatch needs an Object');
      const keys = Object.keys(arg);
      const valueForm =
        keys.length > 0 &&
        keys.every((k) => k.startsWith('$') && !['$and', '$or', '$nor', '$expr'].includes(k));
      if (valueForm) {
        // Each element is tested as one value (an element that is an array is not searched).
        const t = compileOperators(arg, ctx, true);
        const range = stringRangeTest(arg);
        if (range) {
          // The search ranges: a string element needs only the comparisons themselves.
          return (candidates) =>
            candidates.some(
              (c) => Array.isArray(c) && c.some((e) => (typeof e === 'string' ? range(e) : t([e]))),
            );
        }
        return (candidates) => candidates.some((c) => Array.isArray(c) && c.some((e) => t([e])));
      }
      const p = compileFilter(arg, ctx);
      // MongoDB tries the query on every element that is a document or an array; an array is
      // read as the document of its positions ("0", "1", …), so `{b: null}` matches `[]`.
      const asDocument = (e: unknown[]): Document => Object.fromEntries(e.map((v, i) => [String(i), v]));
      return (candidates) =>
        candidates.some(
          (c) =>
            Array.isArray(c) && c.some((e) => (isDocument(e) ? p(e) : Array.isArray(e) && p(asDocument(e)))),
        );
    }
    case '$mod': {
      if (!Array.isArray(arg) || arg.length !== 2) {
        throw badValue(
          `malformed mod, ${Array.isArray(arg) && arg.length < 2 ? 'not enough elements' : 'needs to be an array'}`,
        );
      }
      const [d, r] = arg.map(toNumber);
      if (Number.isNaN(d) || Number.isNaN(r))
        throw badValue('malformed mod, divisor and remainder must be numbers');
      const divisor = Math.trunc(d!);
      if (divisor === 0) throw badValue('divisor cannot be 0');
      const remainder = Math.trunc(r!);
      return anyElement(
        (v) =>
          v !== MISSING &&
          typeRank(v) === RANK.number &&
          v !== null &&
          Math.trunc(toNumber(v)) % divisor === remainder,
        single,
      );
    }
    case '$comment':
      return () => true;
    case '$geoWithin':
    case '$geoIntersects':
    case '$near':
    case '$nearSphere':
    case '$bitsAllSet':
    case '$bitsAnySet':
    case '$bitsAllClear':
    case '$bitsAnyClear':
      throw new MemoryEngineUnsupportedError(`The query operator ${op}`);
    default:
      throw badValue(`unknown operator: ${op}`);
  }
}

/** `$gt/$gte/$lt/$lte` with type bracketing: only values of the operand's type class compare. */
function comparisonTest(op: string, target: unknown, single: boolean): ValueTest {
  if (target instanceof RegExp) throw badValue(`Can't have RegEx as arg to predicate over field.`);
  const rank = typeRank(target);
  const accepts = (c: number): boolean =>
    op === '$gt' ? c > 0 : op === '$gte' ? c >= 0 : op === '$lt' ? c < 0 : c <= 0;
  if (target === null || target === undefined) {
    // $gte/$lte null match null and missing; $gt/$lt null match nothing.
    if (op === '$gt' || op === '$lt') return () => false;
    return anyElement((v) => v === MISSING || v === null || v === undefined, single);
  }
  if (rank === RANK.minKey || rank === RANK.maxKey) {
    return anyElement((v) => v !== MISSING && accepts(compareValues(v, target)), single);
  }
  return anyElement(
    (v) => v !== MISSING && typeRank(v) === rank && accepts(compareValues(v, target)),
    single,
  );
}

const TYPE_CODES: Record<number, string> = {
  1: 'double',
  2: 'string',
  3: 'object',
  4: 'array',
  5: 'binData',
  6: 'undefined',
  7: 'objectId',
  8: 'bool',
  9: 'date',
  10: 'null',
  11: 'regex',
  12: 'dbPointer',
  13: 'javascript',
  14: 'symbol',
  15: 'javascriptWithScope',
  16: 'int',
  17: 'timestamp',
  18: 'long',
  19: 'decimal',
  [-1]: 'minKey',
  127: 'maxKey',
};
const TYPE_NAMES = new Set([...Object.values(TYPE_CODES), 'number']);

function typeTest(arg: unknown, single: boolean): ValueTest {
  const list = Array.isArray(arg) ? arg : [arg];
  if (list.length === 0) throw badValue('$type must match at least one type');
  const names = list.map((t) => {
    if (typeof t === 'string') {
      if (!TYPE_NAMES.has(t)) throw badValue(`Unknown type name alias: ${t}`);
      return t;
    }
    const name = TYPE_CODES[toNumber(t)];
    if (name === undefined) throw badValue(`Invalid numerical type code: ${String(t)}`);
    return name;
  });
  const matches = (v: Resolved): boolean => {
    if (v === MISSING) return false;
    const name = typeName(v);
    return names.some(
      (n) => n === name || (n === 'number' && ['int', 'long', 'double', 'decimal'].includes(name)),
    );
  };
  if (single) return (candidates) => candidates.some(matches);
  return (candidates) =>
    candidates.some((c) => matches(c) || (Array.isArray(c) && c.some((e) => matches(e))));
}

/** `kMaxPatternSize` of MongoDB's regex match expression. */
const MAX_PATTERN_BYTES = 32764;

/**
 * A `$regex` (string, regex or BSON regex) with `$options`. A regex with flags and `$options` is
 * refused as MongoDB's parser does: 51075 when `$regex` comes first, 51074 when `$options` does.
 */
function toRegExp(value: unknown, options?: unknown, optionsFirst = false): RegExp {
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
function regexTest(re: RegExp): (v: Resolved) => boolean {
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
