/**
 * `$lookup`, written here because mingo differs from MongoDB on array local fields. MongoDB: the
 * local values are collected along the dotted path (arrays flattened), a missing or null local value
 * (or no value: an empty array) matches foreign documents whose field is null or missing, a foreign
 * array field matches on any of its elements, each matching foreign document appears once, in the
 * foreign collection's natural order. A `foreignField` of `_id` is looked up in the collection's
 * `_id` map, one local value at a time; any other field is indexed (canonical key -> positions)
 * once and kept by the collection until its next write. Only the matched documents go through the
 * sub-pipeline.
 */

import type { Document } from '../bson/document.js';
import { canonicalKey, isDocument } from '../bson/order.js';
import { MISSING, pathValues, withPath } from '../bson/paths.js';
import { MemoryEngineUnsupportedError, serverError } from '../errors/engine-errors.js';
import { evaluate, validateExpression } from '../expression/evaluate.js';
import { checkVariableName } from '../expression/operators.js';
import type { CollectionStore, IdEntry } from '../store/collection-store.js';

export interface LookupHost {
  /** The stored state of a collection of the same database (undefined if it does not exist). */
  resolve(name: string): CollectionStore | undefined;
  /** A sub-pipeline with `$$` variables, ready to run on documents (see `preparePipeline`). */
  prepare(pipeline: unknown[], variables: Document | undefined): (docs: Document[]) => Document[];
}

const NULL_KEY = canonicalKey(null);

/**
 * The keys a value offers to an equality match: itself, and each element if it is an array. On the
 * local side (`local`) a missing value offers nothing: MongoDB collects the local values that exist
 * along the path (an element of `a` without `b` adds none to `a.b`), and only when there is none at
 * all looks up null.
 */
function keysOf(values: unknown[], out: Set<string>, local: boolean): void {
  for (const v of values) {
    if (v === MISSING) {
      if (!local) out.add(NULL_KEY);
    } else if (v === undefined || v === null) out.add(NULL_KEY);
    else if (Array.isArray(v)) {
      if (!local) out.add(canonicalKey(v));
      for (const e of v) out.add(canonicalKey(e ?? null));
    } else out.add(canonicalKey(v));
  }
}

function parseSpec(spec: unknown): {
  from: string;
  as: string;
  localField?: string;
  foreignField?: string;
  let?: Document;
  pipeline?: unknown[];
} {
  if (!isDocument(spec)) throw serverError(15954, 'the $lookup specification must be an Object');
  for (const key of Object.keys(spec)) {
    if (!['from', 'as', 'localField', 'foreignField', 'let', 'pipeline'].includes(key)) {
      throw serverError(9, `unknown argument to $lookup: ${key}`);
    }
  }
  const { from, as, localField, foreignField } = spec;
  if (isDocument(from)) throw new MemoryEngineUnsupportedError('$lookup from another database');
  if (typeof from !== 'string' || from === '')
    throw serverError(40321, "$lookup 'from' field must be a non-empty string");
  if (typeof as !== 'string' || as === '') throw serverError(40321, "must specify 'as' field for a $lookup");
  if (as.startsWith('$')) throw serverError(16410, "FieldPath field names may not start with '$'.");
  if ((localField === undefined) !== (foreignField === undefined)) {
    throw serverError(
      40321,
      "$lookup requires both or neither of 'localField' and 'foreignField' to be specified",
    );
  }
  if (localField !== undefined && (typeof localField !== 'string' || typeof foreignField !== 'string')) {
    throw serverError(4570, "$lookup argument 'localField' and 'foreignField' must be strings");
  }
  if (spec.pipeline !== undefined && !Array.isArray(spec.pipeline)) {
    throw serverError(40321, "$lookup argument 'pipeline' must be an array");
  }
  if (localField === undefined && spec.pipeline === undefined) {
    throw serverError(
      40321,
      "$lookup requires either 'pipeline' or both 'localField' and 'foreignField' to be specified",
    );
  }
  if (spec.let !== undefined && !isDocument(spec.let))
    throw serverError(9, "$lookup argument 'let' must be an object");
  const out: ReturnType<typeof parseSpec> = { from, as };
  if (typeof localField === 'string') out.localField = localField;
  if (typeof foreignField === 'string') out.foreignField = foreignField;
  if (isDocument(spec.let)) {
    for (const [name, expr] of Object.entries(spec.let)) {
      checkVariableName(name);
      validateExpression(expr);
    }
    out.let = spec.let;
  }
  if (Array.isArray(spec.pipeline)) out.pipeline = spec.pipeline;
  return out;
}

