import type { CollectionDefinition } from '../collection/define-collection.js';
import type { ElemMatchProjection, Projection } from '../plan/types.js';
import { elemMatchFilterExpression } from './expressions.js';

export type ProjectionDocument = Record<string, unknown>;

/**
 * A plan's projection as MongoDB projection documents. Hidden fields never come back: they are
 * excluded from exclusion projections, and an included subdocument that has hidden children is
 * expanded into its visible children (MongoDB can't mix inclusion and exclusion).
 * Returns the stages' documents: `project` (a find projection or `$project`) and `set` (computed
 * `$elemMatch` fields to add after an exclusion `$project`).
 */
export function buildProjection(
  collection: CollectionDefinition,
  projection: Projection,
): { project: ProjectionDocument | undefined; set: ProjectionDocument | undefined } {
  switch (projection.kind) {
    case 'all':
      return { project: exclusion(collection, []), set: undefined };
    case 'exclude': {
      const set = elemMatchFields(projection.elemMatch);
      return { project: exclusion(collection, projection.paths), set };
    }
    case 'include': {
      const project: ProjectionDocument = {};
      if (projection.withoutId) project._id = 0;
      for (const path of visibleInclusions(collection, projection.paths)) project[path] = 1;
      Object.assign(project, elemMatchFields(projection.elemMatch));
      // `select=_id` alone: an empty projection would return every field, hidden ones included.
      if (Object.keys(project).length === 0) project._id = 1;
      return { project, set: undefined };
    }
  }
}

/** Inclusion of the given fields of a referenced record (`_id` always comes back). */
export function fieldsProjection(
  collection: CollectionDefinition,
  fields: 'all' | readonly string[],
): ProjectionDocument | undefined {
  if (fields === 'all') return exclusion(collection, []);
  // A populate spec is checked once and its field lists kept (see readPopulate): the same list
  // comes back with every request that repeats that populate, and its projection with it.
  let byFields = fieldProjections.get(collection);
  if (!byFields) {
    byFields = new WeakMap();
    fieldProjections.set(collection, byFields);
  }
  let cached = byFields.get(fields);
  if (!cached) {
    cached = {};
    for (const path of visibleInclusions(collection, fields)) cached[path] = 1;
    byFields.set(fields, cached);
  }
  return { ...cached };
}

/** The inclusion projection of each field list, per collection (copied out: callers may keep it). */
const fieldProjections = new WeakMap<CollectionDefinition, WeakMap<readonly string[], ProjectionDocument>>();

/** The hidden-fields exclusion of each collection, built once (copied out: callers may keep it). */
const hiddenExclusions = new WeakMap<CollectionDefinition, ProjectionDocument | undefined>();

function exclusion(
  collection: CollectionDefinition,
  paths: readonly string[],
): ProjectionDocument | undefined {
  if (paths.length === 0) {
    if (!hiddenExclusions.has(collection))
      hiddenExclusions.set(collection, buildExclusion(collection, paths));
    const cached = hiddenExclusions.get(collection);
    return cached && { ...cached };
  }
  return buildExclusion(collection, paths);
}

function buildExclusion(
  collection: CollectionDefinition,
  paths: readonly string[],
): ProjectionDocument | undefined {
  const all = [
    ...paths,
    ...collection.hiddenPaths.filter((hidden) => !paths.some((path) => covers(path, hidden))),
  ];
  if (all.length === 0) return undefined;
  const project: ProjectionDocument = {};
  for (const path of all) project[path] = 0;
  return project;
}

function elemMatchFields(items: readonly ElemMatchProjection[]): ProjectionDocument | undefined {
  if (items.length === 0) return undefined;
  const fields: ProjectionDocument = {};
  for (const item of items) fields[item.path] = elemMatchFilterExpression(item);
  return fields;
}

/** Replaces an included path that has hidden descendants by its visible children, recursively. */
function visibleInclusions(collection: CollectionDefinition, paths: readonly string[]): string[] {
  const out: string[] = [];
  const visit = (path: string): void => {
    const field = collection.fields.get(path);
    if (field?.hidden) return;
    const prefix = `${path}.`;
    if (field && collection.hiddenPaths.some((hidden) => hidden.startsWith(prefix))) {
      for (const child of field.children) visit(child);
      return;
    }
    out.push(path);
  };
  for (const path of paths) visit(path);
  return out;
}

function covers(ancestor: string, path: string): boolean {
  return path === ancestor || path.startsWith(`${ancestor}.`);
}
