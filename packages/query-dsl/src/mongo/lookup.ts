import type { PopulateNode } from '../plan/types.js';
import { fieldsProjection } from './projection.js';

export type Stage = Record<string, unknown>;

/**
 * The stages that replace each reference by the record it points to. One `$lookup` per
 * reference (MongoDB 5.0+ form: `localField`/`foreignField` with a `pipeline` that applies the
 * caller's scope and fetches only the requested fields), then a `$set` that puts each record where
 * its identifier was — keeping array order, and `null` for an identifier that resolves to nothing
 * (deleted, or outside the caller's scope).
 */
export function lookupStages(nodes: readonly PopulateNode[]): Stage[] {
  const stages: Stage[] = [];
  for (let index = 0; index < nodes.length; index++) nodeStages(nodes[index]!, index, stages);
  return stages;
}

/** `__populate_<index>`, the temporary field of the index-th lookup at one level (built once). */
const tempNames: string[] = [];
function tempName(index: number): string {
  let name = tempNames[index];
  if (name === undefined) {
    name = `__populate_${index}`;
    tempNames[index] = name;
  }
  return name;
}

function nodeStages(node: PopulateNode, index: number, into: Stage[]): void {
  const pipeline = targetPipeline(node);
  const inPlace = !node.arrayPath && !node.many;
  const lookup: Record<string, unknown> = {
    from: node.target.name,
    localField: node.path,
    foreignField: '_id',
    as: inPlace ? node.path : tempName(index),
  };
  if (pipeline.length > 0) lookup.pipeline = pipeline;
  into.push({ $lookup: lookup });
  for (const stage of placementStages(node, index)) into.push(stage);
}

/** The placement stages of one reference shape, by the index of its temporary field. */
interface Placement {
  readonly arrayPath: string | undefined;
  readonly many: boolean;
  readonly byIndex: Array<readonly Stage[] | undefined>;
}

/**
 * The stages that put looked-up records where their identifiers were. They depend only on the
 * reference's shape, so they are built once and shared (frozen) between queries. Looked up by the
 * reference's path (a string the cached populate spec keeps, so its hash is already known) rather
 * than by a key joined per request.
 */
const placementCache = new Map<string, Placement[]>();

function placementStages(node: PopulateNode, index: number): readonly Stage[] {
  let shapes = placementCache.get(node.path);
  if (!shapes) {
    if (placementCache.size >= 1000) placementCache.clear();
    shapes = [];
    placementCache.set(node.path, shapes);
  }
  let placement = shapes.find((item) => item.arrayPath === node.arrayPath && item.many === node.many);
  if (!placement) {
    placement = { arrayPath: node.arrayPath, many: node.many, byIndex: [] };
    shapes.push(placement);
  }
  let stages = placement.byIndex[index];
  if (!stages) {
    stages = deepFreeze(buildPlacement(node, tempName(index)));
    placement.byIndex[index] = stages;
  }
  return stages;
}

function buildPlacement(node: PopulateNode, temp: string): Stage[] {
  if (!node.arrayPath && !node.many) {
    return [{ $set: { [node.path]: { $ifNull: [{ $first: `$${node.path}` }, null] } } }];
  }
  const found = `$${temp}`;
  const arrayPath = node.arrayPath;
  const value = arrayPath
    ? mapArray(
        `$${arrayPath}`,
        'item',
        setIn('$$item', node.path.slice(arrayPath.length + 1), (ref) =>
          node.many ? resolveMany(ref, found) : resolveOne(ref, found),
        ),
      )
    : resolveMany(`$${node.path}`, found);
  return [{ $set: { [arrayPath ?? node.path]: value } }, { $unset: temp }];
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

function targetPipeline(node: PopulateNode): Stage[] {
  const stages: Stage[] = [];
  if (node.scope && Object.keys(node.scope).length > 0) stages.push({ $match: node.scope });
  const project = fieldsProjection(node.target, node.fields);
  if (project) stages.push({ $project: project });
  for (let index = 0; index < node.children.length; index++) nodeStages(node.children[index]!, index, stages);
  return stages;
}

/** The record whose `_id` is `ref`, from the looked-up records, or `null`. */
function resolveOne(ref: string, found: string): unknown {
  return {
    $ifNull: [{ $first: { $filter: { input: found, as: 'doc', cond: { $eq: ['$$doc._id', ref] } } } }, null],
  };
}

/** Each identifier of the array `refs` replaced by its record (or `null`), in the array's order. */
function resolveMany(refs: string, found: string): unknown {
  return mapArray(refs, 'ref', resolveOne('$$ref', found));
}

function mapArray(input: string, as: string, expression: unknown): unknown {
  return { $cond: [{ $isArray: input }, { $map: { input, as, in: expression } }, input] };
}

/** `base` with the value at the dotted `subPath` replaced by `replace(current value)`. */
function setIn(base: string, subPath: string, replace: (current: string) => unknown): unknown {
  const [head, ...rest] = subPath.split('.');
  const current = `${base}.${head}`;
  const value = rest.length === 0 ? replace(current) : setIn(current, rest.join('.'), replace);
  return { $mergeObjects: [base, { [head!]: value }] };
}
