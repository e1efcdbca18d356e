/** A record as the driver returns it. */
export type MongoDocument = Record<string, unknown>;

/** The envelope's `response` when `__include_totals=true` on a collection without an active flag. */
export interface PlainTotalsResponse<T = MongoDocument> {
  readonly results: T[];
  readonly total: number;
  readonly actual_total: number;
}

/** The envelope's `response` when `__include_totals=true` on a collection with an active flag. */
export interface ActiveTotalsResponse<T = MongoDocument> extends PlainTotalsResponse<T> {
  readonly active: number;
  readonly inactive: number;
}

export type TotalsResponse<T = MongoDocument> = PlainTotalsResponse<T> | ActiveTotalsResponse<T>;

export type QueryResponse<T = MongoDocument> = T[] | TotalsResponse<T>;
