import { InvalidPayloadError } from '../errors/errors.js';
import { assertPatchKeys } from './apply-merge-patch.js';
import { isPlainObject, keyProblem } from './canonical.js';
import type { JsonValue, MongoUpdate } from './types.js';

function flatten(
  patch: Record<string, unknown>,
  prefix: string,
  set: Record<string, JsonValue>,
  unset: Record<string, ''>,
): void {
  for (const key of Object.keys(patch)) {
    const value = patch[key];
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (value === undefined) continue;
    if (value === null) unset[path] = '';
    else if (isPlainObject(value)) flatten(value, path, set, unset);
    else set[path] = value as JsonValue;
  }
}

/** Options of {@link toMongoUpdate}. */
export interface ToMongoUpdateOptions {
  /**
   * Dotted path of the sub-document that holds the payload on the receiver's record, e.g.
   * `'integration'` turns `{ name: 'Ana' }` into `{ $set: { 'integration.name': 'Ana' } }`.
   * @default '' (the payload's fields are top-level fields of the record)
   */
  readonly prefix?: string;
}

/**
 * The MongoDB update that applies a patch atomically to one document: every changed leaf in
 * `$set` by its dotted path, every `null` in `$unset`, arrays set whole. Pass it to `updateOne`;
 * fields the patch does not name are left as they are. An empty patch gives `{}` (no update needed).
 *
 * For the patches this package sends, the update has the meaning of {@link applyMergePatch}: no path
 * is the prefix of another (MongoDB would refuse the update) and applying it twice is harmless.
 * This equivalence assumes the stored value at each object in the patch is an object or absent, which
 * holds for every payload of this package (its only nested object, `metadata`, is always an object).
 *
 * @throws {InvalidPayloadError} when a key has `.` or a leading `$`, or `prefix` is not a field path.
 *
 * @example
 * toMongoUpdate({ name: 'Ana María', email: null, metadata: { school: '65f…' }, parents: ['65a…'] });
 * // => { $set: { name: 'Ana María', 'metadata.school': '65f…', parents: ['65a…'] },
 * //      $unset: { email: '' } }
 */
export function toMongoUpdate(patch: object, options: ToMongoUpdateOptions = {}): MongoUpdate {
  const prefix = options.prefix ?? '';
  if (prefix !== '') {
    const bad = prefix
      .split('.')
      .map(keyProblem)
      .find((p) => p !== undefined);
    if (bad !== undefined)
      throw new InvalidPayloadError('toMongoUpdate prefix', [
        { code: 'INVALID_VALUE', param: '', message: bad },
      ]);
  }
  if (!isPlainObject(patch)) {
    throw new InvalidPayloadError('merge patch', [
      { code: 'INVALID_VALUE', param: '', message: 'must be a plain object' },
    ]);
  }
  assertPatchKeys(patch);
  const set: Record<string, JsonValue> = {};
  const unset: Record<string, ''> = {};
  flatten(patch, prefix, set, unset);
  const update: MongoUpdate = {};
  if (Object.keys(set).length > 0) update.$set = set;
  if (Object.keys(unset).length > 0) update.$unset = unset;
  return update;
}
