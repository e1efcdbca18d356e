/**
 * `aggregate`: the pipeline over the collection's documents. A leading `$match` selects through
 * the same path as `find` (the `_id` map when it can); stages never change their input documents,
 * so the stored ones are read in place and only the output is copied.
 */

import { cloneValue } from '../bson/clone.js';
import type { Document } from '../bson/document.js';
import { isDocument } from '../bson/order.js';
import { serverError } from '../errors/engine-errors.js';
import { runPipeline } from '../pipeline/run.js';
import { deadlineOf } from './deadline.js';
import { matchingDocs } from './select.js';
import type { Target } from './target.js';

export function runAggregate(target: Target, pipeline: unknown, maxTimeMS?: unknown): Document[] {
  if (!Array.isArray(pipeline)) throw serverError(14, "'pipeline' option must be specified as an array");
  const deadline = deadlineOf(maxTimeMS, target.host.now);
  const [first] = pipeline;
  let input: Document[];
  let rest: unknown[] = pipeline;
  if (isDocument(first) && Object.keys(first)[0] === '$match' && Object.keys(first).length === 1) {
    input = matchingDocs(target, first.$match, deadline);
    rest = pipeline.slice(1);
  } else input = [...target.read()];
  const output = runPipeline(input, rest, target.host);
  deadline?.check();
  return output.map((d) => cloneValue(d));
}
