import type { CollectionDefinition } from '../collection/define-collection.js';
import { editDistance } from '../core/edit-distance.js';
import type { IssueList } from '../core/issue-list.js';
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
function closestField(collection: CollectionDefinition, path: string): string | undefined {
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
