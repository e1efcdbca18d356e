/**
 * Pages: `limit` / `$limit` is a positive 64-bit integer (manual "$limit": "takes a positive
 * integer"; error 15958 "the limit must be positive"; in find, 0 would mean "no limit"), and
 * `skip` / `$skip` a non-negative 64-bit integer (manual "$skip"; error 15956 "Argument to $skip
 * cannot be negative"). Integers stay exact in a JS number up to 2^53 - 1, within 64 bits.
 * Every read is limited: a find always has `limit`, a pipeline one `$limit` at its top level.
 */
import type { Command, Violations } from './commands.js';

function limitViolations(limit: unknown, where: string): Violations {
  return Number.isSafeInteger(limit) && (limit as number) >= 1 ? [] : [`${where}: limit ${String(limit)}`];
}

function skipViolations(skip: unknown, where: string): Violations {
  return Number.isSafeInteger(skip) && (skip as number) >= 0 ? [] : [`${where}: skip ${String(skip)}`];
}

export function paginationRule({ mongo }: Command): Violations {
  const { read } = mongo;
  if (read.kind === 'find') {
    const out = limitViolations(read.options.limit, 'options.limit');
    if (read.options.skip !== undefined) out.push(...skipViolations(read.options.skip, 'options.skip'));
    return out;
  }
  const out: Violations = [];
  const limits = read.pipeline.filter((stage) => '$limit' in stage);
  if (limits.length !== 1) out.push(`pipeline: ${limits.length} $limit stages`);
  read.pipeline.forEach((stage, index) => {
    if ('$limit' in stage) out.push(...limitViolations(stage.$limit, `pipeline[${index}].$limit`));
    if ('$skip' in stage) out.push(...skipViolations(stage.$skip, `pipeline[${index}].$skip`));
  });
  return out;
}
