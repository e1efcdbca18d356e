import { InvalidPayloadError } from '../errors/errors.js';
import { formatPath, type Issue } from '../errors/issue.js';
import { isPlainObject, keyProblem } from './canonical.js';

function checkKeys(value: unknown, path: (string | number)[], issues: Issue[]): void {
  if (Array.isArray(value)) return; // arrays are values, replaced whole: their content is not a patch
  if (!isPlainObject(value)) return;
  for (const key of Object.keys(value)) {
    path.push(key);
    const problem = keyProblem(key);
    if (problem !== undefined)
      issues.push({ code: 'INVALID_VALUE', param: formatPath(path), message: problem });
    else checkKeys(value[key], path, issues);
    path.pop();
  }
}

/** @throws {InvalidPayloadError} when a key of the patch has `.` or a leading `$`. */
export function assertPatchKeys(patch: unknown, subject = 'merge patch'): void {
  const issues: Issue[] = [];
  checkKeys(patch, [], issues);
  if (issues.length > 0) throw new InvalidPayloadError(subject, issues);
}

function merge(target: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return patch;
  const out: Record<string, unknown> = isPlainObject(target) ? { ...target } : {};
  for (const key of Object.keys(patch)) {
    const value = patch[key];
    if (value === null) delete out[key];
    else if (value !== undefined) out[key] = merge(out[key], value);
  }
  return out;
}

/**
 * RFC 7396 JSON Merge Patch: the result of applying `patch` to `target`. Pure: neither argument is
 * changed; unchanged parts of `target` are shared with the result. This is the reference meaning of
 * the update bodies this package sends; a receiver on MongoDB applies them with
 * {@link toMongoUpdate} instead.
 *
 * @throws {InvalidPayloadError} when a key of the patch has `.` or a leading `$` (or is `__proto__`).
 *
 * @example
 * applyMergePatch({ name: 'Ana', email: 'ana@x.ec', metadata: { role: 'student' } },
 *                 { email: null, metadata: { school: 'c…' } });
 * // => { name: 'Ana', metadata: { role: 'student', school: 'c…' } }
 */
export function applyMergePatch<T = unknown>(target: unknown, patch: unknown): T {
  assertPatchKeys(patch);
  return merge(target, patch) as T;
}
