import {
  DeliveryError,
  DeliveryNetworkError,
  type IntegrationClientError,
  InvalidOptionsError,
  InvalidPayloadError,
  InvalidReplyError,
} from '../errors/errors.js';
import type { Issue } from '../errors/issue.js';
import {
  collectionIssue,
  type IntegrationCollection,
  integrationCollections,
  isIntegrationCollection,
} from '../payloads/collections.js';
import { hexIdSchema, type IdLike, toHexId } from '../payloads/ids.js';
import { guard, toIssues, validators } from '../validation/issues.js';
import { withoutTrailingSlashes } from './trailing-slashes.js';

/**
 * Body of `POST {base}/api/integration/failures`: a delivery was given up. It names the record and
 * what went wrong, never the record's content (no names, e-mails or response bodies).
 */
export interface FailureNotice {
  /** Always `delivery_failed`. */
  event: 'delivery_failed';
  record: {
    collection: IntegrationCollection;
    /** The record's `_id` on this service (24-hex). */
    id: string;
    /** The id the external system gave the record; absent for a create. */
    external_id?: string;
  };
  operation: 'create' | 'update';
  /** How many attempts were made. */
  attempts: number;
  /** `attempts_exhausted`: every attempt failed retryably; `permanent_failure`: a failure that retrying cannot fix. */
  reason: 'attempts_exhausted' | 'permanent_failure';
  last_error: {
    /** The error class: `DeliveryHttpError`, `DeliveryNetworkError`, `DeliveryTimeoutError` or `InvalidReplyError`. */
    class: string;
    /** The HTTP status of the last reply, when one arrived. */
    status?: number;
    /** The network error code (`ECONNREFUSED`, ...) or the invalid-reply reason (`missing-external-id`, ...). */
    code?: string;
    retryable: boolean;
  };
  /** POST to this address (on this service) to send the record again. */
  retry_url: string;
  /** When the delivery was given up (ISO 8601). */
  failed_at: string;
}

/** JSON Schema (draft-07) of {@link FailureNotice}. */
export const failureNoticeSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'Delivery failure notice',
  type: 'object',
  additionalProperties: false,
  required: ['event', 'record', 'operation', 'attempts', 'reason', 'last_error', 'retry_url', 'failed_at'],
  properties: {
    event: { type: 'string', const: 'delivery_failed' },
    record: {
      type: 'object',
      additionalProperties: false,
      required: ['collection', 'id'],
      properties: {
        collection: { type: 'string', enum: integrationCollections },
        id: hexIdSchema,
        external_id: { type: 'string', minLength: 1, maxLength: 512 },
      },
    },
    operation: { type: 'string', enum: ['create', 'update'] },
    attempts: { type: 'integer', minimum: 1 },
    reason: { type: 'string', enum: ['attempts_exhausted', 'permanent_failure'] },
    last_error: {
      type: 'object',
      additionalProperties: false,
      required: ['class', 'retryable'],
      properties: {
        class: { type: 'string', minLength: 1 },
        status: { type: 'integer', minimum: 100, maximum: 599 },
        code: { type: 'string', minLength: 1 },
        retryable: { type: 'boolean' },
      },
    },
    retry_url: { type: 'string', pattern: '^https?://' },
    failed_at: { type: 'string', minLength: 20 },
  },
} as const;

const isNotice = guard<FailureNotice>(validators.failureNotice);

/** @throws {InvalidPayloadError} when `notice` does not match {@link failureNoticeSchema}. */
export function assertValidFailureNotice(notice: unknown): asserts notice is FailureNotice {
  if (!isNotice(notice)) {
    throw new InvalidPayloadError('failure notice', toIssues(validators.failureNotice.errors));
  }
}

/** What {@link buildFailureNotice} builds a notice from: the record, the operation and how it failed. */
export interface FailureNoticeInput {
  readonly collection: IntegrationCollection;
  /** The record's `_id` on this service. */
  readonly recordId: IdLike;
  /** The external id, for an update. */
  readonly externalId?: string | undefined;
  readonly operation: 'create' | 'update';
  /** How many attempts were made (at least 1). */
  readonly attempts: number;
  /**
   * The error of the last failed attempt (the `error` of its result), or the error that kept the
   * delivery from being attempted at all (an `InvalidRecordError` from a payload builder).
   */
  readonly lastError: IntegrationClientError;
  /**
   * Public address of this service; the notice's `retry_url` is
   * `{serviceBaseUrl}/api/integration/sync/{collection}/{recordId}/retry`.
   */
  readonly serviceBaseUrl: string | URL;
  /** @default new Date() */
  readonly failedAt?: Date | undefined;
}

/**
 * The failure notice for a delivery that is given up (after the last attempt, or at once after a
 * permanent failure). Carries no personal data: ids, counts, the error class and status.
 *
 * @throws {InvalidOptionsError} when an input is invalid.
 */
export function buildFailureNotice(input: FailureNoticeInput): FailureNotice {
  const issues: Issue[] = [];
  if (!isIntegrationCollection(input.collection)) {
    issues.push(collectionIssue);
  }
  const id = toHexId(input.recordId);
  if (id === undefined)
    issues.push({
      code: 'INVALID_VALUE',
      param: 'recordId',
      message: 'must be an ObjectId or a 24-hex string',
    });
  if (input.operation !== 'create' && input.operation !== 'update') {
    issues.push({ code: 'INVALID_VALUE', param: 'operation', message: 'must be "create" or "update"' });
  }
  if (!Number.isInteger(input.attempts) || input.attempts < 1) {
    issues.push({ code: 'INVALID_VALUE', param: 'attempts', message: 'must be a positive integer' });
  }
  if (input.externalId !== undefined && (typeof input.externalId !== 'string' || input.externalId === '')) {
    issues.push({ code: 'INVALID_VALUE', param: 'externalId', message: 'must be a non-empty string' });
  }
  const error = input.lastError;
  if (typeof error !== 'object' || error === null || typeof error.retryable !== 'boolean') {
    issues.push({
      code: 'INVALID_VALUE',
      param: 'lastError',
      message: 'must be the error of a failed delivery result',
    });
  }
  let base = '';
  try {
    const url = new URL(String(input.serviceBaseUrl));
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
    base = url.origin + withoutTrailingSlashes(url.pathname);
  } catch {
    issues.push({
      code: 'INVALID_VALUE',
      param: 'serviceBaseUrl',
      message: 'must be an absolute http(s) URL',
    });
  }
  const failedAt = input.failedAt ?? new Date();
  if (!(failedAt instanceof Date) || Number.isNaN(failedAt.getTime())) {
    issues.push({ code: 'INVALID_VALUE', param: 'failedAt', message: 'must be a valid Date' });
  }
  if (issues.length > 0) throw new InvalidOptionsError(issues);

  const lastError: FailureNotice['last_error'] = { class: error.name, retryable: error.retryable };
  if (error instanceof DeliveryError && error.status !== undefined) lastError.status = error.status;
  if (error instanceof DeliveryNetworkError) lastError.code = error.code;
  else if (error instanceof InvalidReplyError) lastError.code = error.reason;

  return {
    event: 'delivery_failed',
    record: {
      collection: input.collection,
      id: id!,
      ...(input.externalId === undefined ? {} : { external_id: input.externalId }),
    },
    operation: input.operation,
    attempts: input.attempts,
    reason: error.retryable ? 'attempts_exhausted' : 'permanent_failure',
    last_error: lastError,
    retry_url: `${base}/api/integration/sync/${input.collection}/${id}/retry`,
    failed_at: failedAt.toISOString(),
  };
}
