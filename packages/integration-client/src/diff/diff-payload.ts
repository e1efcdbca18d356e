import { canonicalizeObject, isPlainObject, jsonEqual } from './canonical.js';
import type { Canonical, JsonObject, MergePatch } from './types.js';

function diffObjects(acked: JsonObject, current: JsonObject): JsonObject | undefined {
  const patch: JsonObject = {};
  let changed = false;
  for (const key of Object.keys(current)) {
    const now = current[key]!;
    const before = acked[key];
    let change: JsonObject[string] | undefined;
    if (before === undefined) change = now;
    else if (isPlainObject(before) && isPlainObject(now)) change = diffObjects(before, now);
    else if (!jsonEqual(before, now)) change = now;
    if (change !== undefined) {
      patch[key] = change;
      changed = true;
    }
  }
  for (const key of Object.keys(acked)) {
    if (!Object.hasOwn(current, key)) {
      patch[key] = null;
      changed = true;
    }
  }
  return changed ? patch : undefined;
}

/**
 * The update body that turns the payload the external system last acknowledged into the current
 * one, or `undefined` when nothing changed (then send nothing).
 *
 * The body is a JSON Merge Patch (RFC 7396) held to stricter rules so that it is safe to apply
 * twice and maps to one atomic MongoDB `$set`/`$unset` ({@link toMongoUpdate}):
 * - nested objects carry only their changed leaves (`{ metadata: { school: "…" } }`);
 *   an object that replaces a non-object is sent whole;
 * - arrays are sent whole when anything in them changed, a member of an object inside them too;
 * - a field that has no value any more is sent as `null`;
 * - both sides are compared in canonical form: `Date` as ISO string, `ObjectId` as 24-hex,
 *   `undefined`/`null`/`{}` members as absent, `undefined` array items as `null` (what their JSON
 *   text carries).
 *
 * @throws {InvalidPayloadError} when either side is not a plain object, has a key with `.` or a
 * leading `$`, a value that is not JSON (function, `NaN`, `Map`, ...), or an object whose
 * `toHexString()` gives no 24-hex identifier; the issues name the path.
 *
 * @example
 * diffPayload(
 *   { name: 'Ana', email: 'ana@x.ec', metadata: { role: 'student', school: 'a…', user: 'b…' } },
 *   { name: 'Ana María', metadata: { role: 'student', school: 'c…', user: 'b…' } },
 * );
 * // => { name: 'Ana María', metadata: { school: 'c…' }, email: null }
 */
export function diffPayload<T extends object>(
  acknowledged: object,
  current: T,
): MergePatch<Canonical<T>> | undefined {
  const before = canonicalizeObject(acknowledged, 'acknowledged payload');
  const now = canonicalizeObject(current, 'current payload');
  return diffObjects(before, now) as MergePatch<Canonical<T>> | undefined;
}
