/**
 * Byte order: binary data and ObjectIds compare by their bytes, as MongoDB compares them. ObjectIds
 * of the bson 7 build compare without reading bytes (see `compareObjectIds`).
 */
import { ObjectId } from 'bson';

export function bytesOf(value: unknown): { bytes: Uint8Array; subtype: number } {
  if (ArrayBuffer.isView(value)) {
    return { bytes: new Uint8Array(value.buffer, value.byteOffset, value.byteLength), subtype: 0 };
  }
  const bin = value as { buffer: Uint8Array; position: number; sub_type: number };
  return { bytes: bin.buffer.subarray(0, bin.position), subtype: bin.sub_type };
}

export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x !== y) return x < y ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

/** bson 7's ObjectId: its 12 bytes packed big-endian into four 24-bit integers. */
interface PackedObjectId {
  i0: number;
  i1: number;
  i2: number;
  i3: number;
}

/** Whether this bson build packs ObjectIds that way (checked once on a known id). */
const PACKED_LAYOUT = ((): boolean => {
  const id: object = new ObjectId('0102030405060708090a0b0c');
  return (
    packedFields(id) && id.i0 === 0x010203 && id.i1 === 0x040506 && id.i2 === 0x070809 && id.i3 === 0x0a0b0c
  );
})();

function packedFields(value: object): value is PackedObjectId {
  return (
    'i0' in value &&
    typeof value.i0 === 'number' &&
    'i1' in value &&
    typeof value.i1 === 'number' &&
    'i2' in value &&
    typeof value.i2 === 'number' &&
    'i3' in value &&
    typeof value.i3 === 'number'
  );
}

/** On the comparison path: the layout was checked once, so four reads decide. */
function packed(value: unknown): value is PackedObjectId {
  const v = value as PackedObjectId;
  return (
    PACKED_LAYOUT &&
    typeof v.i0 === 'number' &&
    typeof v.i1 === 'number' &&
    typeof v.i2 === 'number' &&
    typeof v.i3 === 'number'
  );
}

/** The 12 bytes of an ObjectId (`id`: a Buffer/Uint8Array in every bson version). */
function objectIdBytes(value: unknown): Uint8Array {
  return (value as { id: Uint8Array }).id;
}

/**
 * ObjectIds in byte order (the order of their hex strings), without building strings. Ids of the
 * bson 7 build compare their packed 24-bit integers (big-endian, so the same order); others, e.g.
 * from another bson copy, compare their `id` bytes.
 */
export function compareObjectIds(a: unknown, b: unknown): number {
  if (packed(a) && packed(b)) {
    if (a.i0 !== b.i0) return a.i0 < b.i0 ? -1 : 1;
    if (a.i1 !== b.i1) return a.i1 < b.i1 ? -1 : 1;
    if (a.i2 !== b.i2) return a.i2 < b.i2 ? -1 : 1;
    return a.i3 === b.i3 ? 0 : a.i3 < b.i3 ? -1 : 1;
  }
  return compareBytes(objectIdBytes(a), objectIdBytes(b));
}

/** Two ObjectIds hold the same 12 bytes. */
export function objectIdsEqual(a: unknown, b: unknown): boolean {
  if (packed(a) && packed(b)) return a.i3 === b.i3 && a.i0 === b.i0 && a.i1 === b.i1 && a.i2 === b.i2;
  return compareBytes(objectIdBytes(a), objectIdBytes(b)) === 0;
}
