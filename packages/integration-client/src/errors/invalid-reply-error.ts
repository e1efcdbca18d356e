import { recognisedAcrossCopies } from './brand.js';
import { DeliveryError, type DeliveryMethod } from './delivery-error.js';
import { formatIssues, type Issue } from './issue.js';

/**
 * Why a 2xx reply was not accepted:
 * - `not-json`: the body is not JSON;
 * - `too-large`: the body is longer than `maxResponseBodyBytes`;
 * - `unexpected-shape`: JSON, but without a string `status` (or `data` is not an object);
 * - `failure-status`: `status` says the call failed (`error`, `fail`, `failed`, `failure`);
 * - `missing-external-id`: a create reply without the id the external system generated.
 */
export type InvalidReplyReason =
  | 'not-json'
  | 'too-large'
  | 'unexpected-shape'
  | 'failure-status'
  | 'missing-external-id';

export interface InvalidReplyErrorDetails {
  readonly method: DeliveryMethod;
  readonly url: string;
  readonly status: number;
  readonly reason: InvalidReplyReason;
  /** What a valid reply must hold, e.g. `data.userId` or `data.id or data.userId`. */
  readonly expected: string;
  readonly issues?: readonly Issue[] | undefined;
  readonly contentType?: string | undefined;
  readonly maxBytes?: number | undefined;
  readonly responseBody?: string | undefined;
  readonly cause?: unknown;
}

/**
 * The external system answered 2xx, but the reply does not confirm the delivery. Permanent: the
 * same request would get the same reply, so a person has to look (the failure notice tells the
 * external system).
 */
export class InvalidReplyError extends DeliveryError {
  static {
    recognisedAcrossCopies(InvalidReplyError, 'InvalidReplyError');
  }

  declare readonly status: number;
  readonly reason: InvalidReplyReason;
  readonly issues: readonly Issue[];

  constructor(details: InvalidReplyErrorDetails) {
    const head = `${details.method} ${details.url} was answered with HTTP ${details.status}`;
    let what: string;
    switch (details.reason) {
      case 'not-json':
        what = `but the body is not JSON (content-type: ${details.contentType ?? 'none'})`;
        break;
      case 'too-large':
        what = `but the body is larger than maxResponseBodyBytes (${details.maxBytes ?? '?'} bytes)`;
        break;
      case 'unexpected-shape':
        what = `but the body is not the expected reply (${formatIssues(details.issues ?? [])})`;
        break;
      case 'failure-status':
        what = 'but its "status" reports a failure';
        break;
      case 'missing-external-id':
        what = `but without the external id: the create counts as failed because later updates need the id (${formatIssues(details.issues ?? [])})`;
        break;
    }
    super(`${head} ${what}; expected ${details.expected}; not retried.`, details, false);
    this.name = 'InvalidReplyError';
    this.reason = details.reason;
    this.issues = details.issues ?? [];
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), reason: this.reason };
  }
}
