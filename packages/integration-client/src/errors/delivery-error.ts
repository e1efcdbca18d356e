import { recognisedAcrossCopies } from './brand.js';
import { IntegrationClientError } from './integration-client-error.js';

/** The HTTP methods this package sends. */
export type DeliveryMethod = 'POST' | 'PUT';

export interface DeliveryErrorDetails {
  readonly method: DeliveryMethod;
  /** The full request URL (never carries credentials: the token travels in a header). */
  readonly url: string;
  /** The reply's HTTP status, when a reply arrived. */
  readonly status?: number | undefined;
  /** The reply body as received (it is cut to {@link RESPONSE_BODY_EXCERPT_CHARS} characters). */
  readonly responseBody?: string | undefined;
  readonly cause?: unknown;
}

/**
 * A delivery that did not succeed. Never thrown by the client: it is the `error` of a
 * `retryable` or `permanent` result. Subclasses decide `retryable` when built:
 * {@link DeliveryHttpError}, {@link DeliveryNetworkError}, {@link DeliveryTimeoutError},
 * {@link InvalidReplyError}.
 *
 * `responseBody` is kept but is not enumerable and is left out of `toJSON()`, so loggers that
 * serialise the error do not copy what the external system wrote (it may echo personal data).
 */
export abstract class DeliveryError extends IntegrationClientError {
  static {
    recognisedAcrossCopies(DeliveryError, 'DeliveryError');
  }

  readonly method: DeliveryMethod;
  readonly url: string;
  readonly status: number | undefined;
  declare readonly responseBody: string | undefined;

  constructor(message: string, details: DeliveryErrorDetails, retryable: boolean) {
    super(message, { retryable, cause: details.cause });
    this.name = 'DeliveryError';
    this.method = details.method;
    this.url = details.url;
    this.status = details.status;
    Object.defineProperty(this, 'responseBody', {
      value: details.responseBody,
      enumerable: false,
      writable: false,
      configurable: false,
    });
  }

  /** A log-safe summary: no response body, no payload. */
  toJSON(): Record<string, unknown> {
    const json: Record<string, unknown> = {
      name: this.name,
      message: this.message,
      method: this.method,
      url: this.url,
      retryable: this.retryable,
    };
    if (this.status !== undefined) json.status = this.status;
    return json;
  }
}
