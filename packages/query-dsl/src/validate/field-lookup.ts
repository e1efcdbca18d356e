import type { CollectionDefinition } from '../define-collection.js';
import type { IssueList } from '../errors.js';
import type { FieldInfo } from '../schema/fields.js';

/** The visible field at `path`, or an `UNKNOWN_FIELD` issue that suggests the closest field name. */
export function lookupField(
  collection: CollectionDefinition,
  path: string,
  param: string,
  issues: IssueList,
  what = 'field',
): FieldInfo | undefined {
  const field = collection.fields.get(path);
  if (field && !field.hidden) return field;
  const suggestion = closestField(collection, path);
  issues.add(
    'UNKNOWN_FIELD',
    param,
    `${collection.name} has no ${what} "${path}"` + (suggestion ? `; did you mean "${suggestion}"?` : '.'),
  );
  return undefined;
}

/** The visible field whose path is nearest to `path` (edit distance), if it is plausibly a typo. */
export function closestField(collection: CollectionDefinition, path: string): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(path.length / 4)) + 1;
  for (const field of collection.fields.values()) {
    if (field.hidden) continue;
    const distance = editDistance(path, field.path, bestDistance);
    if (distance < bestDistance) {
      best = field.path;
      bestDistance = distance;
    }
  }
  return best;
}

/** Levenshtein distance, giving up (returning `limit`) once it can't be below `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) >= limit) return limit;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin >= limit) return limit;
    previous = current;
  }
  return previous[b.length]!;
}
