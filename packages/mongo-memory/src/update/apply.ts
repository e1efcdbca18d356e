/**
 * Update operators with MongoDB's rules, written here rather than taken from `mingo/updater` (which
 * silently ignores `$inc` on strings, `$push` on non-arrays and paths through scalars, and lacks
 * `$setOnInsert`). Also: conflicting paths, the immutable `_id`, pipeline updates. The checks are
 * in `check.ts`, the paths in `slots.ts`, the array operators in `arrays.ts`.
 */
import { Timestamp } from 'bson';
import { cloneValue } from '../bson/clone.js';
import type { Document } from '../bson/document.js';
import { compareValues, isDocument, isNumberLike, toNumber, typeName, valuesEqual } from '../bson/order.js';
import { MemoryEngineUnsupportedError, serverError } from '../errors/engine-errors.js';
import { type PipelineHost, runPipeline } from '../pipeline/run.js';
import { addToSet, pull, push } from './arrays.js';
import { describe } from './check.js';
import type { OperatorUpdate } from './parse.js';
import { idOf, remove, resolveSlots, type Slot, write } from './slots.js';

function arithmetic(op: '$inc' | '$mul', doc: Document, slot: Slot, path: string, arg: unknown): void {
  if (!isNumberLike(arg)) {
    throw serverError(
      14,
      `Cannot ${op === '$inc' ? 'increment' : 'multiply'} with non-numeric argument: {${path}: ${describe(arg)}}`,
    );
  }
  if (!slot.exists) {
    write(slot, op === '$inc' ? cloneValue(arg) : 0);
    return;
  }
  if (!isNumberLike(slot.value)) {
    throw serverError(
      14,
      `Cannot apply ${op} to a value of non-numeric type. {_id: ${idOf(doc)}} has the field '${slot.key}' of non-numeric type ${typeName(slot.value)}`,
    );
  }
  const a = toNumber(slot.value);
  const b = toNumber(arg);
  write(slot, op === '$inc' ? a + b : a * b);
}

/**
 * A path with its `$` replaced by the position the query matched (`position`, undefined for an
 * upsert's insert or a query that matched no array element).
 */
function withPosition(path: string, position: string | undefined): string {
  const parts = path.split('.');
  const at = parts.indexOf('$');
  if (at === -1) return path;
  if (position === undefined)
    throw serverError(2, 'The positional operator did not find the match needed from the query.');
  parts[at] = position;
  return parts.join('.');
}

/** Two paths of one update that meet in the document (`a.$[]` and `a.$[x]` on one element): code 40. */
function checkMeeting(written: Array<[number, string]>): void {
  for (const [i, a] of written) {
    for (const [j, b] of written) {
      if (i !== j && (a === b || b.startsWith(`${a}.`)))
        throw serverError(40, `Update created a conflict at '${b}'`);
    }
  }
}

/**
 * Apply a parsed operator update in place. `inserting` applies `$setOnInsert` (upsert inserts
 * only); `position` is what a path's `$` stands for.
 */
export function applyOperators(
  doc: Document,
  update: OperatorUpdate,
  inserting: boolean,
  position?: string,
): void {
  const originalId = doc._id;
  const written: Array<[number, string]> = [];
  for (const [n, [op, positional, arg]] of update.entries.entries()) {
    if (op === '$rename-to') continue;
    if (op === '$setOnInsert' && !inserting) continue;
    const path = withPosition(positional, position);
    const creates = !['$unset', '$pull', '$pullAll', '$pop', '$rename'].includes(op);
    const slots = resolveSlots(doc, path, creates, creates || op === '$pop', update.filters);
    if (update.dynamic) for (const slot of slots) written.push([n, slot.path]);
    if (update.dynamic) checkMeeting(written);
    for (const slot of slots) applyToSlot(doc, op, slot, path, arg);
  }
  checkId(originalId, doc);
}

/** One operator applied at one slot its path names. */
function applyToSlot(doc: Document, op: string, slot: Slot, path: string, arg: unknown): void {
  switch (op) {
    case '$set':
    case '$setOnInsert':
      write(slot, cloneValue(arg));
      break;
    case '$unset':
      remove(slot);
      break;
    case '$inc':
    case '$mul':
      arithmetic(op, doc, slot, path, arg);
      break;
    case '$min':
    case '$max': {
      const c = slot.exists ? compareValues(arg, slot.value) : 0;
      if (!slot.exists || (op === '$min' ? c < 0 : c > 0)) write(slot, cloneValue(arg));
      break;
    }
    case '$push':
      push(doc, slot, arg);
      break;
    case '$addToSet':
      addToSet(slot, arg);
      break;
    case '$pull':
      pull(slot, arg, false);
      break;
    case '$pullAll':
      pull(slot, arg, true);
      break;
    case '$pop': {
      if (!slot.exists) break;
      if (!Array.isArray(slot.value)) {
        throw serverError(
          14,
          `Path '${path}' contains an element of non-array type '${typeName(slot.value)}'`,
        );
      }
      const n = toNumber(arg);
      if (n !== 1 && n !== -1) throw serverError(9, `$pop expects 1 or -1, found: ${describe(arg)}`);
      write(slot, n === 1 ? slot.value.slice(0, -1) : slot.value.slice(1));
      break;
    }
    case '$rename': {
      if (!slot.exists) break;
      const value = slot.value;
      remove(slot);
      for (const target of resolveSlots(doc, arg as string, true)) write(target, value);
      break;
    }
    case '$currentDate': {
      const type = isDocument(arg) ? arg.$type : arg === true ? 'date' : undefined;
      if (type !== 'date' && type !== 'timestamp') {
        throw serverError(
          2,
          `${describe(arg)} is not valid type for $currentDate. Please use a boolean ('true') or a $type expression ({$type: 'timestamp/date'}).`,
        );
      }
      const now = Date.now();
      write(slot, type === 'date' ? new Date(now) : new Timestamp({ t: Math.floor(now / 1000), i: 1 }));
      break;
    }
  }
}

function checkId(originalId: unknown, doc: Document): void {
  if (originalId !== undefined && !valuesEqual(originalId, doc._id)) {
    throw serverError(66, "Performing an update on the path '_id' would modify the immutable field '_id'");
  }
}

const PIPELINE_UPDATE_STAGES = new Set([
  '$addFields',
  '$set',
  '$project',
  '$unset',
  '$replaceRoot',
  '$replaceWith',
]);

/** An update given as an aggregation pipeline, run on the one document. */
export function applyPipelineUpdate(
  doc: Document,
  pipeline: Document[],
  host: PipelineHost,
  variables?: Document,
): Document {
  for (const stage of pipeline) {
    const name = isDocument(stage) ? Object.keys(stage)[0] : undefined;
    if (name === undefined || !PIPELINE_UPDATE_STAGES.has(name)) {
      throw serverError(72, `${name ?? 'stage'} is not allowed to be used within an update`);
    }
  }
  const [result] = runPipeline([doc], pipeline, host, variables);
  const out = result ?? {};
  // MongoDB stores a top-level `$`-prefixed field that a pipeline makes ($setField, $replaceWith),
  // where update operators get 52; the engine reads such a key as an operator, so it refuses by name.
  const dollar = Object.keys(out).find((key) => key.startsWith('$'));
  if (dollar !== undefined)
    throw new MemoryEngineUnsupportedError(`The top-level $-prefixed field name '${dollar}'`);
  if (doc._id !== undefined && out._id === undefined) out._id = doc._id;
  checkId(doc._id, out);
  return out;
}
