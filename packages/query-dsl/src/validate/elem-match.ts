import type { CollectionDefinition } from '../collection/define-collection.js';
import type { ElemMatchFilter } from '../plan/types.js';
import { unsupported } from './conditions.js';
import type { ValidationContext } from './context.js';
import { readElementCriteria } from './element-criteria.js';
import { lookupField } from './field-lookup.js';
import { isPlainObject, readJson } from './json.js';
import { forbiddenOperator } from './operators.js';

const PARAM = 'elemMatch';

/**
 * `elemMatch={"property": "years", "parameters": {"enrolled": true}}`, or an array of such
 * objects: each entry needs one element of its array to satisfy all of its parameters.
 */
export function readElemMatch(
  collection: CollectionDefinition,
  raw: unknown,
  context: ValidationContext,
): ElemMatchFilter[] {
  if (typeof raw !== 'string') {
    context.issues.add(
      'INVALID_VALUE',
      PARAM,
      'Give elemMatch once, as JSON (an object or an array of objects).',
    );
    // Stryker disable next-line ArrayDeclaration: equivalent, an issue is already reported, so the plan is never built
    return [];
  }
  const parsed = readJson(raw, PARAM, context.limits, context.issues);
  // Stryker disable next-line ArrayDeclaration: equivalent, an issue is already reported, so the plan is never built
  if (!parsed) return [];
  return elemMatchFilters(collection, parsed.value, context);
}

/**
 * `elemMatch` once it is a value (parsed, or handed over typed by `dsl.find` after `checkedJson`):
 * one entry or a list of them, each checked against the collection.
 */
export function elemMatchFilters(
  collection: CollectionDefinition,
  value: unknown,
  context: ValidationContext,
): ElemMatchFilter[] {
  const forbidden = forbiddenOperator(value);
  if (forbidden) {
    unsupported(forbidden, PARAM, context);
    // Stryker disable next-line ArrayDeclaration: equivalent, an issue is already reported, so the plan is never built
    return [];
  }
  const entries = Array.isArray(value) ? value : [value];
  if (entries.length === 0) {
    context.issues.add('INVALID_VALUE', PARAM, 'elemMatch is an empty list.');
    // Stryker disable next-line ArrayDeclaration: equivalent, an issue is already reported, so the plan is never built
    return [];
  }
  const filters: ElemMatchFilter[] = [];
  entries.forEach((entry, index) => {
    const param = entries.length > 1 ? `${PARAM}[${index}]` : PARAM;
    const filter = readEntry(collection, entry, param, context);
    // Stryker disable next-line ConditionalExpression: equivalent, an entry is missing only after an issue, so the plan is never built
    if (filter) filters.push(filter);
  });
  return filters;
}

function readEntry(
  collection: CollectionDefinition,
  entry: unknown,
  param: string,
  context: ValidationContext,
): ElemMatchFilter | undefined {
  if (
    !isPlainObject(entry) ||
    typeof entry.property !== 'string' ||
    !('parameters' in entry) ||
    Object.keys(entry).some((key) => key !== 'property' && key !== 'parameters')
  ) {
    context.issues.add(
      'INVALID_VALUE',
      param,
      `${param} must be {"property": "<array field>", "parameters": {"<field>": <value>, ...}}.`,
    );
    return undefined;
  }
  const field = lookupField(collection, entry.property, entry.property, context.issues);
  if (!field) return undefined;
  if (!field.isArray || field.type !== 'object') {
    context.issues.add(
      'INVALID_VALUE',
      entry.property,
      `elemMatch works on arrays of subdocuments; ${entry.property} is not one.`,
    );
    return undefined;
  }
  const fields = readElementCriteria(collection, field, entry.parameters, `${param}.parameters`, context);
  return fields ? { kind: 'elemMatch', path: field.path, fields } : undefined;
}
