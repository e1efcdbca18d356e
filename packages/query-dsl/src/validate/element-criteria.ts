import type { CollectionDefinition } from '../collection/define-collection.js';
import type { SupportedOperator } from '../core/operators.js';
import type { Condition, FieldFilter } from '../plan/types.js';
import type { FieldInfo } from '../schema/fields.js';
import { jsonCondition } from './conditions.js';
import type { ValidationContext } from './context.js';
import { lookupField } from './field-lookup.js';
import { isPlainObject } from './json.js';

/**
 * Reads criteria on the elements of an array of subdocuments (`elemMatch` parameters and the
 * `select` `$elemMatch` form): `{"enrolled": true, "year": "<id>", "score": {"$gte": 7}}`.
 * Keys are paths inside the element; values are coerced like filter values. The returned
 * filters' paths are relative to the element.
 */
export function readElementCriteria(
  collection: CollectionDefinition,
  arrayField: FieldInfo,
  criteria: unknown,
  param: string,
  context: ValidationContext,
  accept: (field: FieldInfo) => string | undefined = () => undefined,
): FieldFilter[] | undefined {
  if (!isPlainObject(criteria) || !Object.values(criteria).some((value) => value !== undefined)) {
    context.issues.add(
      'INVALID_VALUE',
      param,
      `${param} takes an object of criteria on the elements of ${arrayField.path}, e.g. {"enrolled": true}.`,
    );
    return undefined;
  }
  const before = context.issues.reported;
  const filters: FieldFilter[] = [];
  for (const [relative, value] of flatten(criteria)) {
    const path = `${arrayField.path}.${relative}`;
    const field = lookupField(collection, path, path, context.issues);
    if (!field) continue;
    const refusal = accept(field);
    if (refusal) {
      context.issues.add('INVALID_SELECT', path, refusal);
      continue;
    }
    const conditions = criterionConditions(field, value, path, context);
    if (conditions) filters.push({ kind: 'field', path: relative, conditions });
  }
  return context.issues.reported === before ? filters : undefined;
}

function criterionConditions(
  field: FieldInfo,
  value: unknown,
  param: string,
  context: ValidationContext,
): Condition[] | undefined {
  const operators: Array<[string, unknown]> = isPlainObject(value) ? definedEntries(value) : [];
  if (operators.length === 0) {
    const op: SupportedOperator = Array.isArray(value) ? '$in' : '$eq';
    const condition = jsonCondition(field, op, value, param, context);
    return condition ? [condition] : undefined;
  }
  const conditions: Condition[] = [];
  for (const [op, operand] of operators) {
    const condition = jsonCondition(field, op, operand, param, context);
    if (condition) conditions.push(condition);
  }
  return conditions.length === operators.length ? conditions : undefined;
}

/** A key whose value is `undefined` (possible in a typed description, never in JSON) is absent. */
function definedEntries(object: Record<string, unknown>): Array<[string, unknown]> {
  const entries = Object.entries(object);
  for (const entry of entries) {
    // The usual case (JSON) has none to leave out: the entries as they are, no copy.
    if (entry[1] === undefined) return entries.filter((item) => item[1] !== undefined);
  }
  return entries;
}

/** `{a: {b: 1, c: {"$gt": 2}}}` → `[["a.b", 1], ["a.c", {"$gt": 2}]]`: operator objects are leaves. */
function flatten(
  criteria: Record<string, unknown>,
  prefix = '',
  out: Array<[string, unknown]> = [],
): Array<[string, unknown]> {
  for (const key of Object.keys(criteria)) {
    const value = criteria[key];
    if (value === undefined) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(value) && isSubdocument(value)) flatten(value, path, out);
    else out.push([path, value]);
  }
  return out;
}

/** Keys, none of them an operator: criteria on the fields of a subdocument. */
function isSubdocument(value: Record<string, unknown>): boolean {
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => key.charCodeAt(0) !== 36 /* $ */);
}
