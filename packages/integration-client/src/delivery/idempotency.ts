import { InvalidOptionsError } from '../errors/errors.js';
import type { Issue } from '../errors/issue.js';
import {
  collectionIssue,
  type IntegrationCollection,
  isIntegrationCollection,
} from '../payloads/collections.js';
import { type IdLike, toHexId } from '../payloads/ids.js';

const keyPattern = /^[\x21-\x7e]{1,255}$/;

/** `true` when `value` can be an `Idempotency-Key` or `webhook-id`: 1 to 255 visible ASCII characters. */
export function isValidMessageKey(value: unknown): value is string {
  return typeof value === 'string' && keyPattern.test(value);
}

/**
 * A stable `Idempotency-Key` for the create of one record: `create-<collection>-<record _id>`.
 * Derived from the record alone, so every retry of that create, from any process and after any
 * restart, carries the same key, and the external system can answer a repeat with the id it already
 * generated instead of creating a second record.
 *
 * @example
 * idempotencyKeyFor('students', '65f0c2a1b4d3e2f1a0b9c8d7'); // => 'create-students-65f0c2a1b4d3e2f1a0b9c8d7'
 */
export function idempotencyKeyFor(collection: IntegrationCollection, recordId: IdLike): string {
  const hex = toHexId(recordId);
  const issues: Issue[] = [];
  if (!isIntegrationCollection(collection)) {
    issues.push(collectionIssue);
  }
  if (hex === undefined)
    issues.push({
      code: 'INVALID_VALUE',
      param: 'recordId',
      message: 'must be an ObjectId or a 24-hex string',
    });
  if (issues.length > 0) throw new InvalidOptionsError(issues);
  return `create-${collection}-${hex}`;
}
