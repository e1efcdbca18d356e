import { randomUUID } from 'node:crypto';
import { Agent, type Dispatcher } from 'undici';
import type { CollectionPatch, PatchByCollection } from '../diff/patches.js';
import { assertValidPatch } from '../diff/validate-patch.js';
import type { DeliveryMethod } from '../errors/delivery-error.js';
import { InvalidOptionsError } from '../errors/invalid-options-error.js';
import {
  type CollectionPayload,
  collectionIssue,
  type IntegrationCollection,
  isIntegrationCollection,
  type PayloadByCollection,
} from '../payloads/collections.js';
import { assertValidPayload } from '../payloads/validate.js';
import { assertValidFailureNotice, type FailureNotice } from './failure-notice.js';
import { isValidMessageKey } from './idempotency.js';
import { type Expect, failureResult, interpretReply } from './interpret.js';
import { type IntegrationClientOptions, resolveOptions } from './options.js';
import type { CreateResult, DeliveryFailure, NoticeResult, UpdateResult } from './results.js';
import { retryDelay } from './retry-timing.js';
import { createSigner } from './signing.js';
import { transport } from './transport.js';

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

/**
 * Talks to the external system. Every method resolves to a result union and never rejects for
 * HTTP or network trouble; it throws only for programmer errors (an invalid payload, an empty patch,
 * a bad id or option).
 */
export interface IntegrationClient {
  /** The normalised base address (no trailing slash). */
  readonly baseUrl: string;
  /** Attempts a delivery gets in all: `retryDelaysMs.length + 1`. */
  readonly maxAttempts: number;
  /**
   * `POST {base}/api/integration/{collection}` with the full payload. Acknowledged only on 2xx with a
   * string `status` and the external id (`data.userId`; grades `data.id` or `data.userId`).
   * @throws {InvalidPayloadError} when the payload does not match the collection's schema.
   */
  create<C extends IntegrationCollection>(
    collection: C,
    payload: PayloadByCollection[C],
    options: CreateOptions,
  ): Promise<CreateResult>;
  /** The same, as one `{ collection, payload, idempotencyKey }` argument, whatever the collection. */
  create(delivery: CreateDelivery): Promise<CreateResult>;
  /**
   * `PUT {base}/api/integration/{collection}/{externalId}` with only the changed fields
   * (from {@link diffPayload}). Acknowledged on 2xx with a string `status`.
   * @throws {InvalidPayloadError} for an empty patch, a key with `.` or a leading `$`, or a field
   * the collection's update schema does not allow.
   */
  update<C extends IntegrationCollection>(
    collection: C,
    externalId: string,
    patch: PatchByCollection[C],
    options?: SendOptions,
  ): Promise<UpdateResult>;
  /** The same, as one `{ collection, externalId, patch }` argument, whatever the collection. */
  update(delivery: UpdateDelivery): Promise<UpdateResult>;
  /**
   * `POST {base}/api/integration/failures` with a notice from {@link buildFailureNotice}.
   * Acknowledged on any 2xx (the body is not read).
   */
  notifyFailure(notice: FailureNotice, options?: SendOptions): Promise<NoticeResult>;
  /**
   * The wait before the next attempt after `attemptsMade` attempts, honouring the last failure's
   * `Retry-After`; `undefined` when no attempt is left or the failure is permanent (then send the
   * failure notice).
   */
  nextRetryDelay(attemptsMade: number, lastFailure?: DeliveryFailure): number | undefined;
  /** Closes the client's keep-alive connections once in-flight requests end (not a given `dispatcher`). */
  close(): Promise<void>;
}

function checkCollection(collection: unknown): asserts collection is IntegrationCollection {
  if (!isIntegrationCollection(collection)) {
    throw new InvalidOptionsError([collectionIssue]);
  }
}

function checkKey(value: unknown, path: string): void {
  if (value !== undefined && !isValidMessageKey(value)) {
    throw new InvalidOptionsError([
      {
        code: 'INVALID_VALUE',
        param: path,
        message: 'must be 1 to 255 visible ASCII characters (no spaces)',
      },
    ]);
  }
}

/**
 * Creates a client for the external system (docs/external-system.md describes what it receives).
 * @throws {InvalidOptionsError} listing every invalid option.
 *
 * @example
 * const client = createIntegrationClient({ baseUrl: 'https://erp.example.com', token, signingSecrets: secret });
 * const result = await client.create('students', payload, { idempotencyKey: idempotencyKeyFor('students', id) });
 * if (result.outcome === 'acknowledged') save(result.externalId);
 */
