import type { Dispatcher } from 'undici';
import { InvalidOptionsError } from '../errors/invalid-options-error.js';
import type { Issue } from '../errors/issue.js';
import {
  DEFAULT_MAX_RETRY_AFTER_MS,
  DEFAULT_RETRY_DELAYS_MS,
  DEFAULT_RETRY_JITTER,
  retryOptionIssues,
} from './retry-timing.js';
import { signingSecretsIssues } from './signing.js';
import { withoutTrailingSlashes } from './trailing-slashes.js';
import { VERSION } from './version.js';

/** Options of {@link createIntegrationClient}. Only `baseUrl` is required. */
export interface IntegrationClientOptions {
  /**
   * Address of the external system (`INTEGRATION_BASE_URL`), e.g. `https://erp.example.com` or
   * `https://example.com/erp`; the client appends `/api/integration/...`. `http:` or `https:`, without
   * user name, password, query or fragment (send credentials with `token`).
   */
  readonly baseUrl: string | URL;
  /**
   * Sent as `Authorization: Bearer <token>` on every request (`INTEGRATION_TOKEN`).
   * @default undefined (no Authorization header)
   */
  readonly token?: string | undefined;
  /**
   * Standard Webhooks signing secret(s) (`INTEGRATION_SIGNING_SECRET`), each `whsec_` + base64 of
   * 24 to 64 random bytes ({@link generateSigningSecret} makes one). With two (rotation: the new one
   * and the old one), every request carries both signatures.
   * @default undefined (no webhook-signature header; webhook-id and webhook-timestamp are always sent)
   */
  readonly signingSecrets?: string | readonly string[] | undefined;
  /**
   * Limit for one request, from connecting to the last byte of the reply (`INTEGRATION_TIMEOUT_MS`).
   * When it runs out the result is a retryable `DeliveryTimeoutError`.
   * @default 10000
   */
  readonly timeoutMs?: number | undefined;
  /**
   * The wait before each retry, in milliseconds (`INTEGRATION_RETRY_DELAYS_MS`); attempts in all:
   * length + 1. Used by `client.nextRetryDelay()`; the client itself never waits or retries.
   * @default DEFAULT_RETRY_DELAYS_MS (10 s, 1 min, 5 min, 30 min, 1 h, 2 h, 4 h, 6 h, 10 h: ten attempts over about a day)
   */
  readonly retryDelaysMs?: readonly number[] | undefined;
  /**
   * Random spread of each retry delay, as a fraction (0.2 = ±20 %).
   * @default 0.2
   */
  readonly retryJitter?: number | undefined;
  /**
   * The longest `Retry-After` wait honoured; a longer one is cut to this.
   * @default 86400000 (24 hours)
   */
  readonly maxRetryAfterMs?: number | undefined;
  /**
   * The `User-Agent` header.
   * @default '@school/integration-client/<version>'
   */
  readonly userAgent?: string | undefined;
  /**
   * The most bytes of a reply body read. A longer 2xx body makes the delivery fail (`too-large`);
   * of other replies only the start is kept.
   * @default 65536
   */
  readonly maxResponseBodyBytes?: number | undefined;
  /**
   * Most open connections to the external system (the keep-alive pool of the client's undici `Agent`).
   * Ignored when `dispatcher` is given.
   * @default 16
   */
  readonly connections?: number | undefined;
  /**
   * How long an idle keep-alive connection stays open. Ignored when `dispatcher` is given.
   * @default 4000
   */
  readonly keepAliveTimeoutMs?: number | undefined;
  /**
   * An undici `Dispatcher` (`Agent`, `Pool`, `MockAgent`, a proxy agent ...) to send with instead of
   * the client's own `Agent`. The caller owns it: `client.close()` leaves it open. Do not give one that
   * follows redirects.
   * @default undefined (the client creates and owns a keep-alive Agent)
   */
  readonly dispatcher?: Dispatcher | undefined;
  /**
   * Extra headers sent with every request (for example an API key header the external system
   * wants). Cannot replace the headers the client manages (Content-Type, Authorization,
   * Idempotency-Key, webhook-*, User-Agent, Accept, Host, Content-Length, Connection, Transfer-Encoding).
   * @default {}
   */
  readonly headers?: Readonly<Record<string, string>> | undefined;
}

