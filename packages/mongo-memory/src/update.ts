/**
 * Update operators with MongoDB's rules, written here rather than taken from `mingo/updater` (which
 * silently ignores `$inc` on strings, `$push` on non-arrays and paths through scalars, and lacks
 * `$setOnInsert`). Also: conflicting paths, the immutable `_id`, upsert seeds, pipeline updates.
 */
import { Timestamp } from 'bson';
import {
  canonicalKey,
  compareValues,
  isDocument,
  isNumberLike,
  toNumber,
  typeName,
  valuesEqual,
} from './bson-order.js';
import { cloneValue } from './clone.js';
import {
  type Document,
  MemoryEngineUnsupportedError,
  MemoryInvalidArgumentError,
  serverError,
} from './errors.js';
import { isIndex } from './paths.js';
import { type PipelineHost, runPipeline } from './pipeline.js';
import { compileFilter } from './query/filter.js';
import { normalizeSort, sortDocuments } from './sort.js';

const OPERATORS = new Set([
  '$set',
  '$unset',
  '$inc',
  '$mul',
  '$min',
  '$max',
  '$push',
  '$addToSet',
  '$pull',
  '$pullAll',
  '$pop',
  '$rename',
  '$currentDate',
  '$setOnInsert',
]);

export type Update = Document | Document[];

/** The driver's own check: an update document must use operators; a replacement must not. */
export function checkUpdate(update: unknown): Update {
  if (Array.isArray(update)) return update as Document[];
  if (!isDocument(update) || Object.keys(update).length === 0 || !Object.keys(update)[0]!.startsWith('$')) {
    throw new MemoryInvalidArgumentError('Update document requires atomic operators');
  }
  return update;
}

export function checkReplacement(replacement: unknown): Document {
  if (!isDocument(replacement))
    throw new MemoryInvalidArgumentError('Replacement document must be an object');
  if (Object.keys(replacement)[0]?.startsWith('$')) {
    throw new MemoryInvalidArgumentError('Replacement document must not contain atomic operators');
  }
  return replacement;
}

function describe(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

function validatePaths(update: Document): Array<[string, string, unknown]> {
  const entries: Array<[string, string, unknown]> = [];
  for (const [op, arg] of Object.entries(update)) {
    if (!op.startsWith('$'))
      throw serverError(
        9,
        `Unknown modifier: ${op}. Expected a valid update modifier or pipeline-style update specified as an array`,
      );
    if (op === '$bit') throw new MemoryEngineUnsupportedError('The update operator $bit');
    if (!OPERATORS.has(op))
      throw serverError(
        9,
        `Unknown modifier: ${op}. Expected a valid update modifier or pipeline-style update specified as an array`,
      );
    if (!isDocument(arg)) {
      throw serverError(
        9,
        `Modifiers operate on fields but we found type ${typeName(arg)} instead. For example: {$mod: {<field>: ...}} not {${op}: ${describe(arg)}}`,
      );
    }
    for (const [path, value] of Object.entries(arg)) {
      if (path === '') throw serverError(56, 'An empty update path is not valid.');
      for (const part of path.split('.')) {
        if (part === '')
          throw serverError(
            56,
            `The update path '${path}' contains an empty field name, which is not allowed.`,
          );
        if (part === '$' || /^\$\[[^\]]+\]$/.test(part)) {
          throw new MemoryEngineUnsupportedError(`The positional update path '${path}'`);
        }
      }
      if (op === '$pop' && !(isNumberLike(value) && Math.abs(toNumber(value)) === 1)) {
        // Checked when the update is parsed, whether or not the path exists (PopNode::init).
        throw serverError(9, `$pop expects 1 or -1, found: ${describe(value)}`);
      }
      entries.push([op, path, value]);
      if (op === '$rename') {
        if (typeof value !== 'string')
          throw serverError(2, `The 'to' field for $rename must be a string: ${path}: ${describe(value)}`);
        if (value === path)
          throw serverError(2, `The source and target field for $rename must differ: ${path}: "${value}"`);
        entries.push(['$rename-to', value, undefined]);
      }
    }
  }
  const paths = entries.map(([, p]) => p.replaceAll('.$[]', ''));
  for (let i = 0; i < paths.length; i++) {
    for (let j = 0; j < paths.length; j++) {
      if (i === j) continue;
      const a = paths[i]!;
      const b = paths[j]!;
      if (a === b || b.startsWith(`${a}.`)) {
        throw serverError(40, `Updating the path '${b}' would create a conflict at '${a}'`);
      }
    }
  }
  return entries;
}

