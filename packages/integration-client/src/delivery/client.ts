import { Agent, type Dispatcher } from 'undici';
import type { PatchByCollection } from '../diff/patches.js';
import type { IntegrationCollection, PayloadByCollection } from '../payloads/collections.js';
import type { FailureNotice } from './failure-notice.js';
import { type Expect, failureResult, interpretReply } from './interpret.js';
import { type IntegrationClientOptions, type ResolvedOptions, resolveOptions } from './options.js';
import {
  type CreateArgs,
  type CreateDelivery,
  type CreateOptions,
  createRequest,
  noticeRequest,
  type Outgoing,
  type SendOptions,
  type UpdateArgs,
  type UpdateDelivery,
  updateRequest,
} from './requests.js';
import type { CreateResult, DeliveryFailure, NoticeResult, UpdateResult } from './results.js';
import { retryDelay } from './retry-timing.js';
import { createSigner } from './signing.js';
import { transport } from './transport.js';

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

/** The result type of each kind of request. */
interface ResultByKind {
  create: CreateResult;
  update: UpdateResult;
  notice: NoticeResult;
}

/**
 * Sends checked requests with the client's settings: signs, adds the headers, classifies the reply.
 * Owns the keep-alive `Agent` it creates (not a given `dispatcher`).
 */
function createSender(settings: ResolvedOptions) {
  const { origin, basePath, timeoutMs, maxResponseBodyBytes } = settings;
  const dispatcher: Dispatcher =
    settings.dispatcher ??
    new Agent({
      connections: settings.connections,
      keepAliveTimeout: settings.keepAliveTimeoutMs,
      connect: { timeout: timeoutMs },
    });
  const ownDispatcher = settings.dispatcher === undefined ? dispatcher : undefined;
  const transportSettings = { dispatcher, origin, timeoutMs, maxResponseBodyBytes };
  const sign = settings.signingSecrets.length > 0 ? createSigner(settings.signingSecrets) : undefined;
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

  async function send<E extends Expect>(request: Outgoing<E>): Promise<ResultByKind[E['kind']]> {
    const { method, body, messageId, idempotencyKey, signal, expect } = request;
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = [...commonHeaders, 'webhook-id', messageId, 'webhook-timestamp', String(timestamp)];
    if (sign !== undefined) headers.push('webhook-signature', sign(messageId, timestamp, body));
    if (idempotencyKey !== undefined) headers.push('idempotency-key', idempotencyKey);
    const path = basePath + request.path;
    const sent = { method, url: origin + path, messageId };
    const reply = await transport(transportSettings, { method, path, url: sent.url, headers, body, signal });
    const result = reply.ok
      ? interpretReply(sent, reply, expect, maxResponseBodyBytes)
      : failureResult(sent, undefined, reply.durationMs, reply.error);
    // interpretReply answers in the kind `expect` names; to the compiler it is the union of all three.
    return result as ResultByKind[E['kind']];
  }

  function close(): Promise<void> {
    closing ??= ownDispatcher === undefined ? Promise.resolve() : ownDispatcher.close();
    return closing;
  }
  return { send, close };
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
  const { send, close } = createSender(settings);
  return {
    baseUrl: settings.origin + settings.basePath,
    maxAttempts: settings.retryDelaysMs.length + 1,
    // async: a refused argument rejects the returned promise instead of throwing at the call.
    create: async (...args: CreateArgs) => send(createRequest(...args)),
    update: async (...args: UpdateArgs) => send(updateRequest(...args)),
    notifyFailure: async (notice, callOptions) => send(noticeRequest(notice, callOptions)),
    nextRetryDelay(attemptsMade, lastFailure) {
      if (lastFailure?.outcome === 'permanent') return undefined;
      return retryDelay(attemptsMade, {
        schedule: settings.retryDelaysMs,
        jitter: settings.retryJitter,
        maxRetryAfterMs: settings.maxRetryAfterMs,
        retryAfterMs: lastFailure?.retryAfterMs,
      });
    },
    close,
  };
}
