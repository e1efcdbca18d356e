import type { JsonSchema } from '@school/query-dsl';
import type { ErrorEntry } from '../errors/http-error.js';

/** At most this many missing fields are named in one refusal. */
const MAX_REPORTED = 20;

/**
 * The fields the create schema requires that a record (as an update would leave it) lacks, at any
 * depth, array elements included (`years.0.year`). The update schemas already refuse `null` on
 * them; this holds for any way a merge could leave one out, e.g. a partial object merged into a
 * record that had none.
 */
export function missingRequired(schema: JsonSchema, record: unknown): ErrorEntry[] {
  const entries: ErrorEntry[] = [];
  const walk = (node: JsonSchema, value: unknown, path: string): void => {
    if (entries.length >= MAX_REPORTED || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      const items = node.items;
      if (items) for (const [index, item] of value.entries()) walk(items, item, `${path}.${index}`);
      return;
    }
    const object = value as Record<string, unknown>;
    for (const field of node.required ?? []) {
      if (object[field] === undefined || object[field] === null) {
        const param = path ? `${path}.${field}` : field;
        entries.push({
          code: 'VALIDATION_FAILED',
          param,
          message: `${param} is required: this update would leave the record without it.`,
        });
      }
    }
    for (const [key, child] of Object.entries(node.properties ?? {})) {
      if (Object.hasOwn(object, key)) walk(child, object[key], path ? `${path}.${key}` : key);
    }
  };
  walk(schema, record, '');
  return entries.slice(0, MAX_REPORTED);
}
