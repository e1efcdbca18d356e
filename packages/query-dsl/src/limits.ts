/** Limits on untrusted input. Exceeding any of them is a `QUERY_TOO_COMPLEX` issue, never silent truncation. */
export interface QueryLimits {
  /** @default 8192 (bytes of the query string) */
  readonly maxQueryLength: number;
  /** Nesting depth of JSON values and bracket keys. @default 8 */
  readonly maxDepth: number;
  /** @default 50 */
  readonly maxFilters: number;
  /** @default 10 */
  readonly maxSearchWords: number;
  /** @default 64 */
  readonly maxSearchWordLength: number;
  /** @default 10 */
  readonly maxPopulatePaths: number;
  /** Values in one `$in` / `$nin` list or repeated key. @default 100 */
  readonly maxListLength: number;
}

export const DEFAULT_LIMITS: QueryLimits = Object.freeze({
  maxQueryLength: 8192,
  maxDepth: 8,
  maxFilters: 50,
  maxSearchWords: 10,
  maxSearchWordLength: 64,
  maxPopulatePaths: 10,
  maxListLength: 100,
});
