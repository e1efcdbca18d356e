import type { DeliveryError, DeliveryMethod } from '../errors/errors.js';

/** What every result says about the request. */
export interface DeliveryAttempt {
  readonly method: DeliveryMethod;
  readonly url: string;
  /** The `webhook-id` sent (stable across retries when the caller passes the same one). */
  readonly messageId: string;
  /** The HTTP status of the reply; `undefined` when none arrived (network error, timeout). */
  readonly status: number | undefined;
  /** From the start of the request to the end of the reply, in milliseconds. */
  readonly durationMs: number;
}

/** The external system confirmed the request. */
export interface Acknowledged extends DeliveryAttempt {
  readonly outcome: 'acknowledged';
  readonly status: number;
}

/** A create the external system confirmed, with the id it generated (store it for later updates). */
export interface CreateAcknowledged extends Acknowledged {
  /** `data.userId` (students, parents) or `data.id` / `data.userId` (grades) from the reply. */
  readonly externalId: string;
  /** The reply's `status` field. */
  readonly replyStatus: string;
}

/** An update the external system confirmed. */
export interface UpdateAcknowledged extends Acknowledged {
  /** The external id the update was sent to. */
  readonly externalId: string;
  /** The reply's `status` field. */
  readonly replyStatus: string;
}

/** A failure notice the external system accepted (any 2xx). */
export type NoticeAcknowledged = Acknowledged;

/**
 * The same request may succeed later: network error, timeout, 408, 429 or 5xx. Try again after
 * `client.nextRetryDelay(attempts, result)`, which honours `retryAfterMs`.
 */
export interface RetryableFailure extends DeliveryAttempt {
  readonly outcome: 'retryable';
  readonly error: DeliveryError;
  /** The wait the external system asked for (`Retry-After`), in milliseconds. */
  readonly retryAfterMs: number | undefined;
}

/**
 * Sending the same request again would fail the same way: another 4xx, a 3xx (redirects are not
 * followed), or a 2xx whose reply is not valid (not JSON, no `status`, a create without the id).
 * Send the failure notice.
 */
export interface PermanentFailure extends DeliveryAttempt {
  readonly outcome: 'permanent';
  readonly error: DeliveryError;
}

/** A delivery that was not acknowledged: try again later, or give up. */
export type DeliveryFailure = RetryableFailure | PermanentFailure;
/** What `client.create` resolves to; `outcome` tells which. */
export type CreateResult = CreateAcknowledged | DeliveryFailure;
/** What `client.update` resolves to; `outcome` tells which. */
export type UpdateResult = UpdateAcknowledged | DeliveryFailure;
/** What `client.notifyFailure` resolves to; `outcome` tells which. */
export type NoticeResult = NoticeAcknowledged | DeliveryFailure;
