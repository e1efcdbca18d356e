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
  /**
   * The most a read may cost by its plan's estimate (see `CostEstimate`: records of the page,
   * records populated into them, filter terms). A collection's `maxCost` replaces it for that
   * collection. @default 5000
   */
  readonly maxCost: number;
  /**
   * How many records a populate path over an array of references is assumed to reach per record,
   * for the cost estimate. @default 10
   */
  readonly arrayFanOut: number;
}

/**
 * How many references a populate path may cross (`years.group.section` crosses 2): not a limit a
 * caller sets, because the record types follow chains only this deep (`Reference` in
 * `result/shape.ts` reads this constant's literal type).
 */
export const MAX_POPULATE_DEPTH = 3 as const;

export const DEFAULT_LIMITS: QueryLimits = Object.freeze({
  maxQueryLength: 8192,
  maxDepth: 8,
  maxFilters: 50,
  maxSearchWords: 10,
  maxSearchWordLength: 64,
  maxPopulatePaths: 10,
  maxListLength: 100,
  maxCost: 5000,
  arrayFanOut: 10,
});

/** How many parameters a query string may have. */
export const MAX_PARAMETERS = 1000;

/** Every limit, and a collection's `maxCost`, is a positive integer. */
export function isPositiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;
}
