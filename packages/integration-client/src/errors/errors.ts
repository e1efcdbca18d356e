/**
 * The package's error classes, one hierarchy: `IntegrationClientError`, the `DeliveryError`s a
 * delivery returns, and the `Invalid*Error`s a programmer error throws. Whether an error is
 * `retryable` is decided when it is built. Messages never contain payload values or response
 * bodies (they may hold personal data); they say what was called and what was wrong. The table of
 * them, with the codes they carry, is catalogue.ts.
 */
import { STATUS_CODES } from 'node:http';
import {
  HTTP_STATUS_HINTS,
  type InvalidReplyReason,
  isRetryableStatus,
  NETWORK_ERROR_CODES,
} from './catalogue.js';
import { formatIssues, type Issue } from './issue.js';

/**
 * `instanceof` for this package's error classes across its copies. A program that loads both the
 * ESM and the CommonJS build (an ESM app with a CommonJS dependency, a test runner, a bundle) has
 * two classes of each name; an error built by one copy is not an instance of the other's by the
 * prototype chain. Each class marks its prototype with a symbol of the global registry (the same
 * symbol in every copy and realm) and answers `instanceof` by that mark: an error of a subclass
 * carries its parents' marks too, and a class's mark says nothing about other classes.
 */
function recognisedAcrossCopies(
  errorClass: abstract new (...args: never[]) => Error,
  // Given, not read from `errorClass.name`, which a minifier may shorten differently in each copy.
  name: string,
): void {
  const brand = Symbol.for(`@school/integration-client/${name}`);
  Object.defineProperty(errorClass.prototype, brand, { value: true });
  // Defined, not assigned: `Function.prototype[Symbol.hasInstance]` is not writable.
  Object.defineProperty(errorClass, Symbol.hasInstance, {
    value: (value: unknown) => typeof value === 'object' && value !== null && brand in value,
  });
}

const marker = Symbol.for('@school/integration-client/error');

/** Base class of every error this package creates. */
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

/** The HTTP methods this package sends. */
export type DeliveryMethod = 'POST' | 'PUT';

/** What every delivery error carries: the request it answers (the argument of `DeliveryError`'s constructor). */
export interface DeliveryErrorDetails {
  readonly method: DeliveryMethod;
  /** The full request URL (never carries credentials: the token travels in a header). */
  readonly url: string;
  /** The reply's HTTP status, when a reply arrived. */
  readonly status?: number | undefined;
  /** The reply body as received (the client cuts it to `RESPONSE_BODY_EXCERPT_CHARS` characters). */
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

/** What a `DeliveryHttpError` is built from: the request and the non-2xx reply it got. */
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
    const retryable = isRetryableStatus(details.status);
    super(`${httpErrorMessage(details, retryable)}.`, details, retryable);
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

function httpErrorMessage(details: DeliveryHttpErrorDetails, retryable: boolean): string {
  const { method, url, status } = details;
  const reason = STATUS_CODES[status];
  const head = `${method} ${url} was answered with HTTP ${status}${reason ? ` ${reason}` : ''}`;
  if (status >= 300 && status <= 399) {
    const to = details.location ? ` to ${details.location.slice(0, 200)}` : '';
    return `${head}, a redirect${to}; redirects are not followed: set baseUrl to the address that answers directly`;
  }
  if (retryable) {
    const wait = details.retryAfterMs;
    return `${head}; will be retried${wait === undefined ? '' : ` (the server asked to wait ${Math.ceil(wait / 1000)} s)`}`;
  }
  const hint = HTTP_STATUS_HINTS[status];
  return `${head}; not retried${hint ? `: ${hint}` : ''}`;
}

/** What a `DeliveryNetworkError` is built from: the request and the network error that ended it. */
export interface DeliveryNetworkErrorDetails {
  readonly method: DeliveryMethod;
  readonly url: string;
  /** The system or undici error code (`ECONNREFUSED`, `UND_ERR_SOCKET`, ...), or `ABORTED`. */
  readonly code: string;
  readonly cause?: unknown;
}

/**
 * No complete reply arrived: the connection failed, was reset or closed, the name did not resolve,
 * or the caller aborted. Always retryable; the external system may or may not have received the
 * request, which is what `Idempotency-Key` and `webhook-id` are for.
 */
export class DeliveryNetworkError extends DeliveryError {
  static {
    recognisedAcrossCopies(DeliveryNetworkError, 'DeliveryNetworkError');
  }

  readonly code: string;

  constructor(details: DeliveryNetworkErrorDetails) {
    const what =
      NETWORK_ERROR_CODES[details.code] ??
      `the request failed: ${details.cause instanceof Error ? details.cause.message : 'unknown error'}`;
    super(
      `${details.method} ${details.url} failed (${details.code}): ${what}; will be retried.`,
      details,
      true,
    );
    this.name = 'DeliveryNetworkError';
    this.code = details.code;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), code: this.code };
  }
}

