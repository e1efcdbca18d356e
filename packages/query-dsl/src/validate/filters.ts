import type { CollectionDefinition } from '../collection/define-collection.js';
import type { RawValue } from '../parse/query-input.js';
import type { FieldFilter } from '../plan/types.js';
import { type FilterItem, readFieldConditions, unsupported } from './conditions.js';
import type { ValidationContext } from './context.js';
import { lookupField } from './field-lookup.js';
import { isPlainObject } from './json.js';
import { forbiddenOperator } from './operators.js';

/**
 * Reads every non-reserved query key as a filter on a field of the collection. Bracket-nested keys
 * are read as dotted paths (`user[name]=Ana` is `user.name=Ana`); `$`-keys are operators.
 */
export function readFilters(
  collection: CollectionDefinition,
  entries: ReadonlyArray<readonly [string, RawValue]>,
  context: ValidationContext,
): FieldFilter[] {
  const byPath = new Map<string, FilterItem[]>();
  for (const [key, value] of entries) {
    // A plain `path=value` needs no walk through nested brackets.
    // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent, without the shortcut collectPaths refuses a `$`-key and pushes the string the same way.
    if (typeof value === 'string' && key.charCodeAt(0) !== 36 /* $ */ && !byPath.has(key))
      byPath.set(key, [value]);
    else collectPaths(key, value, byPath, context);
  }
  // Stryker disable next-line ArrayDeclaration: equivalent, a query with an issue yields no plan, so these filters are never read.
  if (tooManyFilters(byPath.size, context)) return [];
  const filters: FieldFilter[] = [];
  for (const [path, values] of byPath) {
    const field = lookupField(collection, path, path, context.issues);
    if (!field) {
      // An injection attempt is reported as such even on a field that does not exist.
      const forbidden = values.map((value) => forbiddenOperatorIn(value)).find(Boolean);
      if (forbidden) unsupported(forbidden, path, context);
      continue;
    }
    // One value is passed as it is for readFieldConditions' shortcut; a list of one reads the same.
    // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, readFieldConditions reads a one-item list as its item (no item is a list: addListItem refuses one)
    const conditions = readFieldConditions(field, values.length === 1 ? values[0]! : values, path, context);
    // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, no condition (undefined, or none for an object emptied of a reported prototype key) comes without an issue, and a query with an issue yields no plan.
    if (conditions && conditions.length > 0) filters.push({ kind: 'field', path, conditions });
  }
  return filters;
}

function collectPaths(
  path: string,
  value: RawValue,
  into: Map<string, FilterItem[]>,
  context: ValidationContext,
): void {
  if (path.startsWith('$')) {
    unsupported(path, path, context);
    return;
  }
  if (typeof value === 'string') {
    push(into, path, value);
    return;
  }
  // Stryker disable next-line ConditionalExpression,BlockStatement: equivalent, the object walk below reads an array's numeric keys as the same list items, in order.
  if (Array.isArray(value)) {
    // A repeated key (`a=1&a=2`), maybe with bracket operators on the same field (`&a[$ne]=2`).
    for (const item of value) addListItem(path, item, into, context);
    return;
  }
  // Stryker disable next-line BooleanLiteral: equivalent, the shortcut for an object of operators only spares a copy; the general walk below pushes the same operators.
  let onlyOperators = true;
  for (const key in value) {
    // Stryker disable next-line ConditionalExpression: equivalent, see above (the general walk pushes the same operators).
    if (key.charCodeAt(0) !== 36 /* $ */) {
      onlyOperators = false;
      break;
    }
  }
  // Stryker disable next-line ConditionalExpression,BlockStatement: equivalent, see above (the general walk pushes the same operators).
  if (onlyOperators) {
    // `a[$gte]=1&a[$lt]=5`: the operators object as it is, no copy.
    if (Object.keys(value).length > 0) push(into, path, value);
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
function addListItem(
  path: string,
  item: RawValue,
  into: Map<string, FilterItem[]>,
  context: ValidationContext,
): void {
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

function push(into: Map<string, FilterItem[]>, path: string, value: FilterItem): void {
  const list = into.get(path);
  if (list) list.push(value);
  else into.set(path, [value]);
}

/** A forbidden operator in a bracket-form object or a JSON-form string, if any. */
function forbiddenOperatorIn(value: unknown): string | undefined {
  if (typeof value === 'string') {
    if (!value.startsWith('{') && !value.startsWith('[')) return undefined;
    // A `next-line` comment cannot reach a catch block, hence disable/restore (the try block's mutant is left out too).
    // Stryker disable BlockStatement: equivalent, an empty catch also ends the function with undefined.
    try {
      return forbiddenOperator(JSON.parse(value));
    } catch {
      return undefined;
    }
  }
  // Stryker restore BlockStatement
  return forbiddenOperator(value);
}

/** Whether `count` fields are more than a query may filter (`maxFilters`), with the issue if so. */
export function tooManyFilters(count: number, context: ValidationContext): boolean {
  if (count <= context.limits.maxFilters) return false;
  context.issues.add(
    'QUERY_TOO_COMPLEX',
    'query',
    `The query filters ${count} fields; at most ${context.limits.maxFilters} are allowed.`,
  );
  return true;
}
