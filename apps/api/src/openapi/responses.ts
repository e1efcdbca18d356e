/**
 * The replies a route can give besides its success: each an `ErrorReply`, documented where it can
 * happen — every `/api` route can be refused (400, 401, 403), rate-limited (429) or fail (500);
 * routes with a body can also be too large (413) or not JSON (415).
 */
import { ERROR_CODES, type ErrorCode } from '../errors/http-error.js';
import { ref, type Schema } from './schemas.js';

type Status = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500;

const WHEN: Record<Status, string> = {
  400: 'The request is not valid: every problem is listed, with the parameter or field it is about.',
  401: 'No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`).',
  403: "The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power.",
  404: 'No such record in your schools (or no such route).',
  409: 'A conflict: a unique value already in use, a record others reference, a concurrent change, or (tokens API) an issuer already holding its limit of active tokens.',
  413: 'The body is larger than the limit.',
  415: 'The body is not `application/json`.',
  429: 'Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read.',
  500: 'An unexpected failure; the reply carries no internals, the log has the details.',
};

function reply(status: Status): Schema {
  const codes = (Object.keys(ERROR_CODES) as ErrorCode[]).filter(
    (code) => ERROR_CODES[code].status === status,
  );
  return {
    description: `${WHEN[status]}${codes.length > 0 ? ` Codes: ${codes.map((code) => `\`${code}\``).join(', ')}.` : ''}`,
    ...ref('ErrorReply'),
  };
}

const replies = (statuses: readonly Status[]) =>
  Object.fromEntries(statuses.map((status) => [status, reply(status)])) as Record<Status, Schema>;

/** GET routes under `/api`. */
export const readErrors = (withNotFound: boolean) =>
  replies([400, 401, 403, ...(withNotFound ? [404 as const] : []), 429, 500]);

/** POST and PUT routes under `/api`. */
export const writeErrors = (withNotFound: boolean) =>
  replies([400, 401, 403, ...(withNotFound ? [404 as const] : []), 409, 413, 415, 429, 500]);

/** Routes open without a token (`/health`): limited per client address. */
export const rateLimited = () => ({ 429: reply(429) });