/** Every option name, in the order the README documents them. */
export const clientOptionNames = [
  'baseUrl',
  'token',
  'signingSecrets',
  'timeoutMs',
  'retryDelaysMs',
  'retryJitter',
  'maxRetryAfterMs',
  'userAgent',
  'maxResponseBodyBytes',
  'connections',
  'keepAliveTimeoutMs',
  'dispatcher',
  'headers',
] as const satisfies readonly (keyof IntegrationClientOptions)[];

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_RESPONSE_BODY_BYTES = 65_536;
export const DEFAULT_CONNECTIONS = 16;
export const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 4_000;
export const DEFAULT_USER_AGENT = `@school/integration-client/${VERSION}`;

const managedHeaders = new Set([
  'accept',
  'authorization',
  'connection',
  'content-length',
  'content-type',
  'host',
  'idempotency-key',
  'transfer-encoding',
  'user-agent',
  'webhook-id',
  'webhook-signature',
  'webhook-timestamp',
]);
const headerName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const headerValue = /^[\t\x20-\x7e\x80-\xff]*$/;

/** Options after defaults and checks. */
export interface ResolvedOptions {
  readonly origin: string;
  /** Base path without trailing slash ('' for the root). */
  readonly basePath: string;
  readonly token: string | undefined;
  readonly signingSecrets: readonly string[];
  readonly timeoutMs: number;
  readonly retryDelaysMs: readonly number[];
  readonly retryJitter: number;
  readonly maxRetryAfterMs: number;
  readonly userAgent: string;
  readonly maxResponseBodyBytes: number;
  readonly connections: number;
  readonly keepAliveTimeoutMs: number;
  readonly dispatcher: Dispatcher | undefined;
  readonly headers: Readonly<Record<string, string>>;
}

function positiveInteger(value: unknown, max = 2 ** 31 - 1): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= max;
}

