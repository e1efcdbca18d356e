/**
 * MongoDB's BSON comparison order, equality and a canonical key for hashing, without collation.
 * MinKey < null/missing < numbers < strings < objects < arrays < BinData < ObjectId < boolean < Date
 * < Timestamp < RegExp < MaxKey. Numbers compare by value across int/double/Long/Decimal128.
 */
import { ObjectId } from 'bson';
import { bytesOf, compareBytes, compareObjectIds } from './byte-order.js';
import { compareNumbers, numberKey } from './numbers.js';

/** The bson `_bsontype` tag of a value, if it is a bson class instance. */
export function bsonType(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  // Shortcuts for the two kinds of objects met most, without reading a property every kind of
  // object passes through (slow in V8): this bson build's ObjectIds, and plain objects, whose tag
  // can only be a field of their own.
  if (value instanceof ObjectId) return 'ObjectId';
  if (Object.getPrototypeOf(value) === Object.prototype && !Object.hasOwn(value, '_bsontype'))
    return undefined;
  const tag = (value as { _bsontype?: unknown })._bsontype;
  return typeof tag === 'string' ? tag : undefined;
}

/** A plain document: an object that is not an array, Date, RegExp, Buffer or bson value. */
export function isDocument(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value) || value instanceof Date || value instanceof RegExp) return false;
  if (ArrayBuffer.isView(value)) return false;
  return bsonType(value) === undefined;
}

export const RANK = {
  minKey: 1,
  emptyArraySortKey: 2,
  null: 5,
  number: 10,
  string: 15,
  object: 20,
  array: 25,
  binData: 30,
  objectId: 35,
  boolean: 40,
  date: 45,
  timestamp: 47,
  regex: 50,
  code: 55,
  maxKey: 100,
} as const;

export function typeRank(value: unknown): number {
  if (value === undefined || value === null) return RANK.null;
  switch (typeof value) {
    case 'number':
    case 'bigint':
      return RANK.number;
    case 'string':
      return RANK.string;
    case 'boolean':
      return RANK.boolean;
    case 'object':
      break;
    default:
      return RANK.code;
  }
  if (Array.isArray(value)) return RANK.array;
  if (value instanceof Date) return RANK.date;
  if (value instanceof RegExp) return RANK.regex;
  if (ArrayBuffer.isView(value)) return RANK.binData;
  switch (bsonType(value)) {
    case undefined:
      return RANK.object;
    case 'Int32':
    case 'Double':
    case 'Long':
    case 'Decimal128':
      return RANK.number;
    case 'BSONSymbol':
      return RANK.string;
    case 'Binary':
      return RANK.binData;
    case 'ObjectId':
      return RANK.objectId;
    case 'Timestamp':
      return RANK.timestamp;
    case 'BSONRegExp':
      return RANK.regex;
    case 'MinKey':
      return RANK.minKey;
    case 'MaxKey':
      return RANK.maxKey;
    default:
      return RANK.code;
  }
}

/** A number-like value as a JS number (Decimal128 and large Longs approximately). */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  const tag = bsonType(value);
  if (tag === 'Int32' || tag === 'Double') return (value as { value: number }).value;
  if (tag === 'Long') return (value as { toNumber(): number }).toNumber();
  if (tag === 'Decimal128') return Number.parseFloat(String(value));
  return Number.NaN;
}

export function isNumberLike(value: unknown): boolean {
  return typeRank(value) === RANK.number && value !== undefined && value !== null;
}

/** UTF-16 code unit mapped so that comparing units orders strings by code point (UTF-8 byte order). */
function unitKey(unit: number): number {
  if (unit >= 0xd800 && unit <= 0xdfff) return unit + 0x2000;
  if (unit >= 0xe000) return unit - 0x800;
  return unit;
}

