/**
 * An operator update parsed once per command, before any document is read, as MongoDB parses it
 * (so its errors come whether or not a document matches): the `arrayFilters` first, then the
 * operators and paths, then every array filter must have been used by a path.
 */
import type { Document } from '../bson/document.js';
import { serverError } from '../errors/engine-errors.js';
import { type ElementTest, parseArrayFilters } from './array-filters.js';
import { bsonString } from './bson-string.js';
import { type Entry, isDynamic, validatePaths } from './check.js';

export interface OperatorUpdate {
  readonly entries: readonly Entry[];
  /** The `arrayFilters`, by identifier. */
  readonly filters: ReadonlyMap<string, ElementTest>;
  /** Whether a path holds `$`, which needs the position the query matched. */
  readonly positional: boolean;
  /** Whether a path holds `$`, `$[]` or `$[<id>]`: two paths may then meet in one document only. */
  readonly dynamic: boolean;
}

export function parseOperatorUpdate(update: Document, arrayFilters?: unknown): OperatorUpdate {
  const filters = parseArrayFilters(arrayFilters);
  const { entries, used } = validatePaths(update, new Set(filters.keys()));
  for (const identifier of filters.keys()) {
    if (!used.has(identifier)) {
      throw serverError(
        9,
        `The array filter for identifier '${identifier}' was not used in the update ${bsonString(update)}`,
      );
    }
  }
  const parts = entries.flatMap(([, path]) => path.split('.'));
  return {
    entries,
    filters,
    positional: parts.includes('$'),
    dynamic: parts.some(isDynamic),
  };
}

/** The check MongoDB makes of a pipeline update given `arrayFilters`. */
export function checkPipelineFilters(arrayFilters: unknown): void {
  if (arrayFilters !== undefined && arrayFilters !== null) {
    throw serverError(9, 'arrayFilters may not be specified for pipeline-style updates');
  }
}
