import { ISSUE_CODES, type Issue } from '@school/query-dsl';
import { BODY_SHAPE, REQUEST_LIMIT_DEFAULTS } from '../config/limits.js';

/** `4 MiB` for a whole number of MiB, else the bytes. */
const size = (bytes: number): string =>
  bytes % 1_048_576 === 0 ? `${bytes / 1_048_576} MiB` : `${bytes} bytes`;

/**
 * Every error code the service answers with, its HTTP status and when it happens: one table, the
 * query library's codes and the service's own, with the numbers read from the limits they name.
 * The error handler and every early answer take their status from it, the OpenAPI document lists
 * it, and docs/http-api.md shows it (`pnpm docs:tables` writes it there; test/errors/catalogue.test.ts
 * holds the page to it both ways).
 */
export const ERROR_CODES = {
  ...ISSUE_CODES,
  QUERY_TOO_COMPLEX: {
    status: 400,
    description: `${ISSUE_CODES.QUERY_TOO_COMPLEX.description.slice(0, -1)}; or a read the database stopped at \`QUERY_TIME_LIMIT_MS\` (${REQUEST_LIMIT_DEFAULTS.queryTimeLimitMs} ms by default).`,
  },
  VALIDATION_FAILED: {
    status: 400,
    description:
      'The JSON body does not fit the collection schema (one entry per problem, `param` = the field path), is empty, is not JSON, or has a `__proto__` key or a `constructor` key holding `prototype` (`param` = its path).',
  },
  BODY_TOO_COMPLEX: {
    status: 400,
    description: `The JSON body nests deeper than ${BODY_SHAPE.depth}, has an object of more than ${BODY_SHAPE.keys} keys or an array of more than ${BODY_SHAPE.items} items (refused before it is parsed).`,
  },
  INVALID_HEADER: { status: 400, description: 'The `type: API` header is missing or different.' },
  UNAUTHORIZED: { status: 401, description: 'No bearer token, or an unknown or revoked one.' },
  TOKEN_EXPIRED: {
    status: 401,
    description: 'The bearer token is past its `expires_at`; the message says when it expired.',
  },
  FORBIDDEN: {
    status: 403,
    description:
      "The token lacks the scope, the record's school is outside the token's schools, a token would grant more than the issuer's own scopes, schools or lifetime, a school-limited token asks for `/metrics`, or a token revoked by a wider one is restored by a narrower one.",
  },
  NOT_FOUND: {
    status: 404,
    description: "Unknown route, or no record with that id in the caller's schools.",
  },
  METHOD_NOT_ALLOWED: {
    status: 405,
    description:
      'The path exists but not with this method; the `Allow` header lists the methods it takes. Answered before the body is read.',
  },
  REQUEST_TIMEOUT: {
    status: 408,
    description:
      'The request (its headers, or headers and body) did not arrive within its deadline (`HEADERS_TIMEOUT_MS`, `REQUEST_TIMEOUT_MS`); the connection is closed.',
  },
  CONFLICT: {
    status: 409,
    description:
      'A unique constraint (a second student with the same `user.id_card` in one school), a move of a record that records of its school reference, a change others keep making at the same moment, or a token issued by an issuer that already holds `MAX_ACTIVE_TOKENS_PER_ISSUER` active tokens.',
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    description: `The body is over \`BODY_LIMIT\` (${size(REQUEST_LIMIT_DEFAULTS.bodyLimit)} by default); request headers larger than Node.js reads are answered with this code and status 431.`,
  },
  REPLY_TOO_LARGE: {
    status: 400,
    description: `The reply would be larger than \`MAX_REPLY_BYTES\` (${size(REQUEST_LIMIT_DEFAULTS.maxReplyBytes)} by default): ask for fewer records a page, fewer fields or fewer populated paths.`,
  },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, description: 'The body is not `application/json`.' },
  RATE_LIMITED: {
    status: 429,
    description:
      'Too many requests for this token (or, without a valid token, from this address); retry after `Retry-After` seconds.',
  },
  INTERNAL: {
    status: 500,
    description: 'An unexpected failure; the body never carries internals, the log has the details.',
  },
  UNAVAILABLE: {
    status: 503,
    description:
      'The service is shutting down; retry after `Retry-After` seconds (another instance will answer).',
  },
  TOO_MANY_CONNECTIONS: {
    status: 503,
    description:
      'This client address already has `MAX_CONNECTIONS_PER_ADDRESS` connections open; the new one is closed. Send requests on the open ones, or retry after `Retry-After` seconds.',
  },
} as const satisfies Record<string, { status: number; description: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** One entry of the envelope's `errors`: a query issue's shape, its code any of the service's. */
export interface ErrorEntry extends Omit<Issue, 'code'> {
  readonly code: ErrorCode;
}

/** A failure with its HTTP status and every entry to report; the error handler turns it into the envelope. */
export class HttpError extends Error {
  readonly status: number;
  constructor(readonly entries: readonly ErrorEntry[]) {
    super(entries.map((entry) => entry.message).join(' '));
    this.name = 'HttpError';
    this.status = ERROR_CODES[entries[0]?.code ?? 'INTERNAL'].status;
  }
}

export function httpError(code: ErrorCode, message: string, param = ''): HttpError {
  return new HttpError([{ code, message, param }]);
}

export function queryError(issues: readonly Issue[]): HttpError {
  return new HttpError(
    issues.map((issue) => ({ code: issue.code, message: issue.message, param: issue.param })),
  );
}
