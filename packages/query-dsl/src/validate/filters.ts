import { conditionForm } from '../build/spec-parts.js';
import type { CollectionDefinition } from '../collection/define-collection.js';
import type { RawValue } from '../parse/query-input.js';
import type { FieldFilter } from '../plan/types.js';
import { opensJson, readFieldConditions, unsupported } from './conditions.js';
import type { ValidationContext } from './context.js';
import { lookupField } from './field-lookup.js';
import { depthOf, isPlainObject } from './json.js';
import { forbiddenOperator } from './operators.js';

/** What was given for each filtered path, in the order the paths came (see `FilterItems`). */
export type FilterPaths = Map<string, unknown[]>;

/**
 * A query string's filter keys (every key that is not a reserved parameter) by dotted path: bracket
 * keys nested are read as dotted paths (`user[name]=Ana` is `user.name=Ana`); `$`-keys are operators.
 */
export function queryFilterPaths(
  entries: Iterable<readonly [string, RawValue]>,
  context: ValidationContext,
): FilterPaths {
  const byPath: FilterPaths = new Map();
  for (const [key, value] of entries) {
    // A plain `path=value` needs no walk through nested brackets.
    if (typeof value === 'string' && key.charCodeAt(0) !== 36 /* $ */ && !byPath.has(key))
      byPath.set(key, [value]);
    else collectPaths(key, value, byPath, context);
  }
  return byPath;
}

/**
 * Reads the filtered paths against the collection: every path a visible field, within
 * `maxFilters`, and its items read into conditions (`readFieldConditions`).
 */
export function readFilters(
  collection: CollectionDefinition,
  byPath: FilterPaths,
  context: ValidationContext,
  fromText: boolean,
): FieldFilter[] {
  const filters: FieldFilter[] = [];
  if (tooManyFilters(byPath.size, context)) return filters;
  for (const [path, items] of byPath) {
    const field = lookupField(collection, path, path, context.issues);
    if (!field) {
      // An injection attempt is reported as such even on a field that does not exist.
      const forbidden = items.map((item) => forbiddenOperatorIn(item, fromText, context)).find(Boolean);
      if (forbidden) unsupported(forbidden, path, context);
      continue;
    }
    const conditions = readFieldConditions(field, items, path, context, fromText);
    if (conditions && conditions.length > 0) filters.push({ kind: 'field', path, conditions });
  }
  return filters;
}

function collectPaths(path: string, value: RawValue, into: FilterPaths, context: ValidationContext): void {
  if (path.startsWith('$')) {
    unsupported(path, path, context);
    return;
  }
  if (typeof value === 'string') {
    push(into, path, value);
    return;
  }
  if (Array.isArray(value)) {
    // A repeated key (`a=1&a=2`), maybe with bracket operators on the same field (`&a[$ne]=2`).
    for (const item of value) addListItem(path, item, into, context);
    return;
  }
  // `a[$gte]=1&a[$lt]=5`, the usual object: its operators as they are, no copy (and an object
  // emptied of a refused prototype key filters nothing).
  const keys = Object.keys(value);
  if (keys.every((key) => key.charCodeAt(0) === 36 /* $ */)) {
    if (keys.length > 0) push(into, path, value);
    return;
  }
  const operators: Record<string, RawValue> = {};
  let hasOperators = false;
  for (const [key, child] of Object.entries(value)) {
    if (key.startsWith('$')) {
      operators[key] = child;
      hasOperators = true;
    } else if (INDEX.test(key)) {
      // qs writes a repeated key that also has bracket keys as `{0: 'Ana', 1: 'Luis', $ne: 'Luis'}`.
      addListItem(path, child, into, context);
    } else {
      collectPaths(`${path}.${key}`, child, into, context);
    }
  }
  if (hasOperators) push(into, path, operators);
}

const INDEX = /^\d+$/u;

/** One value of a repeated key: a value, or an object of operators; never a position in an array. */
function addListItem(path: string, item: RawValue, into: FilterPaths, context: ValidationContext): void {
  // `a[0][0]=x` or `a[0][]=x`: a list in a list position has no reading (a field's values are one
  // list), so it is refused rather than flattened into the outer list.
  if (Array.isArray(item)) {
    context.issues.add(
      'INVALID_VALUE',
      path,
      `${path} has a list inside a list position (like ${path}[0][0]=...); positions are not supported: repeat the key (${path}=a&${path}=b) or use ${path}[$in]=["a","b"] for several values.`,
    );
    return;
  }
  if (isPlainObject(item) && Object.keys(item).some((key) => !key.startsWith('$'))) {
    context.issues.add(
      'INVALID_VALUE',
      path,
      `${path} has bracket keys under a list position (like ${path}[0][name]=...); positions are not supported: use ${path}.<field>=<value> to match any element.`,
    );
    return;
  }
  push(into, path, item);
}

function push(into: FilterPaths, path: string, value: unknown): void {
  const list = into.get(path);
  if (list) list.push(value);
  else into.set(path, [value]);
}

/**
 * A forbidden operator in what was given for a field, if any: in a query string's bracket object or
 * JSON-form text, or in a typed description's condition of the JSON form (see `conditionForm`).
 */
function forbiddenOperatorIn(
  item: unknown,
  fromText: boolean,
  context: ValidationContext,
): string | undefined {
  if (!fromText) {
    const { maxDepth } = context.limits;
    return conditionForm(item) === 'json' && depthOf(item, maxDepth) <= maxDepth
      ? forbiddenOperator(item)
      : undefined;
  }
  if (typeof item !== 'string') return forbiddenOperator(item);
  if (!opensJson(item)) return undefined;
  try {
    return forbiddenOperator(JSON.parse(item));
  } catch {
    return undefined;
  }
}

/** Whether `count` fields are more than a query may filter (`maxFilters`), with the issue if so. */
function tooManyFilters(count: number, context: ValidationContext): boolean {
  if (count <= context.limits.maxFilters) return false;
  context.issues.add(
    'QUERY_TOO_COMPLEX',
    'query',
    `The query filters ${count} fields; at most ${context.limits.maxFilters} are allowed.`,
  );
  return true;
}
