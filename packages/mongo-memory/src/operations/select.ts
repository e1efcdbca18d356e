/**
 * Which stored documents a filter selects, in natural order: by the `_id` map when the filter names
 * `_id` by plain equality or `$in` of plain ids, else by a scan with the compiled filter.
 */
import { ObjectId } from 'bson';
import { cloneValue } from '../bson/clone.js';
import type { Document } from '../bson/document.js';
import { canonicalKey } from '../bson/order.js';
import { compileFilter } from '../query/filter.js';
import { normalizeSort, sortDocuments } from '../sort/sort-documents.js';
import type { IdEntry } from '../store/collection-store.js';
import { checkingDeadline, type Deadline } from './deadline.js';
import type { Target } from './target.js';

/** A stored document and its position in the store (what writes address). */
export interface Match {
  doc: Document;
  position: number;
}

/** Matching documents with their positions, in natural order. */
export function matching(target: Target, filter: unknown): Match[] {
  const test = compileFilter(cloneValue(filter ?? {}));
  const docs = target.read();
  const found = byId(target, filter);
  if (found !== undefined) {
    // `_id` is unique: at most the one document, found through the id map instead of a scan.
    return found !== null && test(found) ? [{ doc: found, position: docs.indexOf(found) }] : [];
  }
  const out: Match[] = [];
  docs.forEach((doc, position) => {
    if (test(doc)) out.push({ doc, position });
  });
  return out;
}

/** The matching stored documents (not copied), in natural order. */
export function matchingDocs(target: Target, filter: unknown, deadline?: Deadline): Document[] {
  const test = checkingDeadline(compileFilter(cloneValue(filter ?? {})), deadline);
  const found = byId(target, filter);
  if (found !== undefined) return found !== null && test(found) ? [found] : [];
  const candidates = byIdList(target, filter);
  if (candidates !== undefined) return candidates.filter((doc) => test(doc));
  return target.read().filter((doc) => test(doc));
}

/** The first match in `sort` order (natural order without one). */
export function firstMatch(target: Target, filter: Document, sort: unknown): Match | undefined {
  const matches = matching(target, filter);
  if (sort === undefined || matches.length <= 1) return matches[0];
  const byDoc = new Map(matches.map((m) => [m.doc, m.position]));
  const [doc] = sortDocuments(
    matches.map((m) => m.doc),
    normalizeSort(sort),
    1,
  );
  return doc === undefined ? undefined : { doc, position: byDoc.get(doc)! };
}

/**
 * For a filter whose `_id` is `{ $in: [plain ids] }` (a lookup of several records): the stored
 * documents with those ids, in natural order; `undefined` when the filter is not of that form.
 */
function byIdList(target: Target, filter: unknown): Document[] | undefined {
  if (filter === null || typeof filter !== 'object' || !Object.hasOwn(filter, '_id')) return undefined;
  const condition = (filter as { _id: unknown })._id;
  if (condition === null || typeof condition !== 'object' || Object.keys(condition).length !== 1)
    return undefined;
  const ids = (condition as { $in?: unknown }).$in;
  if (!Array.isArray(ids) || !ids.every(isPlainId)) return undefined;
  const store = target.existing();
  if (!store) return [];
  const entries = new Map<string, IdEntry>();
  for (const id of ids) {
    const key = canonicalKey(id);
    const entry = store.byId(key);
    if (entry) entries.set(key, entry);
  }
  return [...entries.values()].sort((a, b) => a.rank - b.rank).map((entry) => entry.doc);
}

/**
 * For a filter that names `_id` by plain equality (`{ _id: <ObjectId|string|number>, ... }`):
 * the stored document with that `_id`, or `null`; `undefined` when the filter is not of that form.
 */
function byId(target: Target, filter: unknown): Document | null | undefined {
  if (filter === null || typeof filter !== 'object' || !Object.hasOwn(filter, '_id')) return undefined;
  const id = (filter as { _id: unknown })._id;
  if (!isPlainId(id)) return undefined;
  return target.existing()?.byId(canonicalKey(id))?.doc ?? null;
}

/** An `_id` value compared by plain equality (not an operator document, array or regex). */
function isPlainId(id: unknown): boolean {
  return id instanceof ObjectId || typeof id === 'string' || (typeof id === 'number' && !Number.isNaN(id));
}