/** What a `DeliveryTimeoutError` is built from: the request and the limit that ran out. */
export interface DeliveryTimeoutErrorDetails {
  readonly method: DeliveryMethod;
  readonly url: string;
  /** The limit that ran out (the client's `timeoutMs`). */
  readonly timeoutMs: number;
  /** `connect`: no connection within the limit; `reply`: connected, but no complete reply. */
  readonly phase: 'connect' | 'reply';
  readonly status?: number | undefined;
  readonly cause?: unknown;
}

/**
 * No complete reply within the per-request time limit. Retryable. The external system may have
 * processed the request anyway; a retried create carries the same `Idempotency-Key`.
 */
export class DeliveryTimeoutError extends DeliveryError {
  static {
    recognisedAcrossCopies(DeliveryTimeoutError, 'DeliveryTimeoutError');
  }

  readonly timeoutMs: number;
  readonly phase: 'connect' | 'reply';

  constructor(details: DeliveryTimeoutErrorDetails) {
    const what =
      details.phase === 'connect'
        ? `could not connect within ${details.timeoutMs} ms`
        : `got no complete reply within ${details.timeoutMs} ms`;
    super(`${details.method} ${details.url} ${what} (timeoutMs); will be retried.`, details, true);
    this.name = 'DeliveryTimeoutError';
    this.timeoutMs = details.timeoutMs;
    this.phase = details.phase;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), timeoutMs: this.timeoutMs, phase: this.phase };
  }
}

/** What an `InvalidReplyError` is built from: the request and the 2xx reply that did not confirm it. */
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
    super(`${head} ${invalidReplyWhat(details)}; expected ${details.expected}; not retried.`, details, false);
    this.name = 'InvalidReplyError';
    this.reason = details.reason;
    this.issues = details.issues ?? [];
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), reason: this.reason };
  }
}

function invalidReplyWhat(details: InvalidReplyErrorDetails): string {
  switch (details.reason) {
    case 'not-json':
      return `but the body is not JSON (content-type: ${details.contentType ?? 'none'})`;
    case 'too-large':
      return `but the body is larger than maxResponseBodyBytes (${details.maxBytes ?? '?'} bytes)`;
    case 'unexpected-shape':
      return `but the body is not the expected reply (${formatIssues(details.issues ?? [])})`;
    case 'failure-status':
      return 'but its "status" reports a failure';
    case 'missing-external-id':
      return `but without the external id: the create counts as failed because later updates need the id (${formatIssues(details.issues ?? [])})`;
  }
}

/** Thrown by `createIntegrationClient` (and the pure helpers) when an option is invalid. A programmer error. */
export class InvalidOptionsError extends IntegrationClientError {
  static {
    recognisedAcrossCopies(InvalidOptionsError, 'InvalidOptionsError');
  }

  readonly issues: readonly Issue[];

  constructor(issues: readonly Issue[]) {
    super(`Invalid integration client options: ${formatIssues(issues)}.`, { retryable: false });
    this.name = 'InvalidOptionsError';
    this.issues = issues;
  }
}

/**
 * Thrown when a payload or patch cannot be sent or diffed: a key with `.` or a leading `$`, a value
 * that is not JSON (function, `NaN`, `Map`, ...), or a payload that fails its JSON Schema.
 * A programmer error: retrying cannot help.
 */
export class InvalidPayloadError extends IntegrationClientError {
  static {
    recognisedAcrossCopies(InvalidPayloadError, 'InvalidPayloadError');
  }

  /** What the value was meant to be: `student payload`, `grade patch`, `merge patch`, ... */
  readonly subject: string;
  readonly issues: readonly Issue[];

  constructor(subject: string, issues: readonly Issue[]) {
    super(`Invalid ${subject}: ${formatIssues(issues)}.`, { retryable: false });
    this.name = 'InvalidPayloadError';
    this.subject = subject;
    this.issues = issues;
  }
}

/**
 * Thrown by the payload builders when a stored record lacks what its payload needs (a missing
 * `user.name`, an `_id` that is not an ObjectId, ...). The message names the record's `_id` and the
 * fields, never their values.
 */
export class InvalidRecordError extends IntegrationClientError {
  static {
    recognisedAcrossCopies(InvalidRecordError, 'InvalidRecordError');
  }

  readonly collection: string;
  /** The record's `_id` as 24-hex, when it could be read. */
  readonly recordId: string | undefined;
  readonly issues: readonly Issue[];

  constructor(collection: string, recordId: string | undefined, issues: readonly Issue[]) {
    const which = recordId === undefined ? 'a record' : `record ${recordId}`;
    super(`Cannot build the ${collection} payload of ${which}: ${formatIssues(issues)}.`, {
      retryable: false,
    });
    this.name = 'InvalidRecordError';
    this.collection = collection;
    this.recordId = recordId;
    this.issues = issues;
  }
}