interface Slot {
  parent: Document | unknown[];
  key: string;
  exists: boolean;
  value: unknown;
}

function describeElement(key: string, value: unknown): string {
  return `{${key}: ${describe(value)}}`;
}

/**
 * The slots a path names (several with `$[]`), creating intermediate documents when `create`. A
 * path blocked by a scalar or by an array it cannot index fails (code 28) when `viable` (the
 * operators that create, and `$pop`), else names nothing.
 */
function resolveSlots(doc: Document, path: string, create: boolean, viable = create): Slot[] {
  const parts = path.split('.');
  let frontier: Array<{ node: Document | unknown[]; name: string }> = [{ node: doc, name: '' }];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const last = i === parts.length - 1;
    const next: Array<{ node: Document | unknown[]; name: string }> = [];
    const slots: Slot[] = [];
    for (const { node, name } of frontier) {
      const keys: string[] = [];
      if (part === '$[]') {
        if (!Array.isArray(node)) {
          throw serverError(
            2,
            `The path '${parts.slice(0, i).join('.')}' must exist in the document in order to apply array updates.`,
          );
        }
        for (let idx = 0; idx < node.length; idx++) keys.push(String(idx));
      } else keys.push(part);
      for (const key of keys) {
        if (Array.isArray(node) && !isIndex(key)) {
          if (!viable) continue;
          throw serverError(28, `Cannot create field '${key}' in element ${describeElement(name, node)}`);
        }
        const current = Array.isArray(node)
          ? node[Number(key)]
          : Object.hasOwn(node, key)
            ? node[key]
            : undefined;
        const exists = Array.isArray(node) ? Number(key) < node.length : Object.hasOwn(node, key);
        if (last) {
          slots.push({ parent: node, key, exists, value: current });
          continue;
        }
        if (isDocument(current) || Array.isArray(current)) next.push({ node: current, name: key });
        else if (!exists || current === undefined) {
          if (!create) continue;
          const fresh: Document = {};
          write({ parent: node, key, exists, value: undefined }, fresh);
          next.push({ node: fresh, name: key });
        } else if (viable) {
          throw serverError(
            28,
            `Cannot create field '${parts[i + 1]}' in element ${describeElement(key, current)}`,
          );
        }
      }
    }
    if (last) return slots;
    frontier = next;
  }
  return [];
}

function write(slot: Slot, value: unknown): void {
  if (Array.isArray(slot.parent)) {
    const idx = Number(slot.key);
    while (slot.parent.length < idx) slot.parent.push(null);
    slot.parent[idx] = value;
  } else slot.parent[slot.key] = value;
}

function remove(slot: Slot): void {
  if (!slot.exists) return;
  if (Array.isArray(slot.parent)) slot.parent[Number(slot.key)] = null;
  else delete slot.parent[slot.key];
}

function idOf(doc: Document): string {
  return describe(doc._id);
}

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

function eachArg(arg: unknown): { values: unknown[]; mods: Document } {
  if (isDocument(arg) && Object.hasOwn(arg, '$each')) {
    const { $each, ...mods } = arg;
    if (!Array.isArray($each))
      throw serverError(
        2,
        `The argument to $each in $push must be an array but it was of type: ${typeName($each)}`,
      );
    return { values: $each, mods };
  }
  return { values: [arg], mods: {} };
}

