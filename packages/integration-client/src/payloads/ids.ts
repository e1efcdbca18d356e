/**
 * An identifier as stored (a BSON `ObjectId`, or anything with `toHexString()`) or as its
 * 24-character hexadecimal string. Payloads always carry the lower-case 24-hex string.
 */
export type IdLike = string | { toHexString(): string };

const hex24 = /^[0-9a-fA-F]{24}$/;

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

/** A JSON Schema for a 24-hex identifier as payloads carry it. */
export const hexIdSchema = { type: 'string', pattern: '^[0-9a-f]{24}$' } as const;
