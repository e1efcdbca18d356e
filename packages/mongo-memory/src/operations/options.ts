/** The options and results the operations share, and how they read the driver's arguments. */
import type { Document } from '../bson/document.js';
import { MemoryEngineUnsupportedError, serverError } from '../errors/engine-errors.js';

export interface FindOptions {
  projection?: Document;
  sort?: unknown;
  skip?: number;
  limit?: number;
  /** The most milliseconds the find may take (see `deadline.ts`). */
  maxTimeMS?: number;
}

export interface UpdateOptions {
  upsert?: boolean;
}

export interface FindOneAndOptions {
  returnDocument?: 'before' | 'after';
  sort?: unknown;
  upsert?: boolean;
  projection?: Document;
  includeResultMetadata?: boolean;
}

export interface UpdateResult {
  acknowledged: boolean;
  matchedCount: number;
  modifiedCount: number;
  upsertedCount: number;
  upsertedId: unknown;
}

const UNSUPPORTED_OPTIONS = ['collation', 'arrayFilters', 'hint', 'let'];
/** The operations (and bulkWrite models) that apply `arrayFilters` (update/array-filters.ts). */
const ARRAY_FILTERS = new Set(['updateOne', 'updateMany', 'findOneAndUpdate']);

export function rejectUnsupported(options: object | undefined, operation: string): void {
  if (!options) return;
  for (const name of UNSUPPORTED_OPTIONS) {
    if (
      (options as Document)[name] !== undefined &&
      !(name === 'arrayFilters' && ARRAY_FILTERS.has(operation))
    )
      throw new MemoryEngineUnsupportedError(`The ${operation} option '${name}'`);
  }
}

export function integerOption(value: unknown, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value))
    throw serverError(2, `${name} must be an integer`);
  return value;
}

/** The driver's arguments, read as the plain documents they are. */
export const plain = (value: object | undefined | null): Document => (value ?? {}) as Document;
