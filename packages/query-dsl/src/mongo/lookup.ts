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
  return nodes.flatMap((node, index) => nodeStages(node, `__populate_${index}`));
}

function nodeStages(node: PopulateNode, temp: string): Stage[] {
  const pipeline = targetPipeline(node);
  const lookup: Record<string, unknown> = {
    from: node.target.name,
    localField: node.path,
    foreignField: '_id',
  };
  if (!node.arrayPath && !node.many) {
    lookup.as = node.path;
    if (pipeline.length > 0) lookup.pipeline = pipeline;
    return [{ $lookup: lookup }, { $set: { [node.path]: { $ifNull: [{ $first: `$${node.path}` }, null] } } }];
  }
  lookup.as = temp;
  if (pipeline.length > 0) lookup.pipeline = pipeline;
  const found = `$${temp}`;
  const value = node.arrayPath
    ? mapArray(
        `$${node.arrayPath}`,
        'item',
        setIn('$$item', node.path.slice(node.arrayPath.length + 1), (ref) =>
          node.many ? resolveMany(ref, found) : resolveOne(ref, found),
        ),
      )
    : resolveMany(`$${node.path}`, found);
  return [{ $lookup: lookup }, { $set: { [node.arrayPath ?? node.path]: value } }, { $unset: temp }];
}

function targetPipeline(node: PopulateNode): Stage[] {
  const stages: Stage[] = [];
  if (node.scope && Object.keys(node.scope).length > 0) stages.push({ $match: node.scope });
  const project = fieldsProjection(node.target, node.fields);
  if (project) stages.push({ $project: project });
  stages.push(...lookupStages(node.children));
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
