/** `deleteOne` and `deleteMany`: the first match, or every match, removed from the store. */
import type { DeleteResult } from 'mongodb';
import type { Document } from '../bson/document.js';
import type { ReadOptions } from './options.js';
import { matching } from './select.js';
import type { Target } from './target.js';

export function deleteOne(target: Target, filter: Document, how: ReadOptions): DeleteResult {
  const [match] = matching(target, filter, how);
  if (match === undefined) return { acknowledged: true, deletedCount: 0 };
  target.write().removeAt(match.position);
  return { acknowledged: true, deletedCount: 1 };
}

export function deleteMany(target: Target, filter: Document, how: ReadOptions): DeleteResult {
  const matches = matching(target, filter, how);
  if (matches.length === 0) return { acknowledged: true, deletedCount: 0 };
  const store = target.write();
  // From the last position back, so the earlier positions stay where they were.
  for (const { position } of [...matches].reverse()) store.removeAt(position);
  return { acknowledged: true, deletedCount: matches.length };
}
