/**
 * `$lookup` form and position:
 * - form (manual "$lookup", https://www.mongodb.com/docs/manual/reference/operator/aggregation/lookup/):
 *   `from` and `as` are non-empty strings (`as` not `$`-prefixed), with `localField` and
 *   `foreignField` together (strings), and an optional `pipeline` of stages — `localField`/
 *   `foreignField` together with `pipeline` is the concise correlated form, new in MongoDB 5.0,
 *   the library's floor; the sub-pipeline may not hold `$out` or `$merge`; no other argument;
 * - position (the library's cost contract, README "Built for cost"): in the top-level pipeline,
 *   `$match`, `$sort`, `$skip` and `$limit` all come before the first `$lookup`, so a page of
 *   N records costs N lookups.
 */
import { type Command, isPlainObject, stagesOf, type Violations } from './commands.js';

const ARGUMENTS = new Set(['from', 'as', 'localField', 'foreignField', 'pipeline', 'let']);
const BEFORE_LOOKUPS = new Set(['$match', '$sort', '$skip', '$limit']);

function lookupViolations(lookup: unknown, where: string): Violations {
  if (!isPlainObject(lookup)) return [`${where}: not a document`];
  const out: Violations = [];
  for (const key of Object.keys(lookup)) if (!ARGUMENTS.has(key)) out.push(`${where}: argument ${key}`);
  const nonEmpty = (value: unknown) => typeof value === 'string' && value.length > 0;
  if (!nonEmpty(lookup.from)) out.push(`${where}: from ${String(lookup.from)}`);
  if (!nonEmpty(lookup.as) || String(lookup.as).startsWith('$'))
    out.push(`${where}: as ${String(lookup.as)}`);
  const local = 'localField' in lookup;
  const foreign = 'foreignField' in lookup;
  if (local !== foreign) out.push(`${where}: localField and foreignField go together`);
  if (local && (!nonEmpty(lookup.localField) || !nonEmpty(lookup.foreignField)))
    out.push(`${where}: localField/foreignField must be field paths`);
  if (!local && !('pipeline' in lookup)) out.push(`${where}: neither localField/foreignField nor pipeline`);
  if ('pipeline' in lookup) {
    if (!Array.isArray(lookup.pipeline)) out.push(`${where}: pipeline is not an array`);
    else
      for (const stage of lookup.pipeline as unknown[]) {
        if (isPlainObject(stage) && ('$out' in stage || '$merge' in stage))
          out.push(`${where}: $out/$merge in a lookup pipeline`);
      }
  }
  return out;
}

function lookupPositionViolations(pipeline: readonly Record<string, unknown>[]): Violations {
  const first = pipeline.findIndex((stage) => '$lookup' in stage);
  if (first < 0) return [];
  const out: Violations = [];
  pipeline.slice(first).forEach((stage, offset) => {
    const name = Object.keys(stage)[0]!;
    if (BEFORE_LOOKUPS.has(name)) out.push(`pipeline[${first + offset}]: ${name} after a $lookup`);
  });
  return out;
}

export function lookupRule({ mongo }: Command): Violations {
  if (mongo.read.kind !== 'aggregate') return [];
  const out = lookupPositionViolations(mongo.read.pipeline);
  for (const [where, stage] of stagesOf(mongo.read.pipeline, 'pipeline'))
    if ('$lookup' in stage) out.push(...lookupViolations(stage.$lookup, `${where}.$lookup`));
  return out;
}
