import { InvalidPayloadError } from '../errors/errors.js';
import type { Issue } from '../errors/issue.js';
import { type IntegrationCollection, singular } from '../payloads/collections.js';
import { issuesAgainst, validators } from '../validation/issues.js';
import { assertPatchKeys } from './apply-merge-patch.js';
import { isPlainObject } from './canonical.js';

const patchValidators = {
  students: validators.studentsPatch,
  parents: validators.parentsPatch,
  grades: validators.gradesPatch,
};

/** The problems of an update body against its JSON Schema; empty when it is valid. */
export function validatePatch(collection: IntegrationCollection, patch: unknown): Issue[] {
  return issuesAgainst(patchValidators[collection], patch);
}

/**
 * @throws {InvalidPayloadError} when `patch` is empty, has a key with `.` or a leading `$`, or does
 * not match the collection's update schema.
 */
export function assertValidPatch(collection: IntegrationCollection, patch: unknown): void {
  const subject = `${singular[collection]} update`;
  if (isPlainObject(patch) && Object.keys(patch).length === 0) {
    const message =
      'is empty: nothing changed, so nothing should be sent (diffPayload returns undefined then)';
    throw new InvalidPayloadError(subject, [{ code: 'INVALID_VALUE', param: '', message }]);
  }
  assertPatchKeys(patch, subject);
  const issues = validatePatch(collection, patch);
  if (issues.length > 0) throw new InvalidPayloadError(subject, issues);
}
