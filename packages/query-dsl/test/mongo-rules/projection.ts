/**
 * Projections (find `projection` and every `$project`, lookups' included):
 * - inclusion and exclusion never mix, except `_id: 0` with inclusions (manual, "Projection":
 *   https://www.mongodb.com/docs/manual/reference/method/db.collection.find/#projection — errors
 *   31253/31254 from src/mongo/db/query/projection_parser.cpp);
 * - no path collisions, a path and its parent or the same path twice (illegal since 4.4: error 31250
 *   "Path collision", manual "Compatibility Changes in MongoDB 4.4", Projection);
 * - no `$elemMatch` in an aggregation `$project`/`$set`: it is a find projection operator only
 *   (manual "Projection Operators"; the aggregation parser answers error 168);
 * - a `$project` is never empty (error 51272, "$project requires at least one output field"), and
 *   no projected path is empty, starts with `$` or has an empty component.
 */
import { type Command, isPlainObject, stagesOf, type Violations } from './commands.js';

type ProjectionKind = 'find' | 'aggregation';

function projectionViolations(projection: unknown, kind: ProjectionKind, where: string): Violations {
  const out: Violations = [];
  if (!isPlainObject(projection)) return [`${where}: not a document`];
  const paths = Object.keys(projection);
  if (paths.length === 0 && kind === 'aggregation') out.push(`${where}: an empty $project`);
  let included: string | undefined;
  let excluded: string | undefined;
  for (const path of paths) {
    if (path === '' || path.startsWith('$') || path.split('.').includes(''))
      out.push(`${where}: the path "${path}"`);
    const value = projection[path];
    const exclusion = value === 0 || value === false;
    if (exclusion) {
      if (path !== '_id') excluded ??= path;
    } else if (path !== '_id' || !(value === 1 || value === true)) {
      included ??= path;
    }
    if (kind === 'aggregation' && containsKey(value, '$elemMatch'))
      out.push(`${where}.${path}: $elemMatch in an aggregation projection`);
  }
  if (included !== undefined && excluded !== undefined)
    out.push(`${where}: includes ${included} and excludes ${excluded}`);
  for (const path of paths) {
    const clash = paths.find((other) => other !== path && other.startsWith(`${path}.`));
    if (clash) out.push(`${where}: path collision between ${path} and ${clash}`);
  }
  return out;
}

function containsKey(value: unknown, key: string): boolean {
  if (Array.isArray(value)) return value.some((item) => containsKey(item, key));
  if (!isPlainObject(value)) return false;
  return Object.entries(value).some(([name, child]) => name === key || containsKey(child, key));
}

export function projectionRule({ mongo }: Command): Violations {
  const { read } = mongo;
  if (read.kind === 'find')
    return read.options.projection ? projectionViolations(read.options.projection, 'find', 'projection') : [];
  const out: Violations = [];
  for (const [where, stage] of stagesOf(read.pipeline, 'pipeline')) {
    if ('$project' in stage)
      out.push(...projectionViolations(stage.$project, 'aggregation', `${where}.$project`));
    if ('$set' in stage && containsKey(stage.$set, '$elemMatch')) out.push(`${where}.$set: $elemMatch`);
  }
  return out;
}
