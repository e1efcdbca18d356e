/**
 * `aggregate`: the pipeline over the collection's documents. A leading `$match` selects through
 * the same path as `find` (the `_id` map or an index when it can, the hinted index when a `hint`
 * names one); `let` variables are seen by every stage; stages never change their input documents,
 * so the stored ones are read in place and only the output is copied.
 */

import { cloneValue } from '../bson/clone.js';
import type { Document } from '../bson/document.js';
import { isDocument } from '../bson/order.js';
import { serverError } from '../errors/engine-errors.js';
import { runPipeline } from '../pipeline/run.js';
import { deadlineOf } from './deadline.js';
import { letVariables } from './let.js';
import { matchingDocs } from './select.js';
import type { Target } from './target.js';

/** What `aggregate` honours of its options (the rest are checked by options.ts). */
export interface AggregateSpec {
  maxTimeMS?: unknown;
  hint?: unknown;
  let?: unknown;
}

export function runAggregate(target: Target, pipeline: unknown, options: AggregateSpec = {}): Document[] {
  if (!Array.isArray(pipeline)) throw serverError(14, "'pipeline' option must be specified as an array");
  const variables = letVariables(options.let);
  const deadline = deadlineOf(options.maxTimeMS, target.host.now);
  const [first] = pipeline;
  let input: Document[];
  let rest: unknown[] = pipeline;
  const how = { hint: options.hint, variables };
  if (isDocument(first) && Object.keys(first)[0] === '$match' && Object.keys(first).length === 1) {
    input = matchingDocs(target, first.$match, deadline, how);
    rest = pipeline.slice(1);
  } else if (options.hint !== undefined) input = matchingDocs(target, {}, deadline, how);
  else input = [...target.read()];
  const output = runPipeline(input, rest, target.host, variables);
  deadline?.check();
  return output.map((d) => cloneValue(d));
}
