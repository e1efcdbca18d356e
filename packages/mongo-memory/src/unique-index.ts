/**
 * Index definitions of one collection. Unique indexes are enforced like MongoDB's: compound keys,
 * dotted paths, multikey (each array element is a key, an empty array is one key), missing fields
 * index as null unless the index is sparse (all fields missing) or the partial filter excludes the
 * document. `_id` is always unique. Other indexes are recorded only.
 */
import { canonicalKey, isDocument } from './bson-order.js';
import { type Document, type MemoryServerError, serverError } from './errors.js';
import { compileFilter, type Predicate } from './match.js';
import { MISSING, pathValues } from './paths.js';

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
  /**
   * The keys each stored document holds in this index (unique indexes only), so that replacing a
   * document removes its keys without computing them again.
   */
  keysByDoc: WeakMap<Document, readonly string[]>;
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

export function defaultIndexName(key: Document): string {
  return Object.entries(key)
    .map(([k, v]) => `${k}_${String(v)}`)
    .join('_');
}

export function makeIndex(key: Document, options: IndexOptions): IndexDefinition {
  for (const [field, dir] of Object.entries(key)) {
    if (field === '' || field.startsWith('$'))
      throw serverError(67, `Index key contains an illegal field name: '${field}'`);
    if (!(dir === 1 || dir === -1 || typeof dir === 'string')) {
      throw serverError(67, `Values in the index key pattern can only be numbers or strings`);
    }
  }
  return {
    name: options.name ?? defaultIndexName(key),
    key,
    unique: options.unique === true,
    sparse: options.sparse === true,
    partialFilterExpression: options.partialFilterExpression,
    partial: options.partialFilterExpression ? compileFilter(options.partialFilterExpression) : undefined,
    entries: new Map(),
    keysByDoc: new WeakMap(),
  };
}

interface KeyValue {
  key: string;
  values: unknown[];
}

/** The index keys a document produces (none when sparse/partial leaves it out). */
export function indexKeys(index: IndexDefinition, doc: Document): KeyValue[] {
  if (index.partial && !index.partial(doc)) return [];
  const fields = Object.keys(index.key);
  const perField: Array<Array<{ key: string; value: unknown }>> = [];
  let allMissing = true;
  let arrayField: string | undefined;
  for (const field of fields) {
    const options: Array<{ key: string; value: unknown }> = [];
    let isArray = false;
    for (const v of pathValues(doc, field)) {
      if (v === MISSING) options.push({ key: 'null', value: null });
      else if (Array.isArray(v)) {
        isArray = true;
        allMissing = false;
        if (v.length === 0) options.push({ key: EMPTY_ARRAY_KEY, value: undefined });
        for (const e of v) options.push({ key: canonicalKey(e), value: e });
      } else {
        allMissing = false;
        options.push({ key: canonicalKey(v), value: v });
      }
    }
    if (isArray) {
      if (arrayField !== undefined) {
        throw parallelArrays(field, arrayField);
      }
      arrayField = field;
    }
    const unique = new Map(options.map((o) => [o.key, o]));
    perField.push([...unique.values()]);
  }
  if (index.sparse && allMissing) return [];
  let combos: KeyValue[] = [{ key: '', values: [] }];
  for (const options of perField) {
    combos = combos.flatMap((c) =>
      options.map((o) => ({ key: `${c.key}|${o.key}`, values: [...c.values, o.value] })),
    );
  }
  return combos;
}

/**
 * Refuses a document that the index could not hold (arrays in two of its fields), without building
 * its keys: all a non-unique index needs to check, since its keys are not kept.
 */
export function assertIndexable(index: IndexDefinition, doc: Document): void {
  const fields = Object.keys(index.key);
  if (fields.length < 2) return;
  if (index.partial && !index.partial(doc)) return;
  let arrayField: string | undefined;
  for (const field of fields) {
    if (!pathValues(doc, field).some((value) => Array.isArray(value))) continue;
    if (arrayField !== undefined) throw parallelArrays(field, arrayField);
    arrayField = field;
  }
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
