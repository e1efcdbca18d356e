/**
 * Values of the type the schema says: a filter on an identifier (`format: 'objectid'`, `x-ref`,
 * `_id`) compares ObjectIds, on a date field Dates, on a number field numbers, on a boolean field
 * booleans, on a text field strings (null always: it matches null and missing). MongoDB compares
 * values of different BSON types by type order, never by content (manual "Comparison/Sort Order"
 * https://www.mongodb.com/docs/manual/reference/bson-type-comparison-order/), so the 24-hex
 * string "64b7…" never finds the ObjectId 64b7…: a wrong type is a silent empty answer.
 * Checked on every filter of the command (the find filter, every `$match`, every count), through
 * `$and` and `$elemMatch`; paths the schema does not know (a host's base filter) are skipped.
 */
import type { CollectionDefinition } from '@school/query-dsl';
import { ObjectId } from 'bson';
import { type Command, filtersOf, isPlainObject, type Violations } from './commands.js';

const COMPARISONS = new Set(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte']);

function typeOk(type: string, value: unknown): boolean {
  if (value === null) return true;
  switch (type) {
    case 'objectId':
      return value instanceof ObjectId;
    case 'date':
      return value instanceof Date && !Number.isNaN(value.getTime());
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'string':
      return typeof value === 'string';
    default:
      return true;
  }
}

function typeViolations(
  filter: unknown,
  collection: CollectionDefinition,
  where: string,
  prefix = '',
  out: Violations = [],
): Violations {
  if (!isPlainObject(filter)) return out;
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' || key === '$or' || key === '$nor') {
      if (Array.isArray(value))
        for (const [index, clause] of value.entries())
          typeViolations(clause, collection, `${where}.${key}[${index}]`, prefix, out);
      continue;
    }
    if (key.startsWith('$')) continue;
    const path = prefix + key;
    const field = collection.fields.get(path);
    if (!field) continue;
    checkValue(field.type, value, collection, path, `${where}.${key}`, out);
  }
  return out;
}

function checkValue(
  type: string,
  value: unknown,
  collection: CollectionDefinition,
  path: string,
  where: string,
  out: Violations,
): void {
  const operators = isPlainObject(value) && Object.keys(value).some((key) => key.startsWith('$'));
  if (!operators) {
    if (type === 'object' || typeOk(type, value)) return;
    out.push(`${where}: ${describe(value)} is not a ${type}`);
    return;
  }
  for (const [op, operand] of Object.entries(value)) {
    if (COMPARISONS.has(op) && !typeOk(type, operand))
      out.push(`${where}.${op}: ${describe(operand)} is not a ${type}`);
    if ((op === '$in' || op === '$nin') && Array.isArray(operand))
      operand.forEach((item, index) => {
        if (!typeOk(type, item)) out.push(`${where}.${op}[${index}]: ${describe(item)} is not a ${type}`);
      });
    if (op === '$exists' && typeof operand !== 'boolean') out.push(`${where}.$exists: not a boolean`);
    if (op === '$elemMatch') {
      // On an array of subdocuments its keys are paths inside the element; on an array of values
      // (the search tokens) it holds operators on the values themselves.
      if (type === 'object') typeViolations(operand, collection, `${where}.$elemMatch`, `${path}.`, out);
      else checkValue(type, operand, collection, path, `${where}.$elemMatch`, out);
    }
  }
}

function describe(value: unknown): string {
  return value instanceof Date || value instanceof ObjectId
    ? String(value)
    : (JSON.stringify(value) ?? String(value));
}

export function typeRule({ mongo, collection }: Command): Violations {
  const out: Violations = [];
  for (const [where, filter] of filtersOf(mongo)) {
    // A lookup's `$match` filters the looked-up collection, whose schema is not `collection`'s.
    if (where.includes('$lookup')) continue;
    typeViolations(filter, collection, where, '', out);
  }
  return out;
}
