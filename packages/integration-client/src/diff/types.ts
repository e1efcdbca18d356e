/** A JSON value. */
export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;
/** A JSON object. */
export interface JsonObject {
  [key: string]: JsonValue;
}

type IsOptional<T, K extends keyof T> = Partial<Pick<T, K>> extends Pick<T, K> ? true : false;

type PatchValue<V> = V extends readonly unknown[] ? V : V extends object ? MergePatch<V> : V;

/**
 * The update body of a payload type `T` (JSON Merge Patch, RFC 7396, as this package uses it):
 * every key optional; nested objects hold only their changed keys; arrays are whole;
 * `null` clears an optional field.
 */
export type MergePatch<T> = {
  [K in keyof T]?: PatchValue<Exclude<T[K], undefined>> | (IsOptional<T, K> extends true ? null : never);
};

/**
 * The JSON form of `T` that payloads and patches carry: `Date` becomes its ISO string,
 * an `ObjectId` (anything with `toHexString()`) its 24-hex string.
 */
export type Canonical<T> = T extends Date
  ? string
  : T extends { toHexString(): string }
    ? string
    : T extends readonly (infer E)[]
      ? Canonical<E>[]
      : T extends object
        ? { [K in keyof T]: Canonical<T[K]> }
        : T;

/** A MongoDB update document with only `$set` and `$unset`, as {@link toMongoUpdate} builds it. */
export interface MongoUpdate {
  $set?: Record<string, JsonValue>;
  $unset?: Record<string, ''>;
}
