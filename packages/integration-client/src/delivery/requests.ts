import { randomUUID } from 'node:crypto';
import type { CollectionPatch, PatchByCollection } from '../diff/patches.js';
import { assertValidPatch } from '../diff/validate-patch.js';
import { type DeliveryMethod, InvalidOptionsError } from '../errors/errors.js';
import type { Issue } from '../errors/issue.js';
import {
  type CollectionPayload,
  collectionIssue,
  type IntegrationCollection,
  isIntegrationCollection,
  type PayloadByCollection,
} from '../payloads/collections.js';
import { assertValidPayload } from '../payloads/validate.js';
import { assertValidFailureNotice } from './failure-notice.js';
import { isValidMessageKey } from './idempotency.js';
import type { Expect } from './interpret.js';

/** Per-call options of `create`. */
export interface CreateOptions {
  /**
   * Sent as `Idempotency-Key`. Must be the same for every retry of this create, also across
   * restarts: persist it, or derive it with {@link idempotencyKeyFor}. 1 to 255 visible ASCII characters.
   */
  readonly idempotencyKey: string;
  /**
   * Sent as `webhook-id`.
   * @default the idempotencyKey
   */
  readonly messageId?: string | undefined;
  /** Aborts the request; the result is then a retryable `DeliveryNetworkError` with code `ABORTED`. */
  readonly signal?: AbortSignal | undefined;
}

/** Per-call options of `update` and `notifyFailure`. */
export interface SendOptions {
  /**
   * Sent as `webhook-id`; pass the same one when re-sending the same body.
   * @default a new `msg_<uuid>`
   */
  readonly messageId?: string | undefined;
  /**
   * Sent as `Idempotency-Key` when given (an update is idempotent by itself: applying it twice is harmless).
   * @default undefined (no Idempotency-Key header)
   */
  readonly idempotencyKey?: string | undefined;
  /** Aborts the request; the result is then a retryable `DeliveryNetworkError` with code `ABORTED`. */
  readonly signal?: AbortSignal | undefined;
}

/**
 * One create, as a single argument: `collection` decides the payload's type, so a value whose
 * collection is only known at run time (any of the union) is accepted as it is, without a cast.
 */
export type CreateDelivery = CollectionPayload & CreateOptions;

/** One update, as a single argument (see {@link CreateDelivery}). */
export type UpdateDelivery = CollectionPatch & {
  /** The id the external system gave the record (from the create reply). */
  readonly externalId: string;
} & SendOptions;

/** The arguments `create` takes: positional, or one {@link CreateDelivery}. */
export type CreateArgs =
  | [
      collection: IntegrationCollection,
      payload: PayloadByCollection[IntegrationCollection],
      options: CreateOptions,
    ]
  | [delivery: CreateDelivery];

/** The arguments `update` takes: positional, or one {@link UpdateDelivery}. */
export type UpdateArgs =
  | [
      collection: IntegrationCollection,
      externalId: string,
      patch: PatchByCollection[IntegrationCollection],
      options?: SendOptions | undefined,
    ]
  | [delivery: UpdateDelivery];

/**
 * A call's arguments, checked, as the request to send: path below the base address, body, and the
 * ids and signal that go with it. What a 2xx reply must hold follows `expect`.
 */
export interface Outgoing<E extends Expect = Expect> {
  readonly method: DeliveryMethod;
  readonly path: string;
  readonly body: string;
  readonly messageId: string;
  readonly idempotencyKey: string | undefined;
  readonly signal: AbortSignal | undefined;
  readonly expect: E;
}

function refuse(param: string, message: string): never {
  const issue: Issue = { code: 'INVALID_VALUE', param, message };
  throw new InvalidOptionsError([issue]);
}

function checkCollection(collection: unknown): asserts collection is IntegrationCollection {
  if (!isIntegrationCollection(collection)) throw new InvalidOptionsError([collectionIssue]);
}

/** The ids and signal of a call, checked; `messageId` defaults to `fallbackMessageId()`. */
function callIds(options: SendOptions, fallbackMessageId: () => string) {
  for (const param of ['idempotencyKey', 'messageId'] as const) {
    const value = options[param];
    if (value !== undefined && !isValidMessageKey(value)) {
      refuse(param, 'must be 1 to 255 visible ASCII characters (no spaces)');
    }
  }
  const { idempotencyKey, signal } = options;
  return { messageId: options.messageId ?? fallbackMessageId(), idempotencyKey, signal };
}

const newMessageId = () => `msg_${randomUUID()}`;

/** `POST /api/integration/{collection}` with the full payload. */
export function createRequest(...args: CreateArgs): Outgoing<Extract<Expect, { kind: 'create' }>> {
  const [first, second, third] = args;
  const [collection, payload, options]: readonly [unknown, unknown, CreateOptions | undefined] =
    typeof first === 'object' && first !== null
      ? [first.collection, first.payload, first]
      : [first, second, third];
  checkCollection(collection);
  if (typeof options !== 'object' || options === null || options.idempotencyKey === undefined) {
    refuse('idempotencyKey', 'is required for a create (see idempotencyKeyFor())');
  }
  const ids = callIds(options, () => options.idempotencyKey);
  assertValidPayload(collection, payload);
  const path = `/api/integration/${collection}`;
  return {
    method: 'POST',
    path,
    body: JSON.stringify(payload),
    ...ids,
    expect: { kind: 'create', collection },
  };
}

/** `PUT /api/integration/{collection}/{externalId}` with only the changed fields. */
export function updateRequest(...args: UpdateArgs): Outgoing<Extract<Expect, { kind: 'update' }>> {
  const [first, second, third, fourth] = args;
  const [collection, externalId, patch, options = {}]: readonly [
    unknown,
    unknown,
    unknown,
    SendOptions | undefined,
  ] =
    typeof first === 'object' && first !== null
      ? [first.collection, first.externalId, first.patch, first]
      : [first, second, third, fourth];
  checkCollection(collection);
  if (typeof externalId !== 'string' || externalId === '' || externalId.length > 512) {
    refuse('externalId', 'must be a non-empty string (the id from the create reply)');
  }
  const ids = callIds(options, newMessageId);
  assertValidPatch(collection, patch);
  const path = `/api/integration/${collection}/${encodeURIComponent(externalId)}`;
  return { method: 'PUT', path, body: JSON.stringify(patch), ...ids, expect: { kind: 'update', externalId } };
}

/** `POST /api/integration/failures` with a failure notice. */
export function noticeRequest(
  notice: unknown,
  options: SendOptions = {},
): Outgoing<{ readonly kind: 'notice' }> {
  const ids = callIds(options, newMessageId);
  assertValidFailureNotice(notice);
  const path = '/api/integration/failures';
  return { method: 'POST', path, body: JSON.stringify(notice), ...ids, expect: { kind: 'notice' } };
}
