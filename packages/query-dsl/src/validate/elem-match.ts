import type { CollectionDefinition } from '../collection/define-collection.js';
import type { ElemMatchFilter } from '../plan/types.js';
import { unsupported } from './conditions.js';
import type { ValidationContext } from './context.js';
import { readElementCriteria } from './element-criteria.js';
import { lookupField } from './field-lookup.js';
import { checkedJson, isPlainObject, mayHoldOperators, readJson } from './json.js';
import { forbiddenOperator } from './operators.js';

const PARAM = 'elemMatch';

/**
 * `elemMatch={"property": "years", "parameters": {"enrolled": true}}`, or an array of such
 * objects: each entry needs one element of its array to satisfy all of its parameters. From a
 * query string it is JSON text, given once; a typed description hands it over as a value.
 */
export function readElemMatch(
  collection: CollectionDefinition,
  raw: unknown,
  context: ValidationContext,
  fromText: boolean,
): ElemMatchFilter[] {
  const filters: ElemMatchFilter[] = [];
  let value = raw;
  if (fromText) {
    if (typeof raw !== 'string') {
      context.issues.add(
        'INVALID_VALUE',
        PARAM,
        'Give elemMatch once, as JSON (an object or an array of objects).',
      );
      return filters;
    }
    const parsed = readJson(raw, PARAM, context.limits, context.issues);
    if (!parsed) return filters;
    value = parsed.value;
  } else if (!checkedJson(raw, PARAM, context.limits, context.issues)) return filters;
  const forbidden = fromText && !mayHoldOperators(raw as string) ? undefined : forbiddenOperator(value);
  if (forbidden) {
    unsupported(forbidden, PARAM, context);
    return filters;
  }
  const entries = Array.isArray(value) ? value : [value];
  if (entries.length === 0) context.issues.add('INVALID_VALUE', PARAM, 'elemMatch is an empty list.');
  entries.forEach((entry, index) => {
    const param = entries.length > 1 ? `${PARAM}[${index}]` : PARAM;
    const filter = readEntry(collection, entry, param, context);
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