export function compareStrings(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return unitKey(x) < unitKey(y) ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

function regexParts(value: unknown): [string, string] {
  if (value instanceof RegExp) return [value.source, [...value.flags].sort().join('')];
  const r = value as { pattern: string; options: string };
  return [r.pattern, [...r.options].sort().join('')];
}

function sign(n: number): number {
  return n < 0 ? -1 : n > 0 ? 1 : 0;
}

/** Compare two BSON values in MongoDB's order. `undefined` (missing) compares as null. */
export function compareValues(a: unknown, b: unknown): number {
  // The common pairs first, with the answer the general path gives them.
  if (typeof a === 'string' && typeof b === 'string') return compareStrings(a, b);
  if (typeof a === 'number' && typeof b === 'number') return compareNumbers(a, b);
  if (bsonType(a) === 'ObjectId' && bsonType(b) === 'ObjectId') return compareObjectIds(a, b);
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  switch (ra) {
    case RANK.null:
    case RANK.minKey:
    case RANK.maxKey:
      return 0;
    case RANK.number:
      return compareNumbers(a, b);
    case RANK.string:
      return compareStrings(String(a), String(b));
    case RANK.boolean:
      return a === b ? 0 : a ? 1 : -1;
    case RANK.date:
      return sign((a as Date).getTime() - (b as Date).getTime());
    case RANK.objectId:
      return compareObjectIds(a, b);
    case RANK.binData: {
      const x = bytesOf(a);
      const y = bytesOf(b);
      if (x.bytes.length !== y.bytes.length) return x.bytes.length < y.bytes.length ? -1 : 1;
      if (x.subtype !== y.subtype) return x.subtype < y.subtype ? -1 : 1;
      return compareBytes(x.bytes, y.bytes);
    }
    case RANK.timestamp: {
      const x = a as { t: number; i: number };
      const y = b as { t: number; i: number };
      return x.t !== y.t ? sign(x.t - y.t) : sign(x.i - y.i);
    }
    case RANK.regex: {
      const [pa, fa] = regexParts(a);
      const [pb, fb] = regexParts(b);
      return compareStrings(pa, pb) || compareStrings(fa, fb);
    }
    case RANK.array: {
      const x = a as unknown[];
      const y = b as unknown[];
      const n = Math.min(x.length, y.length);
      for (let i = 0; i < n; i++) {
        const c = compareValues(x[i], y[i]);
        if (c !== 0) return c;
      }
      return sign(x.length - y.length);
    }
    case RANK.object: {
      const x = Object.entries(a as object).filter(([, v]) => v !== undefined);
      const y = Object.entries(b as object).filter(([, v]) => v !== undefined);
      const n = Math.min(x.length, y.length);
      for (let i = 0; i < n; i++) {
        const [ka, va] = x[i]!;
        const [kb, vb] = y[i]!;
        const rt = typeRank(va) - typeRank(vb);
        if (rt !== 0) return sign(rt);
        const kc = compareStrings(ka, kb);
        if (kc !== 0) return kc;
        const vc = compareValues(va, vb);
        if (vc !== 0) return vc;
      }
      return sign(x.length - y.length);
    }
    default:
      return compareStrings(String(a), String(b));
  }
}

/** MongoDB equality: same canonical type and equal value (objects: same fields in the same order). */
export function valuesEqual(a: unknown, b: unknown): boolean {
  return compareValues(a, b) === 0;
}

/** A string equal for two values exactly when `valuesEqual` holds: for Maps and Sets. */
export function canonicalKey(value: unknown): string {
  const rank = typeRank(value);
  switch (rank) {
    case RANK.null:
      return 'null';
    case RANK.minKey:
      return 'minKey';
    case RANK.maxKey:
      return 'maxKey';
    case RANK.number:
      return numberKey(value);
    case RANK.string:
      return `s:${JSON.stringify(String(value))}`;
    case RANK.boolean:
      return value ? 'true' : 'false';
    case RANK.date:
      return `d:${(value as Date).getTime()}`;
    case RANK.objectId:
      return `o:${(value as { toHexString(): string }).toHexString()}`;
    case RANK.binData: {
      const { bytes, subtype } = bytesOf(value);
      return `b:${subtype}:${Buffer.from(bytes).toString('base64')}`;
    }
    case RANK.timestamp: {
      const t = value as { t: number; i: number };
      return `t:${t.t}:${t.i}`;
    }
    case RANK.regex: {
      const [p, f] = regexParts(value);
      return `r:${JSON.stringify(p)}/${f}`;
    }
    case RANK.array:
      return `[${(value as unknown[]).map(canonicalKey).join(',')}]`;
    case RANK.object:
      return `{${Object.entries(value as object)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `${JSON.stringify(k)}:${canonicalKey(v)}`)
        .join(',')}}`;
    default:
      return `x:${String(value)}`;
  }
}

/**
 * `canonicalKey(a) === canonicalKey(b)`, and the same BSON types throughout, without building either key: stops at the first
 * difference. Telling whether a write changed a stored document is on every write's path, and two
 * whole-document keys cost more than the write itself.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const rank = typeRank(a);
  if (rank !== typeRank(b)) return false;
  if (rank === RANK.array) {
    const x = a as unknown[];
    const y = b as unknown[];
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (!sameValue(x[i], y[i])) return false;
    return true;
  }
  if (rank === RANK.object) {
    // Members whose value is undefined are absent, as in canonicalKey.
    const x = definedKeys(a as Record<string, unknown>);
    const y = definedKeys(b as Record<string, unknown>);
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) {
      const key = x[i]!;
      if (key !== y[i]) return false;
      if (!sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
    }
    return true;
  }
  // Binary equality, as MongoDB's update decides a no-op (`binaryEqualValues`): equal values of
  // different BSON types (the int 1 and the double 1) differ.
  return canonicalKey(a) === canonicalKey(b) && typeName(a) === typeName(b);
}

function definedKeys(value: Record<string, unknown>): string[] {
  return Object.keys(value).filter((key) => value[key] !== undefined);
}

/** The `$type` name MongoDB gives a value ("missing" for undefined). */
export function typeName(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  switch (typeof value) {
    case 'number':
      // What the driver's serializer stores: an integer in the int32 range as int, any other
      // number as a double (2 ** 40 is a double, not a long).
      return Number.isInteger(value) && value >= -2147483648 && value <= 2147483647 ? 'int' : 'double';
    case 'bigint':
      return 'long';
    case 'string':
      return 'string';
    case 'boolean':
      return 'bool';
    default:
      break;
  }
  if (Array.isArray(value)) return 'array';
  if (value instanceof Date) return 'date';
  if (value instanceof RegExp) return 'regex';
  if (ArrayBuffer.isView(value)) return 'binData';
  switch (bsonType(value)) {
    case undefined:
      return 'object';
    case 'Int32':
      return 'int';
    case 'Double':
      return 'double';
    case 'Long':
      return 'long';
    case 'Decimal128':
      return 'decimal';
    case 'Binary':
      return 'binData';
    case 'ObjectId':
      return 'objectId';
    case 'Timestamp':
      return 'timestamp';
    case 'BSONRegExp':
      return 'regex';
    case 'BSONSymbol':
      return 'symbol';
    case 'MinKey':
      return 'minKey';
    case 'MaxKey':
      return 'maxKey';
    case 'Code':
      return 'javascript';
    default:
      return 'object';
  }
}
