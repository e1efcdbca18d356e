/**
 * `aggregate`: the pipeline over the collection's documents. A leading `$match` selects through
 * the same path as `find` (the `_id` map when it can), and a leading page (`$match`, `$sort`,
 * `$skip`?, `$limit`: plan/pipeline-page.ts) is read as that `find`, in an index's order when
 * one gives the sort; stages never change their input documents, so the stored ones are read in
 * place and only the output is copied.
 */

import { cloneValue } from '../bson/clone.js';
import type { Document } from '../bson/document.js';
import { isDocument } from '../bson/order.js';
import { serverError } from '../errors/engine-errors.js';
import { runPipeline } from '../pipeline/run.js';
import { explainPipeline } from '../plan/explain.js';
import { pipelinePage } from '../plan/pipeline-page.js';
import type { PlanReport } from '../plan/planner.js';
import { type Deadline, deadlineOf } from './deadline.js';
import { type FindReport, runFind } from './find.js';
import { matchingDocs, selected } from './select.js';
import type { Target } from './target.js';

/** The documents the pipeline's first stages select, the stages left to run, and how they were found. */
interface Head {
  readonly input: Document[];
  readonly rest: unknown[];
  readonly filter: Document;
  readonly report?: FindReport;
}

function headOf(target: Target, pipeline: unknown[], deadline?: Deadline, maxTimeMS?: unknown): Head {
  const page = pipelinePage(pipeline);
  if (page !== undefined) {
    const { filter, sort, skip, limit } = page;
    const sink: { report?: FindReport } = {};
    const spec = { filter, sort, skip, limit, ...(typeof maxTimeMS === 'number' ? { maxTimeMS } : {}) };
    const input = runFind(target, spec, (report) => {
      sink.report = report;
    });
    return { input, rest: pipeline.slice(page.stages), filter, report: sink.report! };
  }
  const [first] = pipeline;
  if (isDocument(first) && Object.keys(first)[0] === '$match' && Object.keys(first).length === 1) {
    const filter = isDocument(first.$match) ? first.$match : {};
    return { input: matchingDocs(target, first.$match, deadline), rest: pipeline.slice(1), filter };
  }
  return { input: [...target.read()], rest: pipeline, filter: {} };
}

export function runAggregate(target: Target, pipeline: unknown, maxTimeMS?: unknown): Document[] {
  if (!Array.isArray(pipeline)) throw serverError(14, "'pipeline' option must be specified as an array");
  const deadline = deadlineOf(maxTimeMS, target.host.now);
  const { input, rest } = headOf(target, pipeline, deadline, maxTimeMS);
  const output = runPipeline(input, rest, target.host);
  deadline?.check();
  return output.map((d) => cloneValue(d));
}

/**
 * `explain()` of an aggregate: the plan of its first stages (MongoDB's `$cursor` stage), run for
 * its counts, then the stages left, as given; those stages are not run.
 */
export function explainAggregate(target: Target, pipeline: unknown, withStats: boolean): Document {
  if (!Array.isArray(pipeline)) throw serverError(14, "'pipeline' option must be specified as an array");
  const head = headOf(target, pipeline);
  let report: PlanReport;
  let nReturned = head.input.length;
  if (head.report !== undefined) ({ nReturned, ...report } = head.report);
  else if (head.rest.length < pipeline.length) report = selected(target, head.filter).report;
  else report = { stage: 'COLLSCAN', index: undefined, keysExamined: 0, docsExamined: nReturned };
  const { namespace } = target;
  const stages = head.rest.filter(isDocument).map((stage) => cloneValue(stage));
  return explainPipeline({ namespace, filter: head.filter, report, nReturned, withStats }, stages);
}
