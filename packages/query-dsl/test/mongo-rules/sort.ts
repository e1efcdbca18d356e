/**
 * Sorts (find `sort` and every `$sort`):
 * - non-empty (error 15976, "$sort stage must have at least one sort key") and at most 32 keys
 *   (manual "$sort": "You can sort on a maximum of 32 keys");
 * - every direction is 1 or -1 (error 15975), no `$`-key;
 * - a unique tie-breaker, `_id`, so pages never overlap (manual "Sort Consistency": "include at
 *   least one field in your sort that contains unique values ... _id");
 * - no two keys through different arrays of the schema: MongoDB fails on any document holding both
 *   ("cannot sort with keys that are parallel arrays"; jstests/core/query/sort/
 *   sort_dotted_paths_parallel_arrays.js), keys inside one array are fine (sort_dotted_paths.js).
 */
import type { CollectionDefinition } from '@school/query-dsl';
import { type Command, isPlainObject, stagesOf, type Violations } from './commands.js';

const MAX_SORT_KEYS = 32;

function sortViolations(sort: unknown, collection: CollectionDefinition, where: string): Violations {
  if (!isPlainObject(sort)) return [`${where}: not a document`];
  const out: Violations = [];
  const keys = Object.keys(sort);
  if (keys.length === 0) out.push(`${where}: no sort key`);
  if (keys.length > MAX_SORT_KEYS) out.push(`${where}: ${keys.length} keys, more than ${MAX_SORT_KEYS}`);
  for (const key of keys) {
    if (key === '' || key.startsWith('$')) out.push(`${where}: key "${key}"`);
    if (sort[key] !== 1 && sort[key] !== -1) out.push(`${where}.${key}: direction ${String(sort[key])}`);
  }
  if (!keys.includes('_id')) out.push(`${where}: no unique tie-breaker (_id)`);
  const arrays = keys.map((key) => arraysOf(collection, key));
  for (let i = 0; i < keys.length; i++)
    for (let j = i + 1; j < keys.length; j++) {
      const onlyI = arrays[i]!.some((path) => !arrays[j]!.includes(path));
      const onlyJ = arrays[j]!.some((path) => !arrays[i]!.includes(path));
      if (onlyI && onlyJ) out.push(`${where}: ${keys[i]} and ${keys[j]} are parallel arrays`);
    }
  return out;
}

/** The array fields of the schema a path goes through, itself included. */
function arraysOf(collection: CollectionDefinition, path: string): string[] {
  const parts = path.split('.');
  return parts
    .map((_, index) => parts.slice(0, index + 1).join('.'))
    .filter((prefix) => collection.fields.get(prefix)?.isArray === true);
}

export function sortRule({ mongo, collection }: Command): Violations {
  const { read } = mongo;
  if (read.kind === 'find') return sortViolations(read.options.sort, collection, 'sort');
  const out: Violations = [];
  // Lookup pipelines hold no $sort; a top-level one sorts the collection read.
  for (const [where, stage] of stagesOf(read.pipeline, 'pipeline'))
    if ('$sort' in stage) out.push(...sortViolations(stage.$sort, collection, `${where}.$sort`));
  if (!read.pipeline.some((stage) => '$sort' in stage)) out.push('pipeline: no $sort');
  return out;
}
