import { STATUS_CODES } from 'node:http';
import { recognisedAcrossCopies } from './brand.js';
import { DeliveryError, type DeliveryMethod } from './delivery-error.js';

/** 408, 429 and every 5xx: the external system may accept the same request later. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || (status >= 500 && status <= 599);
}

const hints: Readonly<Record<number, string>> = {
  400: 'the external system rejected the body; its reply is in error.responseBody',
  401: 'the external system did not accept the credentials; check the token (INTEGRATION_TOKEN)',
  403: 'the token is not allowed to do this; ask the external system to grant it',
  404: 'the address is unknown there: on PUT the external id may be wrong or deleted, on POST check baseUrl',
  405: 'the external system does not accept this method at this address; check baseUrl',
  409: 'the external system reports a conflict with a record it already has',
  410: 'the record is gone from the external system',
  413: 'the body is larger than the external system accepts',
  415: 'the external system does not accept application/json here',
  422: 'the external system rejected the body; its reply is in error.responseBody',
};

export interface DeliveryHttpErrorDetails {
  readonly method: DeliveryMethod;
  readonly url: string;
  readonly status: number;
  readonly responseBody?: string | undefined;
  /** From `Retry-After`, when the reply carried a valid one. */
  readonly retryAfterMs?: number | undefined;
  /** From `Location`, for a redirect (which is never followed). */
  readonly location?: string | undefined;
}

/**
 * The external system replied with a status other than 2xx. Retryable for 408, 429 and 5xx,
 * permanent otherwise (including 3xx: redirects are not followed).
 */
export class DeliveryHttpError extends DeliveryError {
  static {
    recognisedAcrossCopies(DeliveryHttpError, 'DeliveryHttpError');
  }

  declare readonly status: number;
  /** How long the external system asked to wait (`Retry-After`), in milliseconds. */
  readonly retryAfterMs: number | undefined;
  /** The `Location` of a redirect reply. */
  readonly location: string | undefined;

  constructor(details: DeliveryHttpErrorDetails) {
    const { method, url, status } = details;
    const retryable = isRetryableStatus(status);
    const reason = STATUS_CODES[status];
    let message = `${method} ${url} was answered with HTTP ${status}${reason ? ` ${reason}` : ''}`;
    if (status >= 300 && status <= 399) {
      const to = details.location ? ` to ${details.location.slice(0, 200)}` : '';
      message += `, a redirect${to}; redirects are not followed: set baseUrl to the address that answers directly`;
    } else if (retryable) {
      message += '; will be retried';
      if (details.retryAfterMs !== undefined) {
        message += ` (the server asked to wait ${Math.ceil(details.retryAfterMs / 1000)} s)`;
      }
    } else {
      const hint = hints[status];
      message += `; not retried${hint ? `: ${hint}` : ''}`;
    }
    super(`${message}.`, details, retryable);
    this.name = 'DeliveryHttpError';
    this.retryAfterMs = details.retryAfterMs;
    this.location = details.location;
  }

  override toJSON(): Record<string, unknown> {
    const json = super.toJSON();
    if (this.retryAfterMs !== undefined) json.retryAfterMs = this.retryAfterMs;
    return json;
  }
}