function parseBaseUrl(value: unknown, issues: Issue[]): { origin: string; basePath: string } {
  let url: URL | undefined;
  try {
    url = new URL(value instanceof URL ? value.href : String(value));
  } catch {
    url = undefined;
  }
  if (url === undefined || (typeof value !== 'string' && !(value instanceof URL))) {
    issues.push({
      code: 'INVALID_VALUE',
      param: 'baseUrl',
      message: 'must be an absolute http(s) URL, e.g. "https://erp.example.com"',
    });
    return { origin: '', basePath: '' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    issues.push({
      code: 'INVALID_VALUE',
      param: 'baseUrl',
      message: `must use http: or https:, not ${url.protocol}`,
    });
  }
  if (url.username !== '' || url.password !== '') {
    issues.push({
      code: 'INVALID_VALUE',
      param: 'baseUrl',
      message: 'must not contain a user name or password; use the token option',
    });
  }
  if (url.search !== '' || url.hash !== '') {
    issues.push({ code: 'INVALID_VALUE', param: 'baseUrl', message: 'must not have a query or fragment' });
  }
  return { origin: url.origin, basePath: withoutTrailingSlashes(url.pathname) };
}

/**
 * Applies the defaults and checks every option, reporting all problems at once.
 * @throws {InvalidOptionsError}
 */
export function resolveOptions(options: IntegrationClientOptions): ResolvedOptions {
  const issues: Issue[] = [];
  if (typeof options !== 'object' || options === null) {
    throw new InvalidOptionsError([
      { code: 'INVALID_VALUE', param: '', message: 'must be an object with at least baseUrl' },
    ]);
  }
  for (const key of Object.keys(options)) {
    if (!(clientOptionNames as readonly string[]).includes(key)) {
      issues.push({
        code: 'UNKNOWN_FIELD',
        param: key,
        message: `is not an option (options are: ${clientOptionNames.join(', ')})`,
      });
    }
  }
  const { origin, basePath } = parseBaseUrl(options.baseUrl, issues);

  const token = options.token;
  if (token !== undefined && (typeof token !== 'string' || !/^[\x21-\x7e]+$/.test(token))) {
    issues.push({
      code: 'INVALID_VALUE',
      param: 'token',
      message: 'must be a non-empty string of visible ASCII characters',
    });
  }

  let signingSecrets: readonly string[] = [];
  if (options.signingSecrets !== undefined) {
    const secretIssues = signingSecretsIssues(options.signingSecrets);
    issues.push(...secretIssues);
    if (secretIssues.length === 0) {
      signingSecrets =
        typeof options.signingSecrets === 'string' ? [options.signingSecrets] : [...options.signingSecrets];
    }
  }

  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!positiveInteger(timeoutMs)) {
    issues.push({
      code: 'INVALID_VALUE',
      param: 'timeoutMs',
      message: 'must be a positive integer number of milliseconds',
    });
  }

  const retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const retryJitter = options.retryJitter ?? DEFAULT_RETRY_JITTER;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS;
  issues.push(
    ...retryOptionIssues(retryDelaysMs, retryJitter, maxRetryAfterMs, {
      schedule: 'retryDelaysMs',
      jitter: 'retryJitter',
      maxRetryAfterMs: 'maxRetryAfterMs',
    }),
  );

  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
  if (typeof userAgent !== 'string' || userAgent === '' || !headerValue.test(userAgent)) {
    issues.push({
      code: 'INVALID_VALUE',
      param: 'userAgent',
      message: 'must be a non-empty header value (no line breaks)',
    });
  }

  const maxResponseBodyBytes = options.maxResponseBodyBytes ?? DEFAULT_MAX_RESPONSE_BODY_BYTES;
  if (!positiveInteger(maxResponseBodyBytes)) {
    issues.push({
      code: 'INVALID_VALUE',
      param: 'maxResponseBodyBytes',
      message: 'must be a positive integer number of bytes',
    });
  }
  const connections = options.connections ?? DEFAULT_CONNECTIONS;
  if (!positiveInteger(connections, 10_000)) {
    issues.push({
      code: 'INVALID_VALUE',
      param: 'connections',
      message: 'must be an integer from 1 to 10000',
    });
  }
  const keepAliveTimeoutMs = options.keepAliveTimeoutMs ?? DEFAULT_KEEP_ALIVE_TIMEOUT_MS;
  if (!positiveInteger(keepAliveTimeoutMs)) {
    issues.push({
      code: 'INVALID_VALUE',
      param: 'keepAliveTimeoutMs',
      message: 'must be a positive integer number of milliseconds',
    });
  }

  const dispatcher = options.dispatcher;
  if (
    dispatcher !== undefined &&
    (typeof dispatcher !== 'object' || dispatcher === null || typeof dispatcher.request !== 'function')
  ) {
    issues.push({
      code: 'INVALID_VALUE',
      param: 'dispatcher',
      message: 'must be an undici Dispatcher (Agent, Pool, ...)',
    });
  }

  const headers: Record<string, string> = {};
  if (options.headers !== undefined) {
    if (typeof options.headers !== 'object' || options.headers === null) {
      issues.push({
        code: 'INVALID_VALUE',
        param: 'headers',
        message: 'must be an object of header names to string values',
      });
    } else {
      for (const [name, value] of Object.entries(options.headers)) {
        const lower = name.toLowerCase();
        if (!headerName.test(name)) {
          issues.push({
            code: 'INVALID_VALUE',
            param: `headers.${name}`,
            message: 'is not a valid header name',
          });
        } else if (managedHeaders.has(lower)) {
          issues.push({
            code: 'INVALID_VALUE',
            param: `headers.${name}`,
            message: 'is set by the client and cannot be overridden',
          });
        } else if (typeof value !== 'string' || !headerValue.test(value)) {
          issues.push({
            code: 'INVALID_VALUE',
            param: `headers.${name}`,
            message: 'must be a string without line breaks',
          });
        } else {
          headers[lower] = value;
        }
      }
    }
  }

  if (issues.length > 0) throw new InvalidOptionsError(issues);
  return {
    origin,
    basePath,
    token,
    signingSecrets,
    timeoutMs,
    retryDelaysMs: [...retryDelaysMs],
    retryJitter,
    maxRetryAfterMs,
    userAgent,
    maxResponseBodyBytes,
    connections,
    keepAliveTimeoutMs,
    dispatcher,
    headers,
  };
}