export function createIntegrationClient(options: IntegrationClientOptions): IntegrationClient {
  const settings = resolveOptions(options);
  const ownDispatcher: Dispatcher | undefined =
    settings.dispatcher === undefined
      ? new Agent({
          connections: settings.connections,
          keepAliveTimeout: settings.keepAliveTimeoutMs,
          connect: { timeout: settings.timeoutMs },
        })
      : undefined;
  const dispatcher = settings.dispatcher ?? (ownDispatcher as Dispatcher);
  const transportSettings = {
    dispatcher,
    origin: settings.origin,
    timeoutMs: settings.timeoutMs,
    maxResponseBodyBytes: settings.maxResponseBodyBytes,
  };
  const sign = settings.signingSecrets.length > 0 ? createSigner(settings.signingSecrets) : undefined;
  const baseUrl = settings.origin + settings.basePath;
  // Names and values alternating: undici reads this form fastest.
  const commonHeaders: string[] = [
    ...Object.entries(settings.headers).flat(),
    'accept',
    'application/json',
    'content-type',
    'application/json',
    'user-agent',
    settings.userAgent,
  ];
  if (settings.token !== undefined) commonHeaders.push('authorization', `Bearer ${settings.token}`);
  let closing: Promise<void> | undefined;

  async function deliver(
    method: DeliveryMethod,
    path: string,
    body: string,
    messageId: string,
    idempotencyKey: string | undefined,
    signal: AbortSignal | undefined,
    expect: Expect,
  ): Promise<CreateResult | UpdateResult | NoticeResult> {
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = [...commonHeaders, 'webhook-id', messageId, 'webhook-timestamp', String(timestamp)];
    if (sign !== undefined) headers.push('webhook-signature', sign(messageId, timestamp, body));
    if (idempotencyKey !== undefined) headers.push('idempotency-key', idempotencyKey);
    const fullPath = settings.basePath + path;
    const sent = { method, url: settings.origin + fullPath, messageId };
    const reply = await transport(transportSettings, {
      method,
      path: fullPath,
      url: sent.url,
      headers,
      body,
      signal,
    });
    if (!reply.ok) return failureResult(sent, undefined, reply.durationMs, reply.error);
    return interpretReply(sent, reply, expect, settings.maxResponseBodyBytes);
  }

  function create<C extends IntegrationCollection>(
    collection: C,
    payload: PayloadByCollection[C],
    options: CreateOptions,
  ): Promise<CreateResult>;
  function create(delivery: CreateDelivery): Promise<CreateResult>;
  function create(
    first: IntegrationCollection | CreateDelivery,
    payload?: unknown,
    options?: CreateOptions,
  ): Promise<CreateResult> {
    if (typeof first === 'object' && first !== null) {
      const { collection, payload: body, ...rest } = first;
      return createOne(collection, body, rest);
    }
    return createOne(first, payload, options);
  }

  function update<C extends IntegrationCollection>(
    collection: C,
    externalId: string,
    patch: PatchByCollection[C],
    options?: SendOptions,
  ): Promise<UpdateResult>;
  function update(delivery: UpdateDelivery): Promise<UpdateResult>;
  function update(
    first: IntegrationCollection | UpdateDelivery,
    externalId?: string,
    patch?: unknown,
    options?: SendOptions,
  ): Promise<UpdateResult> {
    if (typeof first === 'object' && first !== null) {
      const { collection, externalId: id, patch: body, ...rest } = first;
      return updateOne(collection, id, body, rest);
    }
    return updateOne(first, externalId, patch, options);
  }

  async function createOne(
    collection: unknown,
    payload: unknown,
    callOptions: CreateOptions | undefined,
  ): Promise<CreateResult> {
    checkCollection(collection);
    if (typeof callOptions !== 'object' || callOptions === null || callOptions.idempotencyKey === undefined) {
      throw new InvalidOptionsError([
        {
          code: 'INVALID_VALUE',
          param: 'idempotencyKey',
          message: 'is required for a create (see idempotencyKeyFor())',
        },
      ]);
    }
    checkKey(callOptions.idempotencyKey, 'idempotencyKey');
    checkKey(callOptions.messageId, 'messageId');
    assertValidPayload(collection, payload);
    return (await deliver(
      'POST',
      `/api/integration/${collection}`,
      JSON.stringify(payload),
      callOptions.messageId ?? callOptions.idempotencyKey,
      callOptions.idempotencyKey,
      callOptions.signal,
      { kind: 'create', collection },
    )) as CreateResult;
  }

  async function updateOne(
    collection: unknown,
    externalId: unknown,
    patch: unknown,
    callOptions: SendOptions = {},
  ): Promise<UpdateResult> {
    checkCollection(collection);
    if (typeof externalId !== 'string' || externalId === '' || externalId.length > 512) {
      throw new InvalidOptionsError([
        {
          code: 'INVALID_VALUE',
          param: 'externalId',
          message: 'must be a non-empty string (the id from the create reply)',
        },
      ]);
    }
    checkKey(callOptions.idempotencyKey, 'idempotencyKey');
    checkKey(callOptions.messageId, 'messageId');
    assertValidPatch(collection, patch);
    return (await deliver(
      'PUT',
      `/api/integration/${collection}/${encodeURIComponent(externalId)}`,
      JSON.stringify(patch),
      callOptions.messageId ?? `msg_${randomUUID()}`,
      callOptions.idempotencyKey,
      callOptions.signal,
      { kind: 'update', externalId },
    )) as UpdateResult;
  }

  return {
    baseUrl,
    maxAttempts: settings.retryDelaysMs.length + 1,
    create,
    update,

    async notifyFailure(notice, callOptions = {}) {
      checkKey(callOptions.idempotencyKey, 'idempotencyKey');
      checkKey(callOptions.messageId, 'messageId');
      assertValidFailureNotice(notice);
      return (await deliver(
        'POST',
        '/api/integration/failures',
        JSON.stringify(notice),
        callOptions.messageId ?? `msg_${randomUUID()}`,
        callOptions.idempotencyKey,
        callOptions.signal,
        { kind: 'notice' },
      )) as NoticeResult;
    },

    nextRetryDelay(attemptsMade, lastFailure) {
      if (lastFailure?.outcome === 'permanent') return undefined;
      return retryDelay(attemptsMade, {
        schedule: settings.retryDelaysMs,
        jitter: settings.retryJitter,
        maxRetryAfterMs: settings.maxRetryAfterMs,
        retryAfterMs: lastFailure?.retryAfterMs,
      });
    },

    close() {
      closing ??= ownDispatcher === undefined ? Promise.resolve() : ownDispatcher.close();
      return closing;
    },
  };
}
