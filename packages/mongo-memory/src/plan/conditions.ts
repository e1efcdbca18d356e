/**
 * What a filter says about single fields, as intervals of values an index can be read over. Only
 * the conditions every match must meet count: the fields of the filter and of its top-level `$and`
 * (nested too); `$or`, `$nor`, `$not` and `$expr` bound nothing. Each interval holds every value a
 * matching document can have at that path — a superset: the filter still judges each document —
 * so only conditions whose matches are plain to see are used: equality and `$in` of scalars
 * (never null, an array, a document or NaN), `$gt`/`$gte`/`$lt`/`$lte` of a scalar (to the end of
 * its BSON type, as MongoDB brackets types), `$elemMatch` of such comparisons, and a regex anchored
 * at the start with a literal prefix and no flags.
 */
import { ObjectId } from 'bson';
import type { Document } from '../bson/document.js';
import { isDocument, RANK, typeRank } from '../bson/order.js';
import { compareKeyValues, TypeEdge } from '../indexes/index-order.js';
import { isOperatorObject } from '../query/predicates.js';

/** Values from `lo` to `hi` (each included or not); a `TypeEdge` bound is never a value. */
export interface Interval {
  readonly lo: unknown;
  readonly loIncluded: boolean;
  readonly hi: unknown;
  readonly hiIncluded: boolean;
}

/** The intervals a field's values lie in, ascending and apart; `points` when each is one value. */
export interface FieldBounds {
  readonly intervals: readonly Interval[];
  readonly points: boolean;
}

/** Every condition on each path that all matches meet: the filter's fields and its `$and`s. */
export function conjuncts(filter: unknown): Map<string, unknown[]> {
  const out = new Map<string, unknown[]>();
  const visit = (part: Document): void => {
    for (const [key, value] of Object.entries(part)) {
      if (key === '$and' && Array.isArray(value)) {
        for (const clause of value) if (isDocument(clause)) visit(clause);
      } else if (!key.startsWith('$')) {
        const list = out.get(key);
        if (list) list.push(value);
        else out.set(key, [value]);
      }
    }
  };
  if (isDocument(filter)) visit(filter);
  return out;
}

/** A value equality can be bounded by: one scalar that equals only values of its own type. */
function isPointable(value: unknown): boolean {
  if (typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return !Number.isNaN(value);
  if (value instanceof Date) return !Number.isNaN(value.getTime());
  return value instanceof ObjectId;
}

const point = (value: unknown): Interval => ({ lo: value, loIncluded: true, hi: value, hiIncluded: true });
const before = (rank: number): TypeEdge => new TypeEdge('before', rank);
const after = (rank: number): TypeEdge => new TypeEdge('after', rank);

/**
 * The tightest bounds among `conditions` (all on one path): one value before several, values
 * before a range. `multikey` (some document holds several values there) keeps a range from
 * joining a lower and an upper bound outside `$elemMatch`: two elements may meet one each.
 */
export function fieldBounds(
  conditions: readonly unknown[] | undefined,
  multikey: boolean,
): FieldBounds | undefined {
  let best: FieldBounds | undefined;
  for (const condition of conditions ?? []) {
    const bounds = boundsOf(condition, multikey);
    if (bounds === undefined) continue;
    if (best === undefined || score(bounds) < score(best)) best = bounds;
  }
  return best;
}

const score = (bounds: FieldBounds): number => (bounds.points ? bounds.intervals.length : 1e9);

function boundsOf(condition: unknown, multikey: boolean): FieldBounds | undefined {
  if (condition instanceof RegExp) return prefixBounds(condition.source, condition.flags);
  if (!isOperatorObject(condition)) return isPointable(condition) ? points([condition]) : undefined;
  if (Object.hasOwn(condition, '$eq') && isPointable(condition.$eq)) return points([condition.$eq]);
  const list = condition.$in;
  if (Array.isArray(list) && list.length > 0 && list.every(isPointable)) return points(list);
  const elements = condition.$elemMatch;
  if (isOperatorObject(elements)) {
    if (Object.hasOwn(elements, '$eq') && isPointable(elements.$eq)) return points([elements.$eq]);
    const range = rangeOf(elements, true);
    if (range) return range;
  }
  const range = rangeOf(condition, !multikey);
  if (range) return range;
  if (typeof condition.$regex === 'string' && (condition.$options ?? '') === '') {
    return prefixBounds(condition.$regex, '');
  }
  return undefined;
}

function points(values: readonly unknown[]): FieldBounds {
  const sorted = [...values].sort(compareKeyValues);
  const distinct = sorted.filter((v, i) => i === 0 || compareKeyValues(sorted[i - 1], v) !== 0);
  return { intervals: distinct.map(point), points: true };
}

/** A scalar a range can start or end at (`$gt: null`, MinKey, arrays … are left to the filter). */
function isRangeBound(value: unknown): boolean {
  return isPointable(value) && typeof value !== 'boolean';
}

/** `$gt`/`$gte` and `$lt`/`$lte` of one operator object; both only when `join` and of one type. */
function rangeOf(spec: Document, join: boolean): FieldBounds | undefined {
  const lowOp = isRangeBound(spec.$gte) ? '$gte' : isRangeBound(spec.$gt) ? '$gt' : undefined;
  const highOp = isRangeBound(spec.$lte) ? '$lte' : isRangeBound(spec.$lt) ? '$lt' : undefined;
  const low = lowOp === undefined ? undefined : spec[lowOp];
  const high = highOp === undefined ? undefined : spec[highOp];
  if (lowOp !== undefined && highOp !== undefined && join && typeRank(low) === typeRank(high)) {
    const interval = { lo: low, loIncluded: lowOp === '$gte', hi: high, hiIncluded: highOp === '$lte' };
    return { intervals: [interval], points: false };
  }
  if (lowOp !== undefined) {
    const interval = { lo: low, loIncluded: lowOp === '$gte', hi: after(typeRank(low)), hiIncluded: false };
    return { intervals: [interval], points: false };
  }
  if (highOp !== undefined) {
    const interval = {
      lo: before(typeRank(high)),
      loIncluded: false,
      hi: high,
      hiIncluded: highOp === '$lte',
    };
    return { intervals: [interval], points: false };
  }
  return undefined;
}

const META = new Set([...'\\.^$|?*+()[]{}']);

/**
 * A regex `^literal…` without flags as the strings from `literal` up to the next string past
 * every string that begins with it. A pattern with `|` anywhere, flags, or no literal start bounds
 * nothing; a literal character followed by `?`, `*` or `{` is left out (it may be absent).
 */
function prefixBounds(source: string, flags: string): FieldBounds | undefined {
  if (flags !== '' || !source.startsWith('^') || source.includes('|')) return undefined;
  let end = 1;
  while (end < source.length && !META.has(source[end]!)) end++;
  const next = source[end];
  if (next === '?' || next === '*' || next === '{') end--;
  const prefix = source.slice(1, end);
  if (prefix === '') return undefined;
  const last = prefix.charCodeAt(prefix.length - 1);
  // One code unit up is past every string with the prefix, unless the unit is a surrogate or the last.
  const bounded = last < 0xd800 || (last >= 0xe000 && last < 0xffff);
  const hi = bounded ? prefix.slice(0, -1) + String.fromCharCode(last + 1) : after(RANK.string);
  return { intervals: [{ lo: prefix, loIncluded: true, hi, hiIncluded: false }], points: false };
}
