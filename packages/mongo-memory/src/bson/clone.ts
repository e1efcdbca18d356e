import { types } from 'node:util';
import { bsonType } from './order.js';

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
  if (Array.isArray(value)) return value.map(copyElement);
  const tag = bsonType(value);
  if (tag !== undefined) {
    if (tag !== 'Binary') return value;
    const bin = value as {
      buffer: Uint8Array;
      position: number;
      sub_type: number;
      constructor: new (b: Uint8Array, s: number) => unknown;
    };
    return new bin.constructor(bin.buffer.slice(0, bin.position), bin.sub_type);
  }
  if (value instanceof Date) return new Date(value.getTime());
  if (value instanceof RegExp) return new RegExp(value.source, value.flags);
  if (Buffer.isBuffer(value)) return Buffer.from(value);
  if (types.isTypedArray(value)) return value.slice();
  if (value instanceof DataView)
    return new DataView(value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength));
  const out: Record<string, unknown> = {};
  const source = value as Record<string, unknown>;
  // Object.keys: the own enumerable string keys, in the order Object.entries gives them.
  for (const key of Object.keys(source)) {
    const v = source[key];
    out[key] = v === undefined ? null : copy(v);
  }
  return out;
}

/** An array element (holes stay holes: `map` skips them). */
function copyElement(v: unknown): unknown {
  return v === undefined ? null : copy(v);
}
