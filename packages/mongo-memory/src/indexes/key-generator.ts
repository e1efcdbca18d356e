/**
 * The keys a document has under a key pattern, built as MongoDB's btree key generator builds them
 * (src/mongo/db/index/btree_key_generator.cpp): one tuple per array element the paths meet, the
 * paths inside one array paired element by element (`{'a.b': 1, 'a.c': 1}` over
 * `a: [{b: 1, c: 2}, {b: 3, c: 4}]` gives (1, 2) and (3, 4), not every combination). Sorts take
 * their sort key from these tuples, and indexes their index keys, so the two agree with each other
 * and with MongoDB.
 */
import { isDocument } from '../bson/order.js';

/** The key of a path that ends at an empty array (below null in a sort; `undefined` in an index). */
export const EMPTY_ARRAY: unique symbol = Symbol('emptyArray');

/** A path component that addresses an array position: digits without a leading zero. */
export const POSITION = /^(?:0|[1-9]\d*)$/u;

/** What the index key generator raises on a position that is also a field of an element. */
export type AmbiguousField = (field: string, array: readonly unknown[]) => Error;

interface PathRest {
  /** The position in the tuple this path fills. */
  readonly index: number;
  /** The path's components still to follow from the current value. */
  readonly parts: readonly string[];
}

/**
 * Calls `emit` with every key tuple of `value` for the paths `rests` (`partial` holds the keys of
 * the other paths): follows each path to its end or to its first array; all paths that meet an
 * array must meet the same one, whose elements are then expanded one by one.
 */
function expandKeys(
  value: unknown,
  rests: readonly PathRest[],
  partial: readonly unknown[],
  emit: (tuple: unknown[]) => void,
  parallel: (first: string, second: string) => Error,
  ambiguous?: AmbiguousField,
): void {
  const tuple = [...partial];
  let array: unknown[] | undefined;
  let arrayPrefix: string | undefined;
  const leaves: PathRest[] = [];
  const through: PathRest[] = [];
  for (const rest of rests) {
    const { parts } = rest;
    let current: unknown = value;
    let depth = 0;
    let hit = false;
    for (;;) {
      if (depth > 0 && Array.isArray(current)) {
        const next = parts[depth];
        // A position the array holds is followed; one past its end reads the field of that
        // name in each element, as MongoDB's key generator does. An index refuses a position
        // that is also a field of an element (`a.0` over `a: [{'0': 1}]`): two values, one path.
        const at = next !== undefined && POSITION.test(next) ? Number(next) : undefined;
        if (at !== undefined && (at < current.length || ambiguous === undefined)) {
          if (ambiguous && current.some((e) => isDocument(e) && Object.hasOwn(e, next!))) {
            throw ambiguous(next!, current);
          }
          current = current[at];
          depth++;
          continue;
        }
        hit = true;
        break;
      }
      if (depth === parts.length) break;
      if (!isDocument(current)) {
        current = undefined;
        break;
      }
      current = Object.hasOwn(current, parts[depth]!) ? current[parts[depth]!] : undefined;
      depth++;
    }
    if (!hit) {
      tuple[rest.index] = current === undefined ? null : current;
      continue;
    }
    const prefix = parts.slice(0, depth).join('.');
    if (array === undefined) {
      array = current as unknown[];
      arrayPrefix = prefix;
    } else if (prefix !== arrayPrefix) throw parallel(arrayPrefix!, prefix);
    if (depth === parts.length) leaves.push(rest);
    else through.push({ index: rest.index, parts: parts.slice(depth) });
  }
  if (array === undefined) {
    emit(tuple);
    return;
  }
  if (array.length === 0) {
    for (const rest of leaves) tuple[rest.index] = EMPTY_ARRAY;
    for (const rest of through) tuple[rest.index] = null;
    emit(tuple);
    return;
  }
  // Every index, holes included (as undefined), as spreading the array would.
  for (let i = 0; i < array.length; i++) {
    const element = array[i];
    for (const rest of leaves) tuple[rest.index] = element;
    if (through.length === 0) emit([...tuple]);
    else if (isDocument(element)) expandKeys(element, through, tuple, emit, parallel, ambiguous);
    else {
      // A scalar or a nested array has no fields to follow.
      const withNulls = [...tuple];
      for (const rest of through) withNulls[rest.index] = null;
      emit(withNulls);
    }
  }
}

/**
 * Calls `emit` with every key tuple of `doc` for the dotted paths `paths` (split on dots): missing
 * values are null, a path ending at an empty array is `EMPTY_ARRAY`. `parallel` makes the error for
 * two paths that meet two different arrays; `ambiguous`, given by indexes, the error for a position
 * that is also a field of an element.
 */
export function keyTuples(
  doc: unknown,
  paths: ReadonlyArray<readonly string[]>,
  emit: (tuple: unknown[]) => void,
  parallel: (first: string, second: string) => Error,
  ambiguous?: AmbiguousField,
): void {
  const rests = paths.map((parts, index) => ({ index, parts }));
  expandKeys(doc, rests, new Array<unknown>(paths.length).fill(null), emit, parallel, ambiguous);
}
