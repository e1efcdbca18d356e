import { recognisedAcrossCopies } from './brand.js';
import { IntegrationClientError } from './integration-client-error.js';
import { formatIssues, type Issue } from './issue.js';

/**
 * Thrown when a payload or patch cannot be sent or diffed: a key with `.` or a leading `$`, a value
 * that is not JSON (function, `NaN`, `Map`, ...), or a payload that fails its JSON Schema.
 * A programmer error: retrying cannot help.
 */
export class InvalidPayloadError extends IntegrationClientError {
  static {
    recognisedAcrossCopies(InvalidPayloadError, 'InvalidPayloadError');
  }

  /** What the value was meant to be: `student payload`, `grade patch`, `merge patch`, ... */
  readonly subject: string;
  readonly issues: readonly Issue[];

  constructor(subject: string, issues: readonly Issue[]) {
    super(`Invalid ${subject}: ${formatIssues(issues)}.`, { retryable: false });
    this.name = 'InvalidPayloadError';
    this.subject = subject;
    this.issues = issues;
  }
}
