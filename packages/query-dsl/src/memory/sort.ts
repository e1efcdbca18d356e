/**
 * MongoDB's sort: BSON order across types; an array field sorts by its smallest element ascending
 * and its largest descending; an empty array sorts before null and missing; ties keep input order.
 */
import { compareValues, RANK, typeRank } from './bson-order.js';
import { badValue, type Document, MemoryUnsupportedError, serverError } from './errors.js';
import { MISSING, pathValues } from './paths.js';

export type SortSpec = Array<[path: string, direction: 1 | -1]>;

/** An empty array's sort key: below null. */
const EMPTY_ARRAY: unique symbol = Symbol('emptyArray');

const DIRECTIONS: Record<string, 1 | -1> = { asc: 1, ascending: 1, desc: -1, descending: -1 };

/**
 * Normalise a sort: an object (key order matters) or, as the driver accepts for `find`, a string,
 * a `[key, dir]` pair, a list of keys or pairs, or a Map. `stage` applies the `$sort` stage's rules.
 */
export function normalizeSort(sort: unknown, stage = false): SortSpec {
  let entries: Array<[string, unknown]>;
  if (sort instanceof Map) entries = [...sort.entries()];
  else if (typeof sort === 'string' && !stage) entries = [[sort, 1]];
  else if (Array.isArray(sort) && !stage) {
    if (
      sort.length === 2 &&
      typeof sort[0] === 'string' &&
      !Array.isArray(sort[1]) &&
      typeof sort[1] !== 'string'
    ) {
      entries = [[sort[0], sort[1]]];
    } else if (
      sort.length === 2 &&
      typeof sort[0] === 'string' &&
      typeof sort[1] === 'string' &&
      sort[1] in DIRECTIONS
    ) {
      entries = [[sort[0], sort[1]]];
    } else {
      entries = sort.map((s) => (Array.isArray(s) ? [String(s[0]), s[1]] : [String(s), 1]));
    }
  } else if (sort !== null && typeof sort === 'object') entries = Object.entries(sort);
  else throw badValue(`Invalid sort format: ${JSON.stringify(sort)}`);
  if (stage && entries.length === 0) throw serverError(15976, '$sort stage must have at least one sort key');
  return entries.map(([path, dir]) => {
    if (dir !== null && typeof dir === 'object' && '$meta' in dir) {
      throw new MemoryUnsupportedError('The $meta sort');
    }
    const d = typeof dir === 'string' && !stage ? DIRECTIONS[dir.toLowerCase()] : Number(dir);
    if (d !== 1 && d !== -1) {
      throw serverError(15975, '$sort key ordering must be 1 (for ascending) or -1 (for descending)');
    }
    if (path === '' || path.startsWith('$'))
      throw serverError(40352, 'FieldPath cannot be constructed with empty string');
    return [path, d];
  });
}

function sortKey(doc: Document, path: string, direction: 1 | -1): unknown {
  const values: unknown[] = [];
  let sawEmptyArray = false;
  for (const v of pathValues(doc, path)) {
    if (Array.isArray(v)) {
      if (v.length === 0) sawEmptyArray = true;
      values.push(...v);
    } else values.push(v === MISSING ? null : v);
  }
  if (values.length === 0) return sawEmptyArray ? EMPTY_ARRAY : null;
  let best = values[0];
  for (const v of values) {
    const c = compareValues(v, best);
    if (direction === 1 ? c < 0 : c > 0) best = v;
  }
  return best;
}

function compareKeys(a: unknown, b: unknown): number {
  if (a === EMPTY_ARRAY || b === EMPTY_ARRAY) {
    if (a === b) return 0;
    return a === EMPTY_ARRAY ? (typeRank(b) <= RANK.minKey ? 1 : -1) : typeRank(a) <= RANK.minKey ? -1 : 1;
  }
  return compareValues(a, b);
}

/** Sort documents (stable) by a normalised spec; returns a new array. */
export function sortDocuments<T extends Document>(docs: readonly T[], spec: SortSpec): T[] {
  if (spec.length === 0) return [...docs];
  const keyed = docs.map((doc, index) => ({ doc, index, keys: spec.map(([p, d]) => sortKey(doc, p, d)) }));
  keyed.sort((x, y) => {
    for (let i = 0; i < spec.length; i++) {
      const c = compareKeys(x.keys[i], y.keys[i]);
      if (c !== 0) return c * spec[i]![1];
    }
    return x.index - y.index;
  });
  return keyed.map((k) => k.doc);
}
