import {
  type DeliveryError,
  DeliveryHttpError,
  type DeliveryMethod,
  InvalidReplyError,
  type InvalidReplyErrorDetails,
} from '../errors/errors.js';
import type { IntegrationCollection } from '../payloads/collections.js';
import { excerpt } from './excerpt.js';
import { expectedCreateReply, expectedUpdateReply, readReply } from './reply.js';
import type { CreateResult, DeliveryFailure, NoticeResult, UpdateResult } from './results.js';
import { parseRetryAfter } from './retry-timing.js';
import type { TransportReply } from './transport.js';

/** What a 2xx reply must hold for the request to count as acknowledged. */
export type Expect =
  | { readonly kind: 'create'; readonly collection: IntegrationCollection }
  | { readonly kind: 'update'; readonly externalId: string }
  | { readonly kind: 'notice' };

/** The request, as every result reports it. */
export interface Sent {
  readonly method: DeliveryMethod;
  readonly url: string;
  readonly messageId: string;
}

/** A failed delivery: `retryable` or `permanent` as the error decided when it was built. */
export function failureResult(
  sent: Sent,
  status: number | undefined,
  durationMs: number,
  error: DeliveryError,
  retryAfterMs?: number,
): DeliveryFailure {
  const { method, url, messageId } = sent;
  return error.retryable
    ? { outcome: 'retryable', method, url, messageId, status, durationMs, error, retryAfterMs }
    : { outcome: 'permanent', method, url, messageId, status, durationMs, error };
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

type InvalidDetails = Pick<
  InvalidReplyErrorDetails,
  'reason' | 'issues' | 'contentType' | 'maxBytes' | 'cause'
>;

function invalidReply(
  sent: Sent,
  reply: TransportReply,
  expect: Expect,
  details: InvalidDetails,
): DeliveryFailure {
  const error = new InvalidReplyError({
    ...details,
    method: sent.method,
    url: sent.url,
    status: reply.status,
    expected: expect.kind === 'create' ? expectedCreateReply[expect.collection] : expectedUpdateReply,
    responseBody: excerpt(reply.body),
  });
  return failureResult(sent, reply.status, reply.durationMs, error);
}

/**
 * Classifies a reply: 2xx that carries what `expect` needs → acknowledged; 408, 429, 5xx →
 * retryable (with `Retry-After`); any other status or a 2xx that does not confirm → permanent.
 */
export function interpretReply(
  sent: Sent,
  reply: TransportReply,
  expect: Expect,
  maxResponseBodyBytes: number,
): CreateResult | UpdateResult | NoticeResult {
  const { method, url, messageId } = sent;
  const { status, durationMs } = reply;
  if (status < 200 || status > 299) {
    const retryAfterMs = parseRetryAfter(reply.headers['retry-after']);
    const error = new DeliveryHttpError({
      method,
      url,
      status,
      responseBody: excerpt(reply.body),
      retryAfterMs,
      location: firstHeader(reply.headers.location),
    });
    return failureResult(sent, status, durationMs, error, retryAfterMs);
  }
  if (expect.kind === 'notice')
    return { outcome: 'acknowledged', method, url, messageId, status, durationMs };
  if (reply.tooLarge)
    return invalidReply(sent, reply, expect, { reason: 'too-large', maxBytes: maxResponseBodyBytes });
  let json: unknown;
  try {
    json = JSON.parse(reply.body);
  } catch (cause) {
    const contentType = firstHeader(reply.headers['content-type']);
    return invalidReply(sent, reply, expect, { reason: 'not-json', contentType, cause });
  }
  const read = readReply(json, expect.kind === 'create' ? expect.collection : undefined);
  if (!read.ok) return invalidReply(sent, reply, expect, { reason: read.reason, issues: read.issues });
  const externalId = expect.kind === 'create' ? (read.externalId as string) : expect.externalId;
  return {
    outcome: 'acknowledged',
    method,
    url,
    messageId,
    status,
    durationMs,
    externalId,
    replyStatus: read.replyStatus,
  };
}
