import { SUPPORTED_OPERATORS } from '../core/operators.js';

/**
 * The first `$`-key anywhere in a user-supplied value that is not allowed, e.g. `$where` hidden in
 * `{"$in": [{"$where": "..."}]}`. User input may never reach MongoDB with an operator outside the list.
 */
export function forbiddenOperator(
  value: unknown,
  allowed: ReadonlySet<string> = SUPPORTED_OPERATORS,
): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = forbiddenOperator(item, allowed);
      if (found) return found;
    }
    return undefined;
  }
  for (const key of Object.keys(value)) {
    if (key.charCodeAt(0) === 36 /* $ */ && !allowed.has(key)) return key;
    const found = forbiddenOperator(Reflect.get(value, key), allowed);
    if (found) return found;
  }
  return undefined;
}
