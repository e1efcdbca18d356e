import { recognisedAcrossCopies } from './brand.js';

const marker = Symbol.for('@school/integration-client/error');

/**
 * Base class of every error this package creates. Whether repeating the same call later can
 * succeed is decided when the error is built and never changes: `retryable`.
 *
 * Messages never contain payload values or response bodies (they may hold personal data);
 * they say what was called and what was wrong.
 */
export class IntegrationClientError extends Error {
  static {
    recognisedAcrossCopies(IntegrationClientError, 'IntegrationClientError');
  }

  /** `true` when the same call may succeed later unchanged (network, timeout, 408, 429, 5xx). */
  readonly retryable: boolean;

  constructor(message: string, options: { retryable: boolean; cause?: unknown }) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'IntegrationClientError';
    this.retryable = options.retryable;
  }

  /** Like `instanceof`, but also true across duplicate copies of the package (ESM + CJS). */
  static isInstance(value: unknown): value is IntegrationClientError {
    return typeof value === 'object' && value !== null && marker in value;
  }
}

// On the prototype, so it does not show up among an error's own properties.
Object.defineProperty(IntegrationClientError.prototype, marker, { value: true });
