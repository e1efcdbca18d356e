/** The options and results the operations share, and how they read the driver's arguments. */
import type { Document } from '../bson/document.js';
import { MemoryEngineUnsupportedError, serverError } from '../errors/engine-errors.js';
import type { Deadline } from './deadline.js';
import { OPTION_TABLE, type OptionsOf } from './option-table.js';

/** What selects a query's documents besides its filter: `hint` and `let` (see select.ts). */
export interface ReadOptions {
  /** An index by name or key pattern, or `{$natural: 1}` (see plan/hint.ts). */
  hint?: unknown;
  /** The command's `let` variables, already evaluated (see let.ts). */
  variables?: Document | undefined;
  /** Checked before each document the filter tests (`maxTimeMS`, see deadline.ts). */
  deadline?: Deadline | undefined;
}

export interface FindOptions {
  projection?: Document;
  sort?: unknown;
  skip?: number;
  limit?: number;
  /** The most milliseconds the find may take (see `deadline.ts`). */
  maxTimeMS?: number;
  hint?: unknown;
  let?: Document;
}

export interface UpdateOptions {
  upsert?: boolean;
  hint?: unknown;
  let?: Document;
}

export interface FindOneAndOptions {
  returnDocument?: 'before' | 'after';
  sort?: unknown;
  upsert?: boolean;
  projection?: Document;
  includeResultMetadata?: boolean;
  hint?: unknown;
  let?: Document;
  maxTimeMS?: number;
}

export interface UpdateResult {
  acknowledged: boolean;
  matchedCount: number;
  modifiedCount: number;
  upsertedCount: number;
  upsertedId: unknown;
}

/**
 * The one check every method's options pass: each option given (not `undefined`) must be one the
 * method knows (option-table.ts); any other is refused by name. Returns the options as a document.
 */
export function checkOptions(options: object | undefined | null, method: OptionsOf): Document {
  if (options === undefined || options === null) return {};
  const known: Readonly<Record<string, unknown>> = OPTION_TABLE[method];
  for (const [name, value] of Object.entries(options)) {
    if (value !== undefined && !Object.hasOwn(known, name)) {
      throw new MemoryEngineUnsupportedError(`The ${method} option '${name}'`);
    }
  }
  return options as Document;
}

export function integerOption(value: unknown, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value))
    throw serverError(2, `${name} must be an integer`);
  return value;
}

/** The driver's arguments, read as the plain documents they are. */
export const plain = (value: object | undefined | null): Document => (value ?? {}) as Document;
