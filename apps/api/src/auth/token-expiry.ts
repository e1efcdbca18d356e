import { httpError } from '../errors/http-error.js';
import type { Caller } from './caller.js';

/** The furthest ahead an issued token's `expires_at` may be: a typo of a year is refused, not kept. */
export const MAX_TOKEN_LIFETIME_DAYS = 5 * 366;
const MAX_TOKEN_LIFETIME_MS = MAX_TOKEN_LIFETIME_DAYS * 24 * 60 * 60 * 1000;

/** The seconds of an RFC 3339 time: `:60` is a leap second. */
const LEAP_SECOND = /T\d{2}:\d{2}:60/iu;

/**
 * The expiry of a token `issuer` issues at `now`: the one asked for, checked, or the issuer's own.
 * A leap second (`23:59:60Z`), which the schema's date-time admits, is refused as a date-time no
 * clock here can hold (JavaScript dates, like MongoDB's, have no second 60), not taken for another.
 */
export function expiryFor(requested: string | undefined, issuer: Caller, now: Date): Date | undefined {
  if (requested === undefined) return issuer.expiresAt;
  const at = new Date(requested);
  if (LEAP_SECOND.test(requested) || Number.isNaN(at.getTime())) {
    throw httpError(
      'VALIDATION_FAILED',
      LEAP_SECOND.test(requested)
        ? 'expires_at names a leap second (:60), which the service can’t store; give the second before it (:59) or after it.'
        : 'expires_at must be an RFC 3339 date-time with its offset, such as 2027-01-31T23:59:59Z.',
      'expires_at',
    );
  }
  if (at.getTime() <= now.getTime()) {
    throw httpError(
      'VALIDATION_FAILED',
      `expires_at must be a date-time in the future (it is ${now.toISOString()} now).`,
      'expires_at',
    );
  }
  if (at.getTime() > now.getTime() + MAX_TOKEN_LIFETIME_MS) {
    throw httpError(
      'VALIDATION_FAILED',
      `expires_at must be at most ${MAX_TOKEN_LIFETIME_DAYS} days ahead (until ${new Date(now.getTime() + MAX_TOKEN_LIFETIME_MS).toISOString()}).`,
      'expires_at',
    );
  }
  if (issuer.expiresAt && at.getTime() > issuer.expiresAt.getTime()) {
    throw httpError(
      'FORBIDDEN',
      `A token can't outlive the token that issues it: yours expires at ${issuer.expiresAt.toISOString()}.`,
      'expires_at',
    );
  }
  return at;
}
