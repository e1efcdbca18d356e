import type { Dispatcher } from 'undici';
import { InvalidOptionsError } from '../errors/errors.js';
import type { Issue } from '../errors/issue.js';
import { type BaseAddress, readBaseUrl } from './base-url.js';
import { isHeaderValue, readExtraHeaders } from './extra-headers.js';
import {
  checkedOption,
  checkValue,
  type OptionsOf,
  option,
  positiveInteger,
  readOptions,
  requiredOption,
  type SettingsOf,
} from './option-rule.js';
import {
  DEFAULT_MAX_RETRY_AFTER_MS,
  DEFAULT_RETRY_DELAYS_MS,
  DEFAULT_RETRY_JITTER,
  retryChecks,
} from './retry-timing.js';
import { readSigningSecrets } from './signing.js';
import { VERSION } from './version.js';

const milliseconds = {
  accepts: positiveInteger(),
  message: 'must be a positive integer number of milliseconds',
};

/**
 * The client's options, one entry each, in the order the README documents them: the documentation
 * users see on {@link IntegrationClientOptions}, the default, and the check. The option type, the
 * list of known names, the defaults and the validation are all read from here.
 */
const clientOptions = {
  /**
   * Address of the external system (`INTEGRATION_BASE_URL`), e.g. `https://erp.example.com` or
   * `https://example.com/erp`; the client appends `/api/integration/...`. `http:` or `https:`, without
   * user name, password, query or fragment (send credentials with `token`).
   */
  baseUrl: requiredOption<string | URL, BaseAddress>(readBaseUrl),
  /**
   * Sent as `Authorization: Bearer <token>` on every request (`INTEGRATION_TOKEN`).
   * @default undefined (no Authorization header)
   */
  token: checkedOption<string | undefined>(undefined, {
    accepts: (value): value is string => typeof value === 'string' && /^[\x21-\x7e]+$/.test(value),
    message: 'must be a non-empty string of visible ASCII characters',
  }),
  /**
   * Standard Webhooks signing secret(s) (`INTEGRATION_SIGNING_SECRET`), each `whsec_` + base64 of
   * 24 to 64 random bytes ({@link generateSigningSecret} makes one). With two (rotation: the new one
   * and the old one), every request carries both signatures.
   * @default undefined (no webhook-signature header; webhook-id and webhook-timestamp are always sent)
   */
  signingSecrets: option<string | readonly string[], readonly string[]>({
    default: [],
    read: readSigningSecrets,
  }),
  /**
   * Limit for one request, from connecting to the last byte of the reply (`INTEGRATION_TIMEOUT_MS`).
   * When it runs out the result is a retryable `DeliveryTimeoutError`.
   * @default 10000
   */
  timeoutMs: checkedOption(10_000, milliseconds),
  /**
   * The wait before each retry, in milliseconds (`INTEGRATION_RETRY_DELAYS_MS`); attempts in all:
   * length + 1. Used by `client.nextRetryDelay()`; the client itself never waits or retries.
   * @default DEFAULT_RETRY_DELAYS_MS (10 s, 1 min, 5 min, 30 min, 1 h, 2 h, 4 h, 6 h, 10 h: ten attempts over about a day)
   */
  retryDelaysMs: option<readonly number[]>({
    default: DEFAULT_RETRY_DELAYS_MS,
    // A copy: changing the caller's array later does not change the client's schedule.
    read: (value, name, issues) => [...checkValue(value, retryChecks.schedule, name, issues, [])],
  }),
  /**
   * Random spread of each retry delay, as a fraction (0.2 = ±20 %).
   * @default 0.2
   */
  retryJitter: checkedOption(DEFAULT_RETRY_JITTER, retryChecks.jitter),
  /**
   * The longest `Retry-After` wait honoured; a longer one is cut to this.
   * @default 86400000 (24 hours)
   */
  maxRetryAfterMs: checkedOption(DEFAULT_MAX_RETRY_AFTER_MS, retryChecks.maxRetryAfterMs),
  /**
   * The `User-Agent` header.
   * @default '@school/integration-client/<version>'
   */
  userAgent: checkedOption(`@school/integration-client/${VERSION}`, {
    accepts: (value): value is string => value !== '' && isHeaderValue(value),
    message: 'must be a non-empty header value (no line breaks)',
  }),
  /**
   * The most bytes of a reply body read. A longer 2xx body makes the delivery fail (`too-large`);
   * of other replies only the start is kept.
   * @default 65536
   */
  maxResponseBodyBytes: checkedOption(65_536, {
    accepts: positiveInteger(),
    message: 'must be a positive integer number of bytes',
  }),
  /**
   * Most open connections to the external system (the keep-alive pool of the client's undici `Agent`).
   * Ignored when `dispatcher` is given.
   * @default 16
   */
  connections: checkedOption(16, {
    accepts: positiveInteger(10_000),
    message: 'must be an integer from 1 to 10000',
  }),
  /**
   * How long an idle keep-alive connection stays open. Ignored when `dispatcher` is given.
   * @default 4000
   */
  keepAliveTimeoutMs: checkedOption(4_000, milliseconds),
  /**
   * An undici `Dispatcher` (`Agent`, `Pool`, `MockAgent`, a proxy agent ...) to send with instead of
   * the client's own `Agent`. The caller owns it: `client.close()` leaves it open. Do not give one that
   * follows redirects.
   * @default undefined (the client creates and owns a keep-alive Agent)
   */
  dispatcher: checkedOption<Dispatcher | undefined>(undefined, {
    accepts: (value): value is Dispatcher =>
      typeof value === 'object' &&
      value !== null &&
      'request' in value &&
      typeof value.request === 'function',
    message: 'must be an undici Dispatcher (Agent, Pool, ...)',
  }),
  /**
   * Extra headers sent with every request (for example an API key header the external system
   * wants). Cannot replace the headers the client manages (Content-Type, Authorization,
   * Idempotency-Key, webhook-*, User-Agent, Accept, Host, Content-Length, Connection, Transfer-Encoding).
   * @default {}
   */
  headers: option<Readonly<Record<string, string>>>({ default: {}, read: readExtraHeaders }),
};

/** Options of {@link createIntegrationClient}. Only `baseUrl` is required. */
export type IntegrationClientOptions = OptionsOf<typeof clientOptions>;

/** Every option name, in the order the README documents them. */
export const clientOptionNames = Object.keys(clientOptions) as readonly (keyof typeof clientOptions)[];

/** Options after defaults and checks: the address as origin and base path, every other option's setting. */
export type ResolvedOptions = BaseAddress & Omit<SettingsOf<typeof clientOptions>, 'baseUrl'>;

/**
 * Applies the defaults and checks every option, reporting all problems at once.
 * @throws {InvalidOptionsError}
 */
export function resolveOptions(options: IntegrationClientOptions): ResolvedOptions {
  if (typeof options !== 'object' || options === null) {
    throw new InvalidOptionsError([
      { code: 'INVALID_VALUE', param: '', message: 'must be an object with at least baseUrl' },
    ]);
  }
  const issues: Issue[] = [];
  const { baseUrl, ...settings } = readOptions(clientOptions, options, issues);
  if (issues.length > 0) throw new InvalidOptionsError(issues);
  return { ...baseUrl, ...settings };
}
