/**
 * The page at the head of a pipeline: `$match`, `$sort`, an optional `$skip`, `$limit` — what
 * query-dsl sends before its `$lookup`s for `populate`. MongoDB pushes these stages down into the
 * query layer (the `$cursor` stage), where a sort an index gives is read in order until the page
 * is full; the engine reads that head as the equivalent `find`, through the same planner. Only
 * arguments every engine path accepts are taken (directions 1 or -1 on plain paths, integer skip
 * and limit); anything else leaves the pipeline to its stages, which report their own errors.
 */
import type { Document } from '../bson/document.js';
import { isDocument } from '../bson/order.js';

export interface PipelinePage {
  readonly filter: Document;
  readonly sort: Readonly<Record<string, 1 | -1>>;
  readonly skip: number;
  readonly limit: number;
  /** How many of the pipeline's stages the page stands for. */
  readonly stages: number;
}

/** The single key and argument of a stage, else undefined. */
function stageOf(stage: unknown): [string, unknown] | undefined {
  if (!isDocument(stage)) return undefined;
  const keys = Object.keys(stage);
  return keys.length === 1 ? [keys[0]!, stage[keys[0]!]] : undefined;
}

const count = (value: unknown, least: number): number | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= least ? value : undefined;

function plainSort(spec: unknown): Record<string, 1 | -1> | undefined {
  if (!isDocument(spec)) return undefined;
  const entries = Object.entries(spec);
  if (entries.length === 0) return undefined;
  const plain = entries.every(
    ([path, direction]) => path !== '' && !path.startsWith('$') && (direction === 1 || direction === -1),
  );
  return plain ? (spec as Record<string, 1 | -1>) : undefined;
}

/** The page a pipeline starts with, or undefined when it starts otherwise. */
export function pipelinePage(pipeline: readonly unknown[]): PipelinePage | undefined {
  const match = stageOf(pipeline[0]);
  const sortStage = stageOf(pipeline[1]);
  if (match?.[0] !== '$match' || !isDocument(match[1]) || sortStage?.[0] !== '$sort') return undefined;
  const sort = plainSort(sortStage[1]);
  if (sort === undefined) return undefined;
  let next = stageOf(pipeline[2]);
  let skip = 0;
  let at = 2;
  if (next?.[0] === '$skip') {
    const n = count(next[1], 0);
    if (n === undefined) return undefined;
    skip = n;
    next = stageOf(pipeline[++at]);
  }
  const limit = next?.[0] === '$limit' ? count(next[1], 1) : undefined;
  if (limit === undefined) return undefined;
  return { filter: match[1], sort, skip, limit, stages: at + 1 };
}