/** The foreign documents indexed by `field`: canonical key -> positions, ascending. */
function indexOn(foreign: readonly Document[], field: string): Map<string, number[]> {
  const index = new Map<string, number[]>();
  const keys = new Set<string>();
  foreign.forEach((doc, position) => {
    keys.clear();
    keysOf(pathValues(doc, field), keys, false);
    for (const key of keys) {
      const list = index.get(key);
      if (list) list.push(position);
      else index.set(key, [position]);
    }
  });
  return index;
}

const EMPTY: readonly Document[] = [];

export function lookup(
  docs: Document[],
  rawSpec: unknown,
  host: LookupHost,
  outerVariables: Document | undefined,
): Document[] {
  const spec = parseSpec(rawSpec);
  const store = host.resolve(spec.from);
  const foreign = store?.docs ?? EMPTY;
  const variablesFor = (doc: Document): Document | undefined => {
    if (spec.let === undefined) return outerVariables;
    const vars: Document = { ...outerVariables };
    for (const [name, expr] of Object.entries(spec.let)) vars[name] = evaluate(doc, expr, outerVariables);
    return vars;
  };
  // Without `let` every document's sub-pipeline has the same variables: it is prepared once.
  const { pipeline } = spec;
  let shared: ((docs: Document[]) => Document[]) | undefined;
  const runSubPipeline = (matched: Document[], doc: Document): Document[] => {
    if (pipeline === undefined) return matched;
    if (spec.let !== undefined) return host.prepare(pipeline, variablesFor(doc))(matched);
    shared ??= host.prepare(pipeline, outerVariables);
    return shared(matched);
  };
  const { localField, foreignField } = spec;
  let matchesOf: ((keys: Set<string>) => Document[]) | undefined;
  if (localField !== undefined && foreignField !== undefined) {
    if (store === undefined) matchesOf = () => [];
    else if (foreignField === '_id') {
      // `_id` is unique and never an array: each key names at most one document.
      matchesOf = (keys) => {
        const found: IdEntry[] = [];
        for (const key of keys) {
          const entry = store.byId(key);
          if (entry !== undefined) found.push(entry);
        }
        if (found.length > 1) found.sort((a, b) => a.rank - b.rank);
        return found.map((entry) => entry.doc);
      };
    } else {
      const index = store.derived(`$lookup ${foreignField}`, (all) => indexOn(all, foreignField));
      matchesOf = (keys) => {
        const positions = new Set<number>();
        for (const key of keys) for (const p of index.get(key) ?? []) positions.add(p);
        return [...positions].sort((a, b) => a - b).map((p) => foreign[p]!);
      };
    }
  }
  return docs.map((doc) => {
    let matched: Document[];
    if (matchesOf !== undefined) {
      const keys = new Set<string>();
      keysOf(pathValues(doc, localField!), keys, true);
      // MongoDB: no local value at all (e.g. an empty array) is treated as null.
      if (keys.size === 0) keys.add(NULL_KEY);
      matched = matchesOf(keys);
    } else {
      matched = [...foreign];
    }
    // Stages never change their input documents; the caller copies the final output.
    return withPath(doc, spec.as, runSubPipeline(matched, doc));
  });
}
