/**
 * `arrayFilters`: one filter per identifier `x` of the `$[x]` parts of an update's paths, read as
 * MongoDB reads them (src/mongo/db/update/update_driver.cpp, `ExpressionWithPlaceholder`): every
 * top-level field of a filter starts with the same identifier — a lowercase letter, then letters
 * and digits — and an element is selected when the filter matches `{<identifier>: element}`.
 */
import type { Document } from '../bson/document.js';
import { isDocument, typeName } from '../bson/order.js';
import { serverError } from '../errors/engine-errors.js';
import { compileFilter } from '../query/filter.js';

/** Whether an array element is selected by its identifier's filter. */
export type ElementTest = (element: unknown) => boolean;

const IDENTIFIER = /^[a-z][a-zA-Z0-9]*$/;
const LOGICAL = new Set(['$and', '$or', '$nor']);

/** The identifiers a filter's top-level fields start with (through `$and`, `$or`, `$nor`). */
function identifiersOf(filter: Document, out: string[]): void {
  for (const [key, value] of Object.entries(filter)) {
    if (LOGICAL.has(key) && Array.isArray(value)) {
      for (const clause of value) if (isDocument(clause)) identifiersOf(clause, out);
    } else if (!key.startsWith('$')) out.push(key.split('.')[0]!);
  }
}

function identifierOf(filter: Document): string {
  const names: string[] = [];
  identifiersOf(filter, names);
  const [first] = names;
  if (first === undefined)
    throw serverError(9, 'Cannot use an expression without a top-level field name in arrayFilters');
  const other = names.find((name) => name !== first);
  if (other !== undefined)
    throw serverError(9, `Expected a single top-level field name, found '${first}' and '${other}'`);
  if (!IDENTIFIER.test(first)) {
    throw serverError(
      2,
      `The top-level field name must be an alphanumeric string beginning with a lowercase letter, found '${first}'`,
    );
  }
  return first;
}

/** The `arrayFilters` option checked and compiled, by identifier, in the order given. */
export function parseArrayFilters(raw: unknown): Map<string, ElementTest> {
  const filters = new Map<string, ElementTest>();
  if (raw === undefined || raw === null) return filters;
  if (!Array.isArray(raw))
    throw serverError(
      14,
      `BSON field 'arrayFilters' is the wrong type '${typeName(raw)}', expected type 'array'`,
    );
  raw.forEach((filter: unknown, i) => {
    if (!isDocument(filter)) {
      throw serverError(
        14,
        `BSON field 'arrayFilters.${i}' is the wrong type '${typeName(filter)}', expected type 'object'`,
      );
    }
    const identifier = identifierOf(filter);
    if (filters.has(identifier))
      throw serverError(9, `Found multiple array filters with the same top-level field name ${identifier}`);
    const test = compileFilter(filter);
    filters.set(identifier, (element) => test({ [identifier]: element }));
  });
  return filters;
}
