import { recognisedAcrossCopies } from './brand.js';
import { IntegrationClientError } from './integration-client-error.js';
import { formatIssues, type Issue } from './issue.js';

/**
 * Thrown by the payload builders when a stored record lacks what its payload needs (a missing
 * `user.name`, an `_id` that is not an ObjectId, ...). The message names the record's `_id` and the
 * fields, never their values.
 */
export class InvalidRecordError extends IntegrationClientError {
  static {
    recognisedAcrossCopies(InvalidRecordError, 'InvalidRecordError');
  }

  readonly collection: string;
  /** The record's `_id` as 24-hex, when it could be read. */
  readonly recordId: string | undefined;
  readonly issues: readonly Issue[];

  constructor(collection: string, recordId: string | undefined, issues: readonly Issue[]) {
    const which = recordId === undefined ? 'a record' : `record ${recordId}`;
    super(`Cannot build the ${collection} payload of ${which}: ${formatIssues(issues)}.`, {
      retryable: false,
    });
    this.name = 'InvalidRecordError';
    this.collection = collection;
    this.recordId = recordId;
    this.issues = issues;
  }
}
