import { bsonType } from './bson-order.js';

/**
 * Deep copy of a document that keeps bson types: ObjectId and other immutable bson values are
 * shared, Dates, RegExps, Buffers and Binary are copied, plain objects and arrays are rebuilt.
 * `undefined` becomes null, as the driver's serializer does by default (`ignoreUndefined: false`).
 */
export function cloneValue<T>(value: T): T {
  return copy(value) as T;
}

function copy(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : copy(v)));
  if (value instanceof Date) return new Date(value.getTime());
  if (value instanceof RegExp) return new RegExp(value.source, value.flags);
  if (Buffer.isBuffer(value)) return Buffer.from(value);
  if (ArrayBuffer.isView(value)) return (value as unknown as { slice(): unknown }).slice();
  const tag = bsonType(value);
  if (tag === 'Binary') {
    const bin = value as {
      buffer: Uint8Array;
      position: number;
      sub_type: number;
      constructor: new (b: Uint8Array, s: number) => unknown;
    };
    return new bin.constructor(bin.buffer.slice(0, bin.position), bin.sub_type);
  }
  if (tag !== undefined) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = v === undefined ? null : copy(v);
  }
  return out;
}
