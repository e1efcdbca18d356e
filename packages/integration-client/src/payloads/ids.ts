/**
 * An identifier as stored (a BSON `ObjectId`, or anything with `toHexString()`) or as its
 * 24-character hexadecimal string. Payloads always carry the lower-case 24-hex string.
 */
export type IdLike = string | { toHexString(): string };

/**
 * A JSON Schema for a 24-hex identifier as payloads carry it: lower case, which is what the
 * external system is promised. The package reads no query and does not depend on
 * `@school/query-dsl` (whose `OBJECT_ID_PATTERN` takes either case); a dependency for one pattern
 * would weigh more than the pattern, so the identifier is spelled here once, for this package.
 */
export const hexIdSchema = { type: 'string', pattern: '^[0-9a-f]{24}$' } as const;

/** An identifier as a caller may give it: the payload pattern in either case (`toHexId` lower-cases it). */
const hex24 = new RegExp(hexIdSchema.pattern, 'iu');

/** The lower-case 24-hex form of `value`, or `undefined` when it is not an identifier. */
export function toHexId(value: unknown): string | undefined {
  let text: unknown = value;
  if (typeof value === 'object' && value !== null && 'toHexString' in value) {
    const toHexString = (value as { toHexString: unknown }).toHexString;
    if (typeof toHexString !== 'function') return undefined;
    text = toHexString.call(value);
  }
  if (typeof text !== 'string' || !hex24.test(text)) return undefined;
  return text.toLowerCase();
}
