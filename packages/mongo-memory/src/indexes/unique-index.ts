/**
 * Index definitions of one collection. Unique indexes are enforced like MongoDB's: compound keys,
 * dotted paths, multikey (each array element is a key, an empty array is one key), missing fields
 * index as null unless the index is sparse (all fields missing) or the partial filter excludes the
 * document. `_id` is always unique. Every index, unique or not, keeps its entries in key order
 * (`tree`), which the query planner (src/plan/) reads.
 */

import type { Document } from '../bson/document.js';
import { canonicalKey, isDocument } from '../bson/order.js';
import { MISSING, pathValues, splitPath } from '../bson/paths.js';
import { type MemoryServerError, serverError } from '../errors/engine-errors.js';
import { compileFilter, type Predicate } from '../query/filter.js';
import { type IndexTree, makeTree } from './index-order.js';
import { EMPTY_ARRAY, keyTuples } from './key-generator.js';
import { checkPartialFilter } from './partial-filter.js';

export interface IndexOptions {
  name?: string;
  unique?: boolean;
  sparse?: boolean;
  partialFilterExpression?: Document;
}

export interface IndexDefinition {
  name: string;
  key: Document;
  unique: boolean;
  sparse: boolean;
  partialFilterExpression: Document | undefined;
  partial: Predicate | undefined;
  /** index key -> canonical `_id` of the document holding it (unique indexes only). */
  entries: Map<string, string>;
  /** 1 or -1 per field of `key`; undefined when a field is a special kind (text, hashed …). */
  directions: Array<1 | -1> | undefined;
  /** Every entry (key tuple and document rank) in the index's order, pointing at the document. */
  tree: IndexTree;
  /**
   * Per field: whether some document ever held two different values for it (an array), as MongoDB
   * records multikey paths; bounds on such a field are not intersected. Never reset.
   */
  multikey: boolean[];
}

const EMPTY_ARRAY_KEY = 'undefined';

export function normalizeKeys(keys: unknown): Document {
  if (typeof keys === 'string') return { [keys]: 1 };
  if (Array.isArray(keys)) {
    const out: Document = {};
    for (const k of keys) {
      if (typeof k === 'string') out[k] = 1;
      else if (Array.isArray(k)) out[String(k[0])] = k[1];
      else if (isDocument(k)) Object.assign(out, k);
    }
    return out;
  }
  if (keys instanceof Map) return Object.fromEntries(keys);
  if (!isDocument(keys) || Object.keys(keys).length === 0)
    throw serverError(67, 'Index keys cannot be empty.');
  return { ...keys };
}

function defaultIndexName(key: Document): string {
  return Object.entries(key)
    .map(([k, v]) => `${k}_${String(v)}`)
    .join('_');
}

const isDirection = (value: unknown): value is 1 | -1 => value === 1 || value === -1;

export function makeIndex(key: Document, options: IndexOptions): IndexDefinition {
  for (const [field, dir] of Object.entries(key)) {
    if (field === '' || field.startsWith('$'))
      throw serverError(67, `Index key contains an illegal field name: '${field}'`);
    if (!(dir === 1 || dir === -1 || typeof dir === 'string')) {
      throw serverError(67, `Values in the index key pattern can only be numbers or strings`);
    }
  }
  if (options.partialFilterExpression !== undefined) {
    if (options.sparse) throw serverError(67, 'cannot mix "partialFilterExpression" and "sparse" options');
    checkPartialFilter(options.partialFilterExpression);
  }
  const dirs = Object.values(key);
  const directions = dirs.every(isDirection) ? dirs : undefined;
  return {
    name: options.name ?? defaultIndexName(key),
    key,
    unique: Boolean(options.unique),
    sparse: Boolean(options.sparse),
    partialFilterExpression: options.partialFilterExpression,
    partial: options.partialFilterExpression ? compileFilter(options.partialFilterExpression) : undefined,
    entries: new Map(),
    directions,
    tree: makeTree(directions ?? []),
    multikey: Object.keys(key).map(() => false),
  };
}

export interface KeyValue {
  /** The canonical text of the key (what unique indexes compare); empty in other indexes. */
  key: string;
  /** The values, an empty array as `undefined` (as MongoDB shows them in errors; unique indexes). */
  values: unknown[];
  /** The values as the index orders them, an empty array as `EMPTY_ARRAY`. */
  tuple: unknown[];
}

/**
 * The index keys a document produces (none when sparse/partial leaves it out), as MongoDB's btree
 * key generator makes them (see key-generator.ts): paths inside one array pair up element by
 * element, an empty array is the key `undefined`, two paths through different arrays are refused.
 */
export function indexKeys(index: IndexDefinition, doc: Document): KeyValue[] {
  if (index.partial && !index.partial(doc)) return [];
  const fields = Object.keys(index.key);
  if (index.sparse && fields.every((field) => pathValues(doc, field).every((v) => v === MISSING))) return [];
  const keys = new Map<string, KeyValue>();
  keyTuples(
    doc,
    fields.map((field) => splitPath(field)),
    (tuple) => {
      // Only a unique index compares keys as text; the entries of the others are the tuples, which
      // the index's order keeps once each.
      if (!index.unique) {
        keys.set(String(keys.size), { key: '', values: tuple, tuple });
        return;
      }
      let key = '';
      const values: unknown[] = [];
      for (const value of tuple) {
        key += `|${value === EMPTY_ARRAY ? EMPTY_ARRAY_KEY : canonicalKey(value)}`;
        values.push(value === EMPTY_ARRAY ? undefined : value);
      }
      if (!keys.has(key)) keys.set(key, { key, values, tuple });
    },
    parallelArrays,
    ambiguousField,
  );
  return [...keys.values()];
}

/** MongoDB's error 16746: a path's position in an array is also a field of one of its elements. */
function ambiguousField(field: string, array: readonly unknown[]): MemoryServerError {
  return serverError(
    16746,
    `Ambiguous field name found in array (do not use numeric field names in embedded elements in an array), field: '${field}' for array: ${render(array)}`,
  );
}

function parallelArrays(field: string, other: string): MemoryServerError {
  return serverError(171, `cannot index parallel arrays [${field}] [${other}]`);
}

function render(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (value instanceof Date) return `new Date(${value.getTime()})`;
  const tag = (value as { _bsontype?: string })._bsontype;
  if (tag === 'ObjectId') return `ObjectId('${(value as { toHexString(): string }).toHexString()}')`;
  if (Array.isArray(value)) return `[ ${value.map(render).join(', ')} ]`;
  if (isDocument(value)) {
    const entries = Object.entries(value).map(([k, v]) => `${k}: ${render(v)}`);
    return entries.length ? `{ ${entries.join(', ')} }` : '{}';
  }
  return String(value);
}

export function duplicateKeyError(
  namespace: string,
  index: IndexDefinition,
  values: unknown[],
): MemoryServerError {
  const fields = Object.keys(index.key);
  const shown = fields.map((f, i) => `${f}: ${render(values[i])}`).join(', ');
  const error = serverError(
    11000,
    `E11000 duplicate key error collection: ${namespace} index: ${index.name} dup key: { ${shown} }`,
  );
  error.keyPattern = { ...index.key };
  error.keyValue = Object.fromEntries(fields.map((f, i) => [f, values[i] ?? null]));
  return error;
}
