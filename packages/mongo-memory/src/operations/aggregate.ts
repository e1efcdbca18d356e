/**
 * `aggregate`: the pipeline over the collection's documents. A leading `$match` selects through
 * the same path as `find` (the `_id` map or an index when it can, the hinted index when a `hint`
 * names one), and a leading page (`$match`, `$sort`, `$skip`?, `$limit`: plan/pipeline-page.ts) is
 * read as that `find`, in an index's order when one gives the sort; `let` variables are seen by
 * every stage; stages never change their input documents, so the stored ones are read in place and
 * only the output is copied.
 */

import { cloneValue } from '../bson/clone.js';
import type { Document } from '../bson/document.js';
import { isDocument } from '../bson/order.js';
import { serverError } from '../errors/engine-errors.js';
import { runPipeline } from '../pipeline/run.js';
import { explainPipeline } from '../plan/explain.js';
import { pipelinePage } from '../plan/pipeline-page.js';
import type { PlanReport } from '../plan/planner.js';
import { deadlineOf } from './deadline.js';
import { type FindReport, runFind } from './find.js';
import { letVariables } from './let.js';
import type { ReadOptions } from './options.js';
import { compiled, matchingDocs, selected } from './select.js';
import type { Target } from './target.js';

/** What `aggregate` honours of its options (the rest are checked by options.ts). */
export interface AggregateSpec {
  maxTimeMS?: unknown;
  hint?: unknown;
  let?: unknown;
}

/** The documents the pipeline's first stages select, the stages left to run, and how they were found. */
interface Head {
  readonly input: Document[];
  readonly rest: unknown[];
  readonly filter: Document;
  readonly report?: FindReport;
}

function headOf(target: Target, pipeline: unknown[], how: ReadOptions, options: AggregateSpec = {}): Head {
  const page = pipelinePage(pipeline);
  if (page !== undefined) {
    const { filter, sort, skip, limit } = page;
    const sink: { report?: FindReport } = {};
    const spec = {
      filter,
      sort,
      skip,
      limit,
      ...(typeof options.maxTimeMS === 'number' ? { maxTimeMS: options.maxTimeMS } : {}),
      ...(options.hint !== undefined ? { hint: options.hint } : {}),
      // A `let` that is no document was refused by letVariables before the pipeline ran.
      ...(isDocument(options.let) ? { let: options.let } : {}),
    };
    const input = runFind(target, spec, (report) => {
      sink.report = report;
    });
    return { input, rest: pipeline.slice(page.stages), filter, report: sink.report! };
  }
  const [first] = pipeline;
  if (isDocument(first) && Object.keys(first)[0] === '$match' && Object.keys(first).length === 1) {
    const filter = isDocument(first.$match) ? first.$match : {};
    return { input: matchingDocs(target, first.$match, how.deadline, how), rest: pipeline.slice(1), filter };
  }
  if (how.hint !== undefined) {
    return { input: matchingDocs(target, {}, how.deadline, how), rest: pipeline, filter: {} };
  }
  return { input: [...target.read()], rest: pipeline, filter: {} };
}

export function runAggregate(target: Target, pipeline: unknown, options: AggregateSpec = {}): Document[] {
  if (!Array.isArray(pipeline)) throw serverError(14, "'pipeline' option must be specified as an array");
  const variables = letVariables(options.let);
  const deadline = deadlineOf(options.maxTimeMS, target.host.now);
  const { input, rest } = headOf(target, pipeline, { hint: options.hint, variables, deadline }, options);
  const output = runPipeline(input, rest, target.host, variables);
  deadline?.check();
  return output.map((d) => cloneValue(d));
}

/**
 * `explain()` of an aggregate: the plan of its first stages (MongoDB's `$cursor` stage), run for
 * its counts, then the stages left, as given; those stages are not run.
 */
export function explainAggregate(
  target: Target,
  pipeline: unknown,
  withStats: boolean,
  options: AggregateSpec = {},
): Document {
  if (!Array.isArray(pipeline)) throw serverError(14, "'pipeline' option must be specified as an array");
  const how = { hint: options.hint, variables: letVariables(options.let) };
  const head = headOf(target, pipeline, how, options);
  let report: PlanReport;
  let nReturned = head.input.length;
  if (head.report !== undefined) ({ nReturned, ...report } = head.report);
  else if (head.rest.length < pipeline.length)
    report = selected(target, head.filter, compiled(head.filter, how.variables), how).report;
  else report = { stage: 'COLLSCAN', index: undefined, keysExamined: 0, docsExamined: nReturned };
  const { namespace } = target;
  const stages = head.rest.filter(isDocument).map((stage) => cloneValue(stage));
  return explainPipeline({ namespace, filter: head.filter, report, nReturned, withStats }, stages);
}
