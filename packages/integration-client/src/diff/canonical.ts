import { InvalidPayloadError } from '../errors/errors.js';
import { formatPath, type Issue } from '../errors/issue.js';
import { toHexId } from '../payloads/ids.js';
import type { JsonObject, JsonValue } from './types.js';

/** `true` for `{}`-style objects (prototype `Object.prototype` or `null`), not arrays, dates or class instances. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Why `key` cannot be a field name of a payload or patch, or `undefined` when it can. Keys with `.`
 * or a leading `$` cannot be written with one MongoDB `$set`/`$unset`; `__proto__` is refused so
 * that applying a patch can never touch an object's prototype.
 */
export function keyProblem(key: string): string | undefined {
  if (key === '') return 'empty field names are not allowed';
  if (key.startsWith('$')) return 'field names must not start with "$"';
  if (key.includes('.')) return 'field names must not contain "."';
  if (key === '__proto__') return 'the field name "__proto__" is not allowed';
  return undefined;
}

function describe(value: unknown): string {
  if (value === undefined || value === null) return String(value);
  const name = typeof value === 'object' ? (value.constructor?.name ?? 'non-plain object') : typeof value;
  return `${/^[aeiouAEIOU]/.test(name) ? 'an' : 'a'} ${name}`;
}

function walk(value: unknown, path: (string | number)[], issues: Issue[]): JsonValue | undefined {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      if (Number.isFinite(value)) return value === 0 ? 0 : value; // -0 is 0 in JSON
      issues.push({ code: 'INVALID_VALUE', param: formatPath(path), message: 'must be a finite number' });
      return undefined;
    case 'object': {
      if (value === null) return null;
      if (Array.isArray(value)) {
        const out: JsonValue[] = [];
        for (let i = 0; i < value.length; i++) {
          path.push(i);
          const item = value[i] === undefined ? null : walk(value[i], path, issues);
          path.pop();
          if (item !== undefined) out.push(item);
        }
        return out;
      }
      if (value instanceof Date) {
        if (!Number.isNaN(value.getTime())) return value.toISOString();
        issues.push({ code: 'INVALID_VALUE', param: formatPath(path), message: 'is an invalid Date' });
        return undefined;
      }
      if ('toHexString' in value) {
        const hex = toHexId(value);
        if (hex !== undefined) return hex;
        issues.push({
          code: 'INVALID_VALUE',
          param: formatPath(path),
          message: 'has toHexString() but is not a 24-hex identifier',
        });
        return undefined;
      }
      if (!isPlainObject(value)) break;
      const out: JsonObject = {};
      for (const key of Object.keys(value)) {
        const problem = keyProblem(key);
        path.push(key);
        if (problem !== undefined) {
          issues.push({ code: 'INVALID_VALUE', param: formatPath(path), message: problem });
        } else {
          const child = value[key];
          if (child !== undefined && child !== null) {
            const item = walk(child, path, issues);
            // Members that are absent, null or empty objects all mean "no value".
            if (item !== undefined && !(isPlainObject(item) && Object.keys(item).length === 0))
              out[key] = item;
          }
        }
        path.pop();
      }
      return out;
    }
  }
  issues.push({
    code: 'INVALID_VALUE',
    param: formatPath(path),
    message: `must be a JSON value, not ${describe(value)}`,
  });
  return undefined;
}

/**
 * The canonical JSON form of a payload, the form the diff compares and sends: `Date` → ISO string,
 * `ObjectId` → 24-hex, object members that are `undefined`, `null` or `{}` dropped (all mean "no
 * value": a merge patch cannot store a `null`), `undefined` array items → `null` (as
 * `JSON.stringify` writes them, so the diff compares what the body carries).
 *
 * @throws {InvalidPayloadError} for a key with `.` or a leading `$`, a value that is not JSON, or
 * an object whose `toHexString()` gives no 24-hex identifier.
 */
export function canonicalize(value: unknown, subject: string): JsonValue {
  const issues: Issue[] = [];
  const out = walk(value, [], issues);
  if (issues.length > 0 || out === undefined) throw new InvalidPayloadError(subject, issues);
  return out;
}

/** {@link canonicalize}, for a value that must be an object. */
export function canonicalizeObject(value: unknown, subject: string): JsonObject {
  if (!isPlainObject(value)) {
    throw new InvalidPayloadError(subject, [
      { code: 'INVALID_VALUE', param: '', message: `must be a plain object, not ${describe(value)}` },
    ]);
  }
  return canonicalize(value, subject) as JsonObject;
}

/** Deep equality of two canonical JSON values (key order ignored). */
export function jsonEqual(a: JsonValue, b: JsonValue): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i] as JsonValue, b[i] as JsonValue)) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (!Object.hasOwn(b, key) || !jsonEqual(a[key] as JsonValue, b[key] as JsonValue)) return false;
  }
  return true;
}
