import { lazyValidator, toIssues } from '../ajv.js';
import { assertPatchKeys } from '../diff/apply-merge-patch.js';
import { isPlainObject } from '../diff/canonical.js';
import { InvalidPayloadError } from '../errors/invalid-payload-error.js';
import type { Issue } from '../errors/issue.js';
import { type IntegrationCollection, type PayloadByCollection, singular } from './collections.js';
import { patchSchemas, payloadSchemas } from './schemas.js';

const payloadValidators = {
  students: lazyValidator(payloadSchemas.students),
  parents: lazyValidator(payloadSchemas.parents),
  grades: lazyValidator(payloadSchemas.grades),
};

const patchValidators = {
  students: lazyValidator(patchSchemas.students),
  parents: lazyValidator(patchSchemas.parents),
  grades: lazyValidator(patchSchemas.grades),
};

/** The problems of a create body against its JSON Schema; empty when it is valid. */
export function validatePayload(collection: IntegrationCollection, payload: unknown): Issue[] {
  const validate = payloadValidators[collection]();
  return validate(payload) ? [] : toIssues(validate.errors);
}

/**
 * Whether `value` is a valid create body of `collection`, as a type guard: for a payload read back
 * from storage, which is untrusted data until checked.
 */
export function isPayload<C extends IntegrationCollection>(
  collection: C,
  value: unknown,
): value is PayloadByCollection[C] {
  return payloadValidators[collection]()(value);
}

/** The problems of an update body against its JSON Schema; empty when it is valid. */
export function validatePatch(collection: IntegrationCollection, patch: unknown): Issue[] {
  const validate = patchValidators[collection]();
  return validate(patch) ? [] : toIssues(validate.errors);
}

/** @throws {InvalidPayloadError} when `payload` does not match the collection's payload schema. */
export function assertValidPayload(collection: IntegrationCollection, payload: unknown): void {
  const issues = validatePayload(collection, payload);
  if (issues.length > 0) throw new InvalidPayloadError(`${singular[collection]} payload`, issues);
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
