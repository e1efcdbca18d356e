/**
 * MongoDB's sort: BSON order across types; an array field sorts by its smallest element ascending
 * and its largest descending; an empty array sorts before null and missing; ties keep input order.
 */
import { compareValues, isDocument, RANK, typeRank } from './bson-order.js';
import { badValue, type Document, MemoryUnsupportedError, serverError } from './errors.js';
import { MISSING, partsValues, splitPath } from './paths.js';

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

/** The value a document sorts by on one path (see the module comment). */
function sortKey(doc: Document, parts: readonly string[], direction: 1 | -1): unknown {
  if (parts.length === 1 && isDocument(doc)) {
    // A top-level field that is not an array is its own key.
    const value = Object.hasOwn(doc, parts[0]!) ? doc[parts[0]!] : null;
    if (!Array.isArray(value)) return value;
  }
  const reached = partsValues(doc, parts);
  if (reached.length === 1 && !Array.isArray(reached[0])) return reached[0] === MISSING ? null : reached[0];
  let found = false;
  let best: unknown;
  let sawEmptyArray = false;
  const consider = (v: unknown): void => {
    if (!found) {
      found = true;
      best = v;
      return;
    }
    const c = compareValues(v, best);
    if (direction === 1 ? c < 0 : c > 0) best = v;
  };
  for (const v of reached) {
    if (Array.isArray(v)) {
      if (v.length === 0) sawEmptyArray = true;
      // Every index, holes included (as undefined), as spreading the array would.
      for (let i = 0; i < v.length; i++) consider(v[i]);
    } else consider(v === MISSING ? null : v);
  }
  if (!found) return sawEmptyArray ? EMPTY_ARRAY : null;
  return best;
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
  const checkParallel = paths.length > 1;
  const keysOf = (doc: T, keys: unknown[] = new Array<unknown>(paths.length)): unknown[] => {
    if (checkParallel && hasParallelArrays(doc, paths)) throw badValue(PARALLEL_ARRAYS);
    for (let i = 0; i < paths.length; i++) keys[i] = sortKey(doc, paths[i]!, directions[i]!);
    return keys;
  };
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
 * Whether two sort paths reach two different arrays in `value`, which MongoDB refuses (BadValue,
 * "cannot sort with keys that are parallel arrays"): it builds sort keys with the compound index
 * key generator (src/mongo/db/exec/sort_key_generator.cpp), which may expand one array at a time.
 * Each path is followed through subdocuments to its first array; all paths that meet an array
 * must meet the same one (an empty array counts), and the search goes on inside its elements with
 * the rest of those paths. Paths inside one array (`a.b` and `a.c`, or `a` and `a.b`) are fine —
 * see jstests/core/query/sort/sort_dotted_paths.js and sort_dotted_paths_parallel_arrays.js.
 */
function hasParallelArrays(value: unknown, paths: ReadonlyArray<readonly string[]>): boolean {
  let array: unknown[] | undefined;
  let arrayDepth = 0;
  let arrayPath: readonly string[] | undefined;
  let inside: Array<readonly string[]> | undefined;
  for (const parts of paths) {
    let current: unknown = value;
    for (let depth = 0; depth < parts.length; depth++) {
      if (!isDocument(current)) break;
      current = Object.hasOwn(current, parts[depth]!) ? current[parts[depth]!] : undefined;
      if (!Array.isArray(current)) continue;
      if (array === undefined) {
        array = current;
        arrayDepth = depth + 1;
        arrayPath = parts;
        inside = [];
      } else if (depth + 1 !== arrayDepth || !samePrefix(parts, arrayPath!, arrayDepth)) {
        return true;
      }
      if (depth + 1 < parts.length) inside!.push(parts.slice(depth + 1));
      break;
    }
  }
  if (array === undefined || inside === undefined || inside.length === 0) return false;
  for (const element of array) if (isDocument(element) && hasParallelArrays(element, inside)) return true;
  return false;
}

function samePrefix(a: readonly string[], b: readonly string[], length: number): boolean {
  for (let i = 0; i < length; i++) if (a[i] !== b[i]) return false;
  return true;
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
