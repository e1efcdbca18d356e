import type { CollectionDefinition } from '../collection/define-collection.js';
import type { SortKey } from '../plan/types.js';
import type { ValidationContext } from './context.js';
import { lookupField } from './field-lookup.js';
import { describeValue, readObjectParam } from './json.js';

const PARAM = '__sort';
const DIRECTIONS: Readonly<Record<string, 1 | -1>> = { asc: 1, desc: -1, '1': 1, '-1': -1 };

/**
 * `__sort={"user.surname": "asc", "created_at": "desc"}` or `__sort[user.surname]=asc`: key order
 * is kept and `_id` is appended as the final tie-breaker, so pages never overlap.
 */
export function readSort(
  collection: CollectionDefinition,
  raw: unknown,
  context: ValidationContext,
  fromText: boolean,
): SortKey[] {
  const spec =
    raw === undefined
      ? undefined
      : readObjectParam(raw, PARAM, context, 'INVALID_SORT', SORT_USAGE, fromText);
  return sortKeys(collection, spec, context);
}

/** What `__sort` takes, for the issue past any other shape. */
const SORT_USAGE = '__sort takes {"<field>": "asc"|"desc", ...} or __sort[<field>]=asc|desc.';

/** The sort keys of `__sort` once it is an object, `_id` last. A key whose order is `undefined` is absent. */
function sortKeys(
  collection: CollectionDefinition,
  spec: Readonly<Record<string, unknown>> | undefined,
  context: ValidationContext,
): SortKey[] {
  const keys: SortKey[] = [];
  if (spec) {
    for (const [path, order] of Object.entries(spec)) {
      if (order === undefined) continue;
      const key = readKey(collection, path, order, context);
      if (key) keys.push(key);
    }
  }
  refuseParallelArrays(collection, keys, context);
  if (!keys.some((key) => key.path === '_id')) keys.push({ path: '_id', direction: 1 });
  return keys;
}

/**
 * MongoDB builds a sort key the way it builds a compound index key, and refuses a document in
 * which two sort paths reach two different arrays ("cannot sort with keys that are parallel
 * arrays", BadValue; `SortKeyGenerator` in src/mongo/db/exec/sort_key_generator.cpp maps the key
 * generator's CannotIndexParallelArrays to it). Paths inside the SAME array are fine:
 * jstests/core/query/sort/sort_dotted_paths.js sorts `{"a.c": 1, "a.b": 1}` and `{"a.c": 1, a: 1}`
 * over documents where `a` is an array of subdocuments, while
 * jstests/core/query/sort/sort_dotted_paths_parallel_arrays.js shows `{a: 1, b: 1}`, `{"a.b": 1,
 * "a.c": 1}` and `{"a.b": 1, "c.d": 1}` failing as soon as one document has both arrays (even
 * empty ones).
 *
 * The rule followed here, from the schema (any record may hold both arrays): two sort keys clash
 * when each goes through an array the other does not (`years.year` with `addresses.city`,
 * `parents` with `years.year`); keys whose arrays are nested in one another's (`years.year` with
 * `years.enrolled`, or with any non-array field) are accepted.
 */
function refuseParallelArrays(
  collection: CollectionDefinition,
  keys: readonly SortKey[],
  context: ValidationContext,
): void {
  const arrays = keys.map((key) => arraysOn(collection, key.path));
  for (let later = 1; later < keys.length; later++) {
    for (let earlier = 0; earlier < later; earlier++) {
      const own = arrays[later]!.filter((path) => !arrays[earlier]!.includes(path));
      const other = arrays[earlier]!.filter((path) => !arrays[later]!.includes(path));
      if (own.length === 0 || other.length === 0) continue;
      const [a, b] = [keys[earlier]!.path, keys[later]!.path];
      context.issues.add(
        'INVALID_SORT',
        PARAM,
        `__sort cannot combine ${a} and ${b}: they go through different arrays (${other[0]} and ${own[0]}), and MongoDB cannot sort with keys that are parallel arrays. Sort on one of them, or on fields of the same array.`,
      );
      break;
    }
  }
}

/** The array fields a path goes through, itself included (`years` for `years.year`). */
function arraysOn(collection: CollectionDefinition, path: string): string[] {
  const arrays: string[] = [];
  let end = path.indexOf('.');
  for (;;) {
    const prefix = end < 0 ? path : path.slice(0, end);
    if (collection.fields.get(prefix)?.isArray) arrays.push(prefix);
    if (end < 0) return arrays;
    end = path.indexOf('.', end + 1);
  }
}

function directionOf(order: unknown): 1 | -1 | undefined {
  if (order === 'asc' || order === 1 || order === '1') return 1;
  if (order === 'desc' || order === -1 || order === '-1') return -1;
  const text = typeof order === 'string' ? order.trim().toLowerCase() : '';
  return Object.hasOwn(DIRECTIONS, text) ? DIRECTIONS[text] : undefined;
}

function readKey(
  collection: CollectionDefinition,
  path: string,
  order: unknown,
  context: ValidationContext,
): SortKey | undefined {
  // Issues name the parameter, `__sort`, and the field in the message: a client sent `__sort`,
  // whichever of its two forms, never a parameter called `title`.
  const field = lookupField(collection, path, PARAM, context.issues);
  if (!field) return undefined;
  if (field.type === 'object') {
    context.issues.add(
      'INVALID_SORT',
      PARAM,
      `Sort by a field that holds a value, not the subdocument ${path}.`,
    );
    return undefined;
  }
  const direction = directionOf(order);
  if (direction === undefined) {
    context.issues.add(
      'INVALID_SORT',
      PARAM,
      `The order for ${path} must be asc, desc, 1 or -1, got ${describeValue(order)}.`,
    );
    return undefined;
  }
  return { path, direction };
}
