import { addTokens } from '../search/tokens.js';
import type { CollectionDefinition } from './define-collection.js';

export interface SearchIndex {
  /** Folded, de-duplicated tokens to store in the collection's `search.tokensField`. */
  readonly tokens: string[];
  /** The record's searchable text (original spelling), stored in `search.textField` when there is one. */
  readonly text: string;
}

/**
 * Builds what `global_search` matches for one record, so writers and readers agree:
 * the tokens (word prefixes are matched against them) and the human-readable text.
 * `extraTexts` adds text that lives in other records, e.g. the name of a book's series.
 *
 * @example
 * const index = buildSearchIndex(authors, { name: 'José Pérez', email: 'jose@example.org' }, ['Cuentos 2']);
 * // index.tokens → ['jose', 'perez', 'jose@example.org', ..., 'org', 'cuentos', '2']
 * // index.text   → 'José Pérez jose@example.org Cuentos 2'
 */
export function buildSearchIndex(
  collection: CollectionDefinition,
  record: object,
  extraTexts: readonly string[] = [],
): SearchIndex {
  const search = collection.search;
  if (!search) throw new TypeError(`Collection "${collection.name}" has no search configuration.`);
  const tokens = new Set<string>();
  const texts: string[] = [];
  for (const { path, kind } of search.fields) {
    for (const value of valuesAt(record, path)) {
      const text = typeof value === 'string' ? value : String(value);
      if (!text.trim()) continue;
      texts.push(text.trim());
      addTokens(tokens, text, kind);
    }
  }
  for (const extra of extraTexts) {
    if (!extra.trim()) continue;
    texts.push(extra.trim());
    addTokens(tokens, extra, 'text');
  }
  return { tokens: [...tokens], text: texts.join(' ') };
}

/**
 * The `$set` fields that store a record's search index: the tokens in `search.tokensField`
 * (`{ _search: [...] }`) and, when the collection names a `search.textField`, the text there.
 */
export function searchIndexFields(
  collection: CollectionDefinition,
  record: object,
  extraTexts: readonly string[] = [],
): Record<string, string | string[]> {
  const index = buildSearchIndex(collection, record, extraTexts);
  const fields: Record<string, string | string[]> = { [collection.search!.tokensField]: index.tokens };
  const textField = collection.search?.textField;
  if (textField !== undefined) fields[textField] = index.text;
  return fields;
}

/** Scalar values at a dotted path, through arrays of subdocuments. */
function valuesAt(value: unknown, path: string): unknown[] {
  const [head, ...rest] = path.split('.');
  return collect(value, head ?? '', rest);
}

function collect(value: unknown, head: string, rest: string[]): unknown[] {
  if (Array.isArray(value)) return value.flatMap((item) => collect(item, head, rest));
  if (value === null || typeof value !== 'object') return [];
  const next = (value as Record<string, unknown>)[head];
  if (rest.length === 0) {
    if (Array.isArray(next)) return next.filter((item) => item !== null && item !== undefined);
    return next === null || next === undefined ? [] : [next];
  }
  const [nextHead, ...nextRest] = rest;
  return collect(next, nextHead ?? '', nextRest);
}
