/**
 * Every error and code this package reports, in one place: the error classes (thrown or returned,
 * retryable or not, when), the issue codes, why a 2xx reply is refused, the network codes a
 * delivery names and the hint a refused HTTP status gets. The classes and their messages read from
 * here; docs/errors.md is generated from it (`pnpm docs:tables`) and test/errors/catalogue.test.ts
 * holds the page to it both ways.
 */

/** 408, 429 and every 5xx: the external system may accept the same request later. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || (status >= 500 && status <= 599);
}

/** The error classes, base classes first, as the package exports them. */
export const ERROR_CLASSES = {
  IntegrationClientError: { kind: 'base class', retryable: '—', when: 'every error below' },
  DeliveryError: {
    kind: 'base of the four returned ones',
    retryable: '—',
    when: 'a delivery that did not succeed',
  },
  DeliveryHttpError: {
    kind: 'returned',
    retryable: '408, 429, 5xx: yes; other: no',
    when: 'a non-2xx reply; `retryAfterMs` from `Retry-After`; `location` of a redirect (never followed)',
  },
  DeliveryNetworkError: {
    kind: 'returned',
    retryable: 'yes',
    when: 'connection refused/reset/closed, DNS, the caller\'s abort (`code`: see "Network codes")',
  },
  DeliveryTimeoutError: {
    kind: 'returned',
    retryable: 'yes',
    when: 'no complete reply within `timeoutMs` (`phase`: `connect` or `reply`)',
  },
  InvalidReplyError: {
    kind: 'returned',
    retryable: 'no',
    when: 'a 2xx that does not confirm the delivery (`reason`: see "Refused replies")',
  },
  InvalidOptionsError: { kind: 'thrown', retryable: 'no', when: 'an invalid option or argument (`issues`)' },
  InvalidPayloadError: {
    kind: 'thrown',
    retryable: 'no',
    when: 'a payload or patch that fails its schema, an empty patch, a `.`/`$` key, a value that is not JSON (`issues`)',
  },
  InvalidRecordError: {
    kind: 'thrown',
    retryable: 'no',
    when: 'a stored record the builder cannot turn into a payload (`issues`, `recordId`)',
  },
} as const satisfies Record<string, { kind: string; retryable: string; when: string }>;

/** The issue codes and what each means. */
export const ISSUE_CODES = {
  INVALID_VALUE: 'A value of the wrong type or form, or one a rule refuses (the message names the rule).',
  UNKNOWN_FIELD: 'A field or option that does not exist.',
  MISSING_FIELD: 'A field the value must have is absent.',
} as const;

/**
 * What kind of problem an issue is. The names are `@school/query-dsl`'s where the meaning is the
 * same (`INVALID_VALUE`, `UNKNOWN_FIELD`).
 */
export type IssueCode = keyof typeof ISSUE_CODES;

/** Each reason a 2xx reply is refused for, and what it means. */
export const INVALID_REPLY_REASONS = {
  'not-json': 'the body is not JSON',
  'too-large': 'the body is longer than `maxResponseBodyBytes`',
  'unexpected-shape': 'JSON, but without a string `status` (or `data` is not an object)',
  'failure-status': '`status` says the call failed (`error`, `fail`, `failed`, `failure`)',
  'missing-external-id': 'a create reply without the id the external system generated',
} as const;

/** Why a 2xx reply was not accepted (`InvalidReplyError.reason`, the failure notice's `last_error.code`). */
export type InvalidReplyReason = keyof typeof INVALID_REPLY_REASONS;

/** What a network failure's `code` means, in `DeliveryNetworkError`'s message; another code is named as it came. */
export const NETWORK_ERROR_CODES: Readonly<Record<string, string>> = {
  ECONNREFUSED:
    'connection refused: nothing listens at that address (is the external system up, is baseUrl right?)',
  ECONNRESET: 'the connection was reset by the other side',
  EPIPE: 'the connection was closed by the other side while sending',
  ENOTFOUND: 'the host name was not found (DNS); check baseUrl',
  EAI_AGAIN: 'the host name could not be resolved right now (DNS)',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  UND_ERR_SOCKET: 'the other side closed the connection before replying',
  UND_ERR_CLOSED: 'the client was closed before the request finished',
  UND_ERR_DESTROYED: 'the client was closed before the request finished',
  ABORTED: "the request was aborted by the caller's signal before a complete reply",
};

/** What to check when the external system refuses a request with a status that is not retried. */
export const HTTP_STATUS_HINTS: Readonly<Record<number, string>> = {
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
