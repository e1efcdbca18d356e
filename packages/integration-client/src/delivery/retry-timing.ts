import { InvalidOptionsError } from '../errors/errors.js';
import type { Issue } from '../errors/issue.js';
import { type Check, checkValue } from './option-rule.js';

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;

/**
 * The default wait before each retry: 10 s, 1 min, 5 min, 30 min, 1 h, 2 h, 4 h, 6 h, 10 h.
 * Nine delays, so ten attempts, the last about 23.6 hours after the first.
 */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = Object.freeze([
  10 * second,
  minute,
  5 * minute,
  30 * minute,
  hour,
  2 * hour,
  4 * hour,
  6 * hour,
  10 * hour,
]);

/** Default spread of each delay: ±20 %. */
export const DEFAULT_RETRY_JITTER = 0.2;

/** Default upper bound of a `Retry-After` wait: 24 hours. */
export const DEFAULT_MAX_RETRY_AFTER_MS = 24 * hour;

/** Options of {@link retryDelay}. */
export interface RetryDelayOptions {
  /**
   * The wait before each retry, in milliseconds: `schedule[0]` after the first attempt,
   * `schedule[1]` after the second, ... Attempts in all: `schedule.length + 1`.
   * @default DEFAULT_RETRY_DELAYS_MS (10 s, 1 min, 5 min, 30 min, 1 h, 2 h, 4 h, 6 h, 10 h)
   */
  readonly schedule?: readonly number[] | undefined;
  /**
   * Random spread of a scheduled delay, as a fraction: `0.2` gives a delay between 80 % and 120 %
   * of the scheduled one, so records that failed together do not all come back together.
   * A `Retry-After` wait is only ever lengthened, by up to this fraction.
   * @default 0.2
   */
  readonly jitter?: number | undefined;
  /**
   * The wait the external system asked for (`Retry-After`, see {@link parseRetryAfter}). When given,
   * it replaces the scheduled delay (it is clamped to `0..maxRetryAfterMs`); the number of
   * attempts still follows the schedule.
   * @default undefined
   */
  readonly retryAfterMs?: number | undefined;
  /**
   * The longest `Retry-After` wait honoured; longer ones are cut to this.
   * @default 86_400_000 (24 hours)
   */
  readonly maxRetryAfterMs?: number | undefined;
  /**
   * Source of randomness in `[0, 1)`; pass a constant for deterministic tests.
   * @default Math.random
   */
  readonly random?: (() => number) | undefined;
}

/** What each retry option must be; the client's options `retryDelaysMs`, `retryJitter` and `maxRetryAfterMs` share them. */
export const retryChecks = {
  schedule: {
    accepts: (value): value is readonly number[] =>
      Array.isArray(value) && value.every((d) => typeof d === 'number' && Number.isFinite(d) && d >= 0),
    message: 'must be an array of non-negative numbers of milliseconds',
  },
  jitter: {
    accepts: (value): value is number => typeof value === 'number' && value >= 0 && value <= 1,
    message: 'must be a number from 0 to 1',
  },
  maxRetryAfterMs: {
    accepts: (value): value is number => typeof value === 'number' && value >= 0 && Number.isFinite(value),
    message: 'must be a non-negative number of milliseconds',
  },
} as const satisfies Record<string, Check<unknown>>;

/**
 * How long to wait before the next attempt, after `attempt` attempts have failed; `undefined` when
 * the schedule is used up (then give up and send the failure notice). Pure when `random` is given.
 *
 * @throws {InvalidOptionsError} when `attempt` is not a positive integer or an option is invalid.
 *
 * @example
 * retryDelay(1, { jitter: 0 });                       // => 10_000 (first retry after 10 s)
 * retryDelay(1, { retryAfterMs: 120_000, jitter: 0 }); // => 120_000 (the server's Retry-After)
 * retryDelay(10);                                     // => undefined (ten attempts made: give up)
 */