function push(doc: Document, slot: Slot, arg: unknown): void {
  const current = slot.exists ? slot.value : [];
  if (!Array.isArray(current)) {
    throw serverError(
      2,
      `The field '${slot.key}' must be an array but is of type ${typeName(current)} in document {_id: ${idOf(doc)}}`,
    );
  }
  const { values, mods } = eachArg(arg);
  for (const key of Object.keys(mods)) {
    if (!['$slice', '$sort', '$position'].includes(key))
      throw serverError(2, `Unrecognized clause in $push: ${key}`);
  }
  let array = [...current];
  const items = values.map((v) => cloneValue(v));
  if (mods.$position !== undefined) {
    const p = toNumber(mods.$position);
    if (!Number.isInteger(p)) throw serverError(2, 'The value for $position must be an integer value');
    const at = p < 0 ? Math.max(0, array.length + p) : Math.min(p, array.length);
    array.splice(at, 0, ...items);
  } else array.push(...items);
  if (mods.$sort !== undefined) {
    const s = mods.$sort;
    if (s === 1 || s === -1) {
      array = array
        .map((v, i) => ({ v, i }))
        .sort((x, y) => compareValues(x.v, y.v) * s || x.i - y.i)
        .map((x) => x.v);
    } else if (isDocument(s)) {
      const spec = normalizeSort(s, true);
      array = sortDocuments(array.map((v) => (isDocument(v) ? v : { '': v })) as Document[], spec).map((v) =>
        Object.keys(v).length === 1 && Object.hasOwn(v, '') ? v[''] : v,
      );
    } else
      throw serverError(
        2,
        'The $sort is invalid: use 1/-1 to sort the whole element, or {field:1/-1} to sort embedded fields',
      );
  }
  if (mods.$slice !== undefined) {
    const n = toNumber(mods.$slice);
    if (!Number.isInteger(n)) throw serverError(2, 'The value for $slice must be an integer value');
    array = n >= 0 ? array.slice(0, n) : array.slice(Math.max(0, array.length + n));
  }
  write(slot, array);
}

function addToSet(slot: Slot, arg: unknown): void {
  const current = slot.exists ? slot.value : [];
  if (!Array.isArray(current)) {
    throw serverError(
      2,
      `Cannot apply $addToSet to non-array field. Field named '${slot.key}' has non-array type ${typeName(current)}`,
    );
  }
  const { values, mods } = eachArg(arg);
  if (Object.keys(mods).length > 0)
    throw serverError(2, `Found unexpected fields after $each in $addToSet: ${describe(mods)}`);
  const array = [...current];
  const keys = new Set(array.map(canonicalKey));
  for (const v of values) {
    const key = canonicalKey(v);
    if (!keys.has(key)) {
      keys.add(key);
      array.push(cloneValue(v));
    }
  }
  write(slot, array);
}

function pull(slot: Slot, arg: unknown, all: boolean): void {
  if (!slot.exists) return;
  if (!Array.isArray(slot.value))
    throw serverError(2, `Cannot apply ${all ? '$pullAll' : '$pull'} to a non-array value`);
  let remove: (e: unknown) => boolean;
  if (all) {
    if (!Array.isArray(arg))
      throw serverError(2, `$pullAll requires an array argument but was given a ${typeName(arg)}`);
    remove = (e) => arg.some((v) => valuesEqual(v, e));
  } else if (isDocument(arg)) {
    const first = Object.keys(arg)[0];
    if (first?.startsWith('$') && !['$and', '$or', '$nor', '$expr'].includes(first)) {
      const test = compileFilter({ v: arg });
      remove = (e) => test({ v: e });
    } else {
      const test = compileFilter(arg);
      remove = (e) => isDocument(e) && test(e);
    }
  } else if (arg instanceof RegExp) {
    const test = compileFilter({ v: arg });
    remove = (e) => test({ v: e }) && !Array.isArray(e);
  } else remove = (e) => valuesEqual(e, arg);
  write(
    slot,
    slot.value.filter((e) => !remove(e)),
  );
}

/** Apply an operator update in place. `inserting` applies `$setOnInsert` (upsert inserts only). */
export function applyOperators(doc: Document, update: Document, inserting: boolean): void {
  const entries = validatePaths(update);
  const originalId = doc._id;
  for (const [op, path, arg] of entries) {
    if (op === '$rename-to') continue;
    if (op === '$setOnInsert' && !inserting) continue;
    const creates = !['$unset', '$pull', '$pullAll', '$pop', '$rename'].includes(op);
    const slots = resolveSlots(doc, path, creates, creates || op === '$pop');
    for (const slot of slots) {
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
  }
  checkId(originalId, doc);
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
export function applyPipelineUpdate(doc: Document, pipeline: Document[], host: PipelineHost): Document {
  for (const stage of pipeline) {
    const name = isDocument(stage) ? Object.keys(stage)[0] : undefined;
    if (name === undefined || !PIPELINE_UPDATE_STAGES.has(name)) {
      throw serverError(72, `${name ?? 'stage'} is not allowed to be used within an update`);
    }
  }
  const [result] = runPipeline([doc], pipeline, host);
  const out = result ?? {};
  if (doc._id !== undefined && out._id === undefined) out._id = doc._id;
  checkId(doc._id, out);
  return out;
}
