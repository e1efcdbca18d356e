/**
 * MongoDB's sort: BSON order across types; an array field sorts by its smallest element ascending
 * and its largest descending; an empty array sorts before null and missing; ties keep input order.
 * Keys through arrays are built as MongoDB builds them (see `sortKeyOf`).
 */

import type { Document } from '../bson/document.js';
import { compareValues, RANK, typeRank } from '../bson/order.js';
import { splitPath } from '../bson/paths.js';
import { badValue, MemoryEngineUnsupportedError, serverError } from '../errors/engine-errors.js';
import { EMPTY_ARRAY, keyTuples } from '../indexes/key-generator.js';

export type SortSpec = Array<[path: string, direction: 1 | -1]>;

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
      throw new MemoryEngineUnsupportedError('The $meta sort');
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

function compareKeys(a: unknown, b: unknown): number {
  if (a === EMPTY_ARRAY || b === EMPTY_ARRAY) {
    if (a === b) return 0;
    return a === EMPTY_ARRAY ? (typeRank(b) <= RANK.minKey ? 1 : -1) : typeRank(a) <= RANK.minKey ? -1 : 1;
  }
  return compareValues(a, b);
}

interface Keyed<T> {
  doc: T;
  index: number;
  keys: unknown[];
}

/**
 * Sort documents (stable) by a normalised spec; returns a new array. With `limit`, only the first
 * `limit` documents of that order are returned (MongoDB's top-k sort for `$sort` + `$limit`, and
 * for find's sort with skip + limit), and only candidates for them are kept while sorting (see
 * `topK`). Documents are ordered by their keys and then their input position, a total order, so
 * ties come out exactly as in the full sort.
 */
export function sortDocuments<T extends Document>(docs: readonly T[], spec: SortSpec, limit?: number): T[] {
  const bounded = limit !== undefined && limit < docs.length;
  if (spec.length === 0) return bounded ? docs.slice(0, limit) : [...docs];
  const paths = spec.map(([path]) => splitPath(path));
  const directions = spec.map(([, direction]) => direction);
  const keysOf = (doc: T, keys: unknown[] = new Array<unknown>(paths.length)): unknown[] =>
    sortKeyOf(doc, paths, directions, keys);
  /** Orders by the keys, then by input position: a total order, so any algorithm gives one answer. */
  const compare = (x: Keyed<T>, y: Keyed<T>): number => {
    for (let i = 0; i < directions.length; i++) {
      const c = compareKeys(x.keys[i], y.keys[i]);
      if (c !== 0) return c * directions[i]!;
    }
    return x.index - y.index;
  };
  const keyed = bounded
    ? topK(docs, limit, keysOf, compare)
    : docs.map((doc, index) => ({ doc, index, keys: keysOf(doc) }));
  keyed.sort(compare);
  const length = bounded ? Math.min(limit, keyed.length) : keyed.length;
  const out = new Array<T>(length);
  for (let i = 0; i < length; i++) out[i] = keyed[i]!.doc;
  return out;
}

const PARALLEL_ARRAYS = 'cannot sort with keys that are parallel arrays';

/**
 * The sort key of a document, into `keys`. MongoDB builds it like a compound index key
 * (`SortKeyGenerator`, src/mongo/db/exec/sort_key_generator.cpp, over the btree key generator):
 * every key the document would have in an index on the sort pattern, and of those the first in
 * the sort's order. So the paths inside one array pair up element by element (`{'a.c': 1, 'a.b': 1}`
 * over `a: [{b: 4, c: 1}, {b: 1, c: 2}]` is `(1, 4)`, not `(1, 1)`); a path ending at an empty
 * array is below null, a path through an empty array or a missing field is null; a number after an
 * array (`a.0.b`) is a position; and two paths that meet two different arrays of one document are
 * refused, BadValue "cannot sort with keys that are parallel arrays" (jstests/core/query/sort/
 * sort_dotted_paths.js and sort_dotted_paths_parallel_arrays.js hold MongoDB's expected answers).
 */
function sortKeyOf(
  doc: Document,
  paths: ReadonlyArray<readonly string[]>,
  directions: ReadonlyArray<1 | -1>,
  keys: unknown[],
): unknown[] {
  // The common case: top-level fields that hold no array are their own keys.
  let simple = true;
  for (let i = 0; i < paths.length; i++) {
    const parts = paths[i]!;
    const value = parts.length === 1 && Object.hasOwn(doc, parts[0]!) ? doc[parts[0]!] : undefined;
    if (parts.length !== 1 || Array.isArray(value)) {
      simple = false;
      break;
    }
    keys[i] = value === undefined ? null : value;
  }
  if (simple) return keys;
  let best: unknown[] | undefined;
  const consider = (tuple: unknown[]): void => {
    if (best === undefined || compareTuples(tuple, best, directions) < 0) best = tuple;
  };
  keyTuples(doc, paths, consider, () => badValue(PARALLEL_ARRAYS));
  for (let i = 0; i < paths.length; i++) keys[i] = best![i];
  return keys;
}

function compareTuples(
  a: readonly unknown[],
  b: readonly unknown[],
  directions: ReadonlyArray<1 | -1>,
): number {
  for (let i = 0; i < directions.length; i++) {
    const c = compareKeys(a[i], b[i]);
    if (c !== 0) return c * directions[i]!;
  }
  return 0;
}

/**
 * Entries holding the `k` smallest by `compare` (and maybe more; unordered). Candidates collect in
 * a buffer; when it is full it is sorted and cut back to `k`, and its last entry becomes the bar a
 * document must beat to be kept at all. Sorting the buffer (TimSort) stays linear on input that is
 * already in order or in reverse order, where a heap would not.
 */
function topK<T>(
  docs: readonly T[],
  k: number,
  keysOf: (doc: T, into: unknown[]) => unknown[],
  compare: (x: Keyed<T>, y: Keyed<T>) => number,
): Keyed<T>[] {
  const kept: Keyed<T>[] = [];
  if (k <= 0) return kept;
  const capacity = Math.max(2 * k, k + 64);
  let bar: Keyed<T> | undefined;
  // The entry for the next document: reused while documents are turned away (no garbage).
  let entry: Keyed<T> | undefined;
  for (let index = 0; index < docs.length; index++) {
    const doc = docs[index]!;
    if (entry === undefined) entry = { doc, index, keys: keysOf(doc, []) };
    else {
      entry.doc = doc;
      entry.index = index;
      keysOf(doc, entry.keys);
    }
    // `bar` has k entries before it (or equal to it) already: an entry after it cannot make the cut.
    if (bar !== undefined && compare(entry, bar) > 0) continue;
    kept.push(entry);
    entry = undefined;
    if (kept.length >= capacity) {
      kept.sort(compare);
      kept.length = k;
      bar = kept[k - 1];
    }
  }
  return kept;
}
