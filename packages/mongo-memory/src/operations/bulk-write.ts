/**
 * `bulkWrite`: the driver's operation models (`insertOne`, `updateOne`, `updateMany`,
 * `replaceOne`, `deleteOne`, `deleteMany`), each run as its own method runs it. As the driver sends
 * them: every model is checked (and every inserted document given its `_id`) before the first
 * runs; an ordered write runs them in order and stops at the first write error, an unordered one
 * runs its inserts, then its updates, then its deletes (the driver's three batches), each in
 * order, and reports every write error. Write errors are thrown at the end as one
 * `MongoBulkWriteError` whose result counts what was done.
 */
import { ObjectId } from 'bson';
import type { BulkWriteResult } from 'mongodb';
import { cloneValue } from '../bson/clone.js';
import type { Document } from '../bson/document.js';
import { isDocument } from '../bson/order.js';
import { MemoryInvalidArgumentError, MemoryServerError } from '../errors/engine-errors.js';
import { checkUpdate } from '../update/check.js';
import {
  type BulkOutcome,
  bulkWriteError,
  MemoryBulkWriteResult,
  noOutcome,
  passesForDriverResult,
  writeError,
} from './bulk-write-error.js';
import { deleteMany, deleteOne } from './delete.js';
import { byReplacement, byUpdate, type Change } from './modify.js';
import { checkOptions } from './options.js';
import type { Target } from './target.js';
import { updateMatched } from './update.js';

/** One operation: its batch, the statement the driver would send, and how it runs. */
interface Step {
  index: number;
  batch: 'insert' | 'update' | 'delete';
  statement: Document;
  run: (outcome: BulkOutcome) => void;
}

const invalid = (message: string) => new MemoryInvalidArgumentError(message);

/** The models whose members are checked against the option table (insertOne's document is not). */
type Model = 'replaceOne' | 'updateOne' | 'updateMany' | 'deleteOne' | 'deleteMany';

function model(operation: Document, name: Model): Document {
  const spec = operation[name];
  if (!isDocument(spec)) throw invalid(`The ${name} operation must be an object`);
  if ('q' in spec) throw invalid('Raw operations are not allowed');
  checkOptions(spec, `bulkWrite.${name}`);
  return spec;
}

function insertStep(target: Target, operation: Document, index: number): Step {
  const spec = operation.insertOne;
  // As the driver: `{insertOne: {document}}`, or the document itself under `insertOne`.
  const doc = isDocument(spec) && spec.document != null ? spec.document : spec;
  if (!isDocument(doc)) throw invalid('Document must be an object');
  // As the driver: a missing or null `_id` becomes an ObjectId before the batch is sent.
  if (doc._id == null) doc._id = new ObjectId();
  return {
    index,
    batch: 'insert',
    statement: doc,
    run: (outcome) => {
      target.write().insert(cloneValue(doc));
      outcome.insertedIds.push({ index, _id: doc._id });
      outcome.nInserted++;
    },
  };
}

/** A server error found while reading an update is that operation's write error, when it runs. */
function changeOf(build: () => Change): Change | MemoryServerError {
  try {
    return build();
  } catch (error) {
    if (error instanceof MemoryServerError) return error;
    throw error;
  }
}

function updateStep(target: Target, operation: Document, name: Model, index: number): Step {
  const spec = model(operation, name);
  const { filter, upsert, sort, arrayFilters } = spec;
  const update = name === 'replaceOne' ? spec.replacement : spec.update;
  if (!isDocument(filter)) throw invalid('Selector must be a valid JavaScript object');
  if (!isDocument(update) && !Array.isArray(update))
    throw invalid('Document must be a valid JavaScript object');
  const many = name === 'updateMany';
  let change: Change | MemoryServerError;
  if (name === 'replaceOne') {
    if (Object.keys(update)[0]?.startsWith('$'))
      throw invalid('Replacement document must not use atomic operators');
    change = changeOf(() => byReplacement(update as Document));
  } else {
    const checked = checkUpdate(update);
    change = changeOf(() => byUpdate(target.host, checked, filter, arrayFilters));
  }
  const statement: Document = { q: filter, u: update, ...(typeof upsert === 'boolean' ? { upsert } : {}) };
  if (many) statement.multi = true;
  if (arrayFilters !== undefined) statement.arrayFilters = arrayFilters;
  if (!many && sort != null) statement.sort = sort;
  return {
    index,
    batch: 'update',
    statement,
    run: (outcome) => {
      if (change instanceof MemoryServerError) throw change;
      const result = updateMatched(
        target,
        filter,
        change,
        { upsert: upsert === true, ...(many ? {} : { sort }) },
        many,
      );
      outcome.nMatched += result.matchedCount;
      outcome.nModified += result.modifiedCount;
      if (result.upsertedCount > 0) {
        outcome.nUpserted++;
        outcome.upserted.push({ index, _id: result.upsertedId });
      }
    },
  };
}

function deleteStep(target: Target, operation: Document, name: Model, index: number): Step {
  const { filter } = model(operation, name);
  const q = isDocument(filter) ? filter : {};
  const many = name === 'deleteMany';
  return {
    index,
    batch: 'delete',
    statement: { q, limit: many ? 0 : 1 },
    run: (outcome) => {
      outcome.nRemoved += (many ? deleteMany : deleteOne)(target, q, {}).deletedCount;
    },
  };
}

function stepOf(target: Target, operation: unknown, index: number): Step {
  if (!isDocument(operation)) throw invalid('Operation must be an object with an operation key');
  if ('insertOne' in operation) return insertStep(target, operation, index);
  for (const name of ['replaceOne', 'updateOne', 'updateMany'] as const) {
    if (name in operation) return updateStep(target, operation, name, index);
  }
  for (const name of ['deleteOne', 'deleteMany'] as const) {
    if (name in operation) return deleteStep(target, operation, name, index);
  }
  throw invalid('bulkWrite only supports insertOne, updateOne, updateMany, deleteOne, deleteMany');
}

const BATCHES = ['insert', 'update', 'delete'] as const;

export function bulkWrite(
  target: Target,
  operations: unknown,
  options: { ordered?: boolean },
): BulkWriteResult {
  if (!Array.isArray(operations)) throw invalid('Argument "operations" must be an array of documents');
  const steps = operations.map((operation: unknown, index) => stepOf(target, operation, index));
  if (steps.length === 0) throw invalid('Invalid BulkOperation, Batch cannot be empty');
  const ordered = options.ordered !== false;
  const order = ordered ? steps : BATCHES.flatMap((batch) => steps.filter((step) => step.batch === batch));
  const outcome = noOutcome();
  for (const step of order) {
    try {
      step.run(outcome);
    } catch (error) {
      if (!(error instanceof MemoryServerError)) throw error;
      outcome.writeErrors.push(writeError(step.index, error, step.statement));
      if (ordered) break;
    }
  }
  if (outcome.writeErrors.length > 0) throw bulkWriteError(outcome);
  const result = new MemoryBulkWriteResult(outcome);
  if (!passesForDriverResult(result)) throw new TypeError('BulkWriteResult expected');
  return result;
}