export function retryDelay(attempt: number, options: RetryDelayOptions = {}): number | undefined {
  const issues: Issue[] = [];
  const schedule = options.schedule ?? DEFAULT_RETRY_DELAYS_MS;
  const jitter = options.jitter ?? DEFAULT_RETRY_JITTER;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS;
  checkValue(schedule, retryChecks.schedule, 'schedule', issues, []);
  checkValue(jitter, retryChecks.jitter, 'jitter', issues, 0);
  checkValue(maxRetryAfterMs, retryChecks.maxRetryAfterMs, 'maxRetryAfterMs', issues, 0);
  if (!Number.isInteger(attempt) || attempt < 1) {
    issues.push({
      code: 'INVALID_VALUE',
      param: 'attempt',
      message: 'must be a positive integer (the number of attempts made)',
    });
  }
  const { retryAfterMs } = options;
  if (retryAfterMs !== undefined && !(typeof retryAfterMs === 'number' && retryAfterMs >= 0)) {
    issues.push({
      code: 'INVALID_VALUE',
      param: 'retryAfterMs',
      message: 'must be a non-negative number of milliseconds',
    });
  }
  if (issues.length > 0) throw new InvalidOptionsError(issues);

  const scheduled = schedule[attempt - 1];
  if (scheduled === undefined) return undefined;
  const random = options.random ?? Math.random;
  if (retryAfterMs !== undefined) {
    const asked = Math.min(retryAfterMs, maxRetryAfterMs);
    return Math.round(Math.min(asked * (1 + jitter * random()), maxRetryAfterMs));
  }
  return Math.round(scheduled * (1 + jitter * (2 * random() - 1)));
}

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
// IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT
const imfFixdate = /^[A-Z][a-z]{2}, (\d{2}) ([A-Z][a-z]{2}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT$/;
// obsolete RFC 850: Sunday, 06-Nov-94 08:49:37 GMT
const rfc850 = /^[A-Z][a-z]+, (\d{2})-([A-Z][a-z]{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2}) GMT$/;
// obsolete asctime: Sun Nov  6 08:49:37 1994
const asctime = /^[A-Z][a-z]{2} ([A-Z][a-z]{2}) ([ \d]\d) (\d{2}):(\d{2}):(\d{2}) (\d{4})$/;

function utc(year: number, month: string, day: string, h: string, m: string, s: string): number | undefined {
  const monthIndex = months.indexOf(month);
  if (monthIndex < 0) return undefined;
  const time = Date.UTC(year, monthIndex, Number(day), Number(h), Number(m), Number(s));
  const date = new Date(time);
  // Reject dates like 31 Feb that Date.UTC would roll over.
  return date.getUTCDate() === Number(day) && Number(h) < 24 && Number(m) < 60 && Number(s) < 61
    ? time
    : undefined;
}

function parseHttpDate(text: string, now: number): number | undefined {
  let match = imfFixdate.exec(text);
  if (match) return utc(Number(match[3]), match[2]!, match[1]!, match[4]!, match[5]!, match[6]!);
  match = rfc850.exec(text);
  if (match) {
    // RFC 9110: a two-digit year more than 50 years in the future is in the past century.
    const nowYear = new Date(now).getUTCFullYear();
    let year = Math.floor(nowYear / 100) * 100 + Number(match[3]);
    if (year > nowYear + 50) year -= 100;
    return utc(year, match[2]!, match[1]!, match[4]!, match[5]!, match[6]!);
  }
  match = asctime.exec(text);
  if (match) return utc(Number(match[6]), match[1]!, match[2]!.trim(), match[3]!, match[4]!, match[5]!);
  return undefined;
}

/**
 * The wait asked for by a `Retry-After` header, in milliseconds (never negative), or `undefined`
 * when the header is absent or malformed. Accepts both forms of RFC 9110: delay-seconds (`120`) and
 * HTTP-date (`Wed, 21 Oct 2015 07:28:00 GMT`, also the obsolete RFC 850 and asctime forms).
 * A date in the past gives `0`.
 *
 * @param now - the current time, as a `Date` or milliseconds since the epoch.
 *
 * @example
 * parseRetryAfter('120');                                                    // => 120_000
 * parseRetryAfter('Wed, 21 Oct 2015 07:28:30 GMT', Date.UTC(2015, 9, 21, 7, 28)); // => 30_000
 * parseRetryAfter('soon');                                                   // => undefined
 */
export function parseRetryAfter(
  header: string | readonly string[] | null | undefined,
  now: Date | number = Date.now(),
): number | undefined {
  const raw = Array.isArray(header) ? header[0] : header;
  if (typeof raw !== 'string') return undefined;
  const text = raw.trim();
  if (/^\d+$/.test(text)) {
    const ms = Number(text) * 1000;
    return Number.isFinite(ms) ? ms : undefined;
  }
  const nowMs = typeof now === 'number' ? now : now.getTime();
  const at = parseHttpDate(text, nowMs);
  return at === undefined ? undefined : Math.max(0, at - nowMs);
}
