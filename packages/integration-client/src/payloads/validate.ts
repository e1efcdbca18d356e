import { InvalidPayloadError } from '../errors/errors.js';
import type { Issue } from '../errors/issue.js';
import { issuesAgainst, validators } from '../validation/issues.js';
import { type IntegrationCollection, type PayloadByCollection, singular } from './collections.js';

const payloadValidators = {
  students: validators.studentsPayload,
  parents: validators.parentsPayload,
  grades: validators.gradesPayload,
};

/** The problems of a create body against its JSON Schema; empty when it is valid. */
export function validatePayload(collection: IntegrationCollection, payload: unknown): Issue[] {
  return issuesAgainst(payloadValidators[collection], payload);
}

/**
 * Whether `value` is a valid create body of `collection`, as a type guard: for a payload read back
 * from storage, which is untrusted data until checked.
 */
export function isPayload<C extends IntegrationCollection>(
  collection: C,
  value: unknown,
): value is PayloadByCollection[C] {
  return payloadValidators[collection](value);
}

/** @throws {InvalidPayloadError} when `payload` does not match the collection's payload schema. */
export function assertValidPayload(collection: IntegrationCollection, payload: unknown): void {
  const issues = validatePayload(collection, payload);
  if (issues.length > 0) throw new InvalidPayloadError(`${singular[collection]} payload`, issues);
}
