import { recognisedAcrossCopies } from './brand.js';
import { IntegrationClientError } from './integration-client-error.js';
import { formatIssues, type Issue } from './issue.js';

/** Thrown by `createIntegrationClient` (and the pure helpers) when an option is invalid. A programmer error. */
export class InvalidOptionsError extends IntegrationClientError {
  static {
    recognisedAcrossCopies(InvalidOptionsError, 'InvalidOptionsError');
  }

  readonly issues: readonly Issue[];

  constructor(issues: readonly Issue[]) {
    super(`Invalid integration client options: ${formatIssues(issues)}.`, { retryable: false });
    this.name = 'InvalidOptionsError';
    this.issues = issues;
  }
}
