import { withoutTrailingSlashes } from '@school/integration-client';
import { reachableUrl } from './addresses.js';
import { type ConfiguredToken, readTokens } from './configured-tokens.js';
import { type ConnectionLimits, connectionLimits } from './connections.js';
import { REQUEST_LIMIT_DEFAULTS as LIMITS } from './limits.js';
import { type TrustProxy, trustProxy } from './trust-proxy.js';

/** `pretty`: human-readable lines and a plain-text start-up banner; `json`: one JSON object per line. */
type LogFormat = 'pretty' | 'json';

/** Where `GET /metrics` is served: on the API listener behind a `metrics`-scope token, or on its own listener. */
type MetricsConfig =
  | { readonly listener: 'api' }
  | { readonly listener: 'separate'; readonly host: string; readonly port: number };

interface IntegrationConfig {
  /** The external system's address (docs/integration-contract.md); without it nothing is sent and changes stay pending. */
  readonly baseUrl: string | undefined;
  readonly token: string | undefined;
  readonly signingSecret: string | undefined;
  /** @default 10000 */
  readonly timeoutMs: number;
  /** The back-off schedule; attempts = delays + 1. */
  readonly retryDelaysMs: readonly number[] | undefined;
}

export interface AppConfig {
  /** @default '127.0.0.1' */
  readonly host: string;
  /** @default 3000 */
  readonly port: number;
  readonly production: boolean;
  readonly mongodbUri: string | undefined;
  /** @default 'school' */
  readonly mongodbDb: string;
  /** How long to look for a reachable MongoDB server before giving up. @default 10000 */
  readonly mongodbServerSelectionTimeoutMs: number;
  /** Load the demo data set in embedded mode. @default true */
  readonly demoData: boolean;
  /** Configured tokens; `undefined` when none are configured (embedded demo mode generates one). */
  readonly tokens: readonly ConfiguredToken[] | undefined;
  /** The demo token's secret when no tokens are configured (`DEMO_TOKEN`); random when unset. */
  readonly demoToken: string | undefined;
  /** Requests per token (or per address without a token) per window. @default 600 */
  readonly rateLimitMax: number;
  /** @default 60000 */
  readonly rateLimitWindowMs: number;
  /** Active, unexpired tokens one issuer may hold (`MAX_ACTIVE_TOKENS_PER_ISSUER`); past it `409 CONFLICT`. @default 100 */
  readonly maxActiveTokensPerIssuer: number;
  /** Largest request body in bytes. @default 1048576 */
  readonly bodyLimit: number;
  /** Largest `/api` reply in bytes; a larger one is `400 REPLY_TOO_LARGE`. @default 4194304 */
  readonly maxReplyBytes: number;
  /**
   * The most milliseconds each database operation of a read may take (MongoDB's `maxTimeMS`); a
   * read stopped by it is `400 QUERY_TOO_COMPLEX`. @default 5000
   */
  readonly queryTimeLimitMs: number;
  /** Proxies whose `X-Forwarded-For` names the client address (`TRUST_PROXY`). @default false */
  readonly trustProxy: TrustProxy;
  /** @default 'info' */
  readonly logLevel: string;
  /** @default 'pretty' on a terminal outside production, else 'json' */
  readonly logFormat: LogFormat;
  /**
   * Write query-string values into request log lines as sent (`LOG_QUERY_VALUES=1`, for
   * development); otherwise each value is `[redacted]` and only the keys are kept. @default false
   */
  readonly logQueryValues: boolean;
  /** How long a connection may stay idle between requests; announced to clients in `Keep-Alive: timeout`. @default 5000 */
  readonly keepAliveTimeoutMs: number;
  /**
   * After SIGTERM/SIGINT, how long the service keeps answering (503) requests on open and new
   * connections before it closes the listener and the idle ones. @default keepAliveTimeoutMs
   */
  readonly shutdownGraceMs: number;
  /** How long a shutdown may take, grace included, before the process exits 1. @default 25000 */
  readonly shutdownTimeoutMs: number;
  /** The deadlines and caps of client connections (connections.ts). */
  readonly connections: ConnectionLimits;
  readonly metrics: MetricsConfig;
  /** This service's own address, for the re-emit URL in failure notices and the API document. */
  readonly publicUrl: PublicUrl;
  readonly integration: IntegrationConfig;
}

/**
 * Where clients reach this service. `PUBLIC_URL` when set; otherwise this machine's own address
 * (`http://127.0.0.1:PORT` for a wildcard HOST), which only a client on this machine can use.
 */
interface PublicUrl {
  readonly url: string;
  readonly from: 'PUBLIC_URL' | 'HOST and PORT';
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    // One problem is one line (what a process manager shows first); several are a list.
    super(
      problems.length === 1
        ? `Invalid configuration: ${problems[0]}`
        : `Invalid configuration:\n- ${problems.join('\n- ')}`,
    );
    this.name = 'ConfigError';
  }
}

export type Env = Readonly<Record<string, string | undefined>>;

/**
 * Reads and checks the whole configuration; every problem is reported at once. `terminal` says
 * whether standard output is a terminal (it picks the default log format).
 */
export function loadConfig(env: Env = process.env, terminal = process.stdout.isTTY === true): AppConfig {
  const problems: string[] = [];
  const host = env.HOST?.trim() || '127.0.0.1';
  const port = integer(env.PORT, 'PORT', 3000, 0, 65535, problems);
  const production = env.NODE_ENV === 'production';
  const mongodbUri = env.MONGODB_URI?.trim() || undefined;
  if (mongodbUri && !/^mongodb(\+srv)?:\/\//u.test(mongodbUri)) {
    problems.push('MONGODB_URI must start with mongodb:// or mongodb+srv://');
  }
  if (production && !mongodbUri) {
    problems.push(
      'NODE_ENV=production needs MONGODB_URI: the embedded database is for development and tests only',
    );
  }
  const tokens = readTokens(env, problems);
  if (production && !tokens?.length && !problems.some((problem) => problem.startsWith('API_TOKENS'))) {
    // Outside production a missing list means a generated full-access demo token; in production
    // that token would be the only way in, and nobody chose it.
    problems.push(
      'NODE_ENV=production needs API_TOKENS or API_TOKENS_FILE with at least one token: the demo token is for development only',
    );
  }
  const config: AppConfig = {
    host,
    port,
    production,
    mongodbUri,
    mongodbDb: env.MONGODB_DB?.trim() || (mongodbUri && databaseOf(mongodbUri)) || 'school',
    mongodbServerSelectionTimeoutMs: integer(
      env.MONGODB_SERVER_SELECTION_TIMEOUT_MS,
      'MONGODB_SERVER_SELECTION_TIMEOUT_MS',
      10_000,
      1,
      600_000,
      problems,
    ),
    demoData: env.DEMO_DATA !== '0' && env.DEMO_DATA !== 'false',
    tokens,
    demoToken: demoToken(env.DEMO_TOKEN, problems),
    rateLimitMax: integer(env.RATE_LIMIT_MAX, 'RATE_LIMIT_MAX', 600, 1, 1e9, problems),
    rateLimitWindowMs: integer(env.RATE_LIMIT_WINDOW_MS, 'RATE_LIMIT_WINDOW_MS', 60_000, 1, 1e9, problems),
    maxActiveTokensPerIssuer: integer(
      env.MAX_ACTIVE_TOKENS_PER_ISSUER,
      'MAX_ACTIVE_TOKENS_PER_ISSUER',
      100,
      1,
      100_000,
      problems,
    ),
    ...requestLimits(env, problems),
    trustProxy: trustProxy(env.TRUST_PROXY, problems),
    logLevel: logLevel(env.LOG_LEVEL, problems),
    logFormat: logFormat(env.LOG_FORMAT, terminal && !production, problems),
    logQueryValues: flag(env.LOG_QUERY_VALUES, 'LOG_QUERY_VALUES', false, problems),
    ...shutdown(env, problems),
    connections: connectionLimits(env, problems),
    metrics: metrics(env, host, problems),
    publicUrl: publicUrl(env.PUBLIC_URL, host, port, problems),
    integration: {
      baseUrl: url(env.INTEGRATION_BASE_URL, 'INTEGRATION_BASE_URL', problems),
      token: env.INTEGRATION_TOKEN?.trim() || undefined,
      signingSecret: env.INTEGRATION_SIGNING_SECRET?.trim() || undefined,
      timeoutMs: integer(env.INTEGRATION_TIMEOUT_MS, 'INTEGRATION_TIMEOUT_MS', 10_000, 1, 600_000, problems),
      retryDelaysMs: delays(env.INTEGRATION_RETRY_DELAYS_MS, problems),
    },
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 5_000;

/** `BODY_LIMIT`, `MAX_REPLY_BYTES` and `QUERY_TIME_LIMIT_MS`, their defaults those the error catalogue quotes. */
function requestLimits(
  env: Env,
  problems: string[],
): Pick<AppConfig, 'bodyLimit' | 'maxReplyBytes' | 'queryTimeLimitMs'> {
  return {
    bodyLimit: integer(env.BODY_LIMIT, 'BODY_LIMIT', LIMITS.bodyLimit, 1024, 1e9, problems),
    maxReplyBytes: integer(env.MAX_REPLY_BYTES, 'MAX_REPLY_BYTES', LIMITS.maxReplyBytes, 1024, 1e9, problems),
    queryTimeLimitMs: integer(
      env.QUERY_TIME_LIMIT_MS,
      'QUERY_TIME_LIMIT_MS',
      LIMITS.queryTimeLimitMs,
      1,
      600_000,
      problems,
    ),
  };
}

/**
 * The keep-alive timeout and the shutdown's grace and limit. A client may send its next request on
 * an idle connection until the keep-alive timeout it was told, so the grace defaults to it: no
 * connection a client may still use is closed before that. The grace is part of the shutdown.
 */
function shutdown(
  env: Env,
  problems: string[],
): Pick<AppConfig, 'keepAliveTimeoutMs' | 'shutdownGraceMs' | 'shutdownTimeoutMs'> {
  const keepAliveTimeoutMs = integer(
    env.KEEP_ALIVE_TIMEOUT_MS,
    'KEEP_ALIVE_TIMEOUT_MS',
    DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
    1_000,
    3_600_000,
    problems,
  );
  const shutdownGraceMs = integer(
    env.SHUTDOWN_GRACE_MS,
    'SHUTDOWN_GRACE_MS',
    keepAliveTimeoutMs,
    0,
    3_600_000,
    problems,
  );
  const shutdownTimeoutMs = integer(
    env.SHUTDOWN_TIMEOUT_MS,
    'SHUTDOWN_TIMEOUT_MS',
    25_000,
    1,
    3_600_000,
    problems,
  );
  if (shutdownGraceMs >= shutdownTimeoutMs) {
    const grace = env.SHUTDOWN_GRACE_MS?.trim() ? '' : ', from KEEP_ALIVE_TIMEOUT_MS';
    problems.push(
      `SHUTDOWN_GRACE_MS (${shutdownGraceMs}${grace}) must be less than SHUTDOWN_TIMEOUT_MS (${shutdownTimeoutMs}): the grace is part of the shutdown`,
    );
  }
  return { keepAliveTimeoutMs, shutdownGraceMs, shutdownTimeoutMs };
}

export function integer(
  raw: string | undefined,
  name: string,
  fallback: number,
  min: number,
  max: number,
  problems: string[],
): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = /^\s*\d+\s*$/u.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(value) || value < min || value > max) {
    problems.push(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
    return fallback;
  }
  return value;
}

/** `1`/`true` or `0`/`false` (any case); unset or empty is the default. */
function flag(raw: string | undefined, name: string, fallback: boolean, problems: string[]): boolean {
  const value = raw?.trim().toLowerCase();
  if (!value) return fallback;
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  problems.push(`${name} must be 1, true, 0 or false, got "${raw}"`);
  return fallback;
}

/** The database a connection string names in its path (`mongodb://host/<db>?...`), if any. */
function databaseOf(uri: string): string | undefined {
  const path = /^mongodb(?:\+srv)?:\/\/[^/?#]*\/([^?#]+)/u.exec(uri)?.[1];
  try {
    return path ? decodeURIComponent(path) : undefined;
  } catch {
    return undefined;
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function logLevel(raw: string | undefined, problems: string[]): string {
  const value = raw?.trim().toLowerCase() || 'info';
  if (LOG_LEVELS.includes(value)) return value;
  problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${raw}"`);
  return 'info';
}

function logFormat(raw: string | undefined, terminal: boolean, problems: string[]): LogFormat {
  const value = raw?.trim().toLowerCase();
  if (!value) return terminal ? 'pretty' : 'json';
  if (value === 'pretty' || value === 'json') return value;
  problems.push(`LOG_FORMAT must be pretty or json, got "${raw}"`);
  return 'json';
}

function metrics(env: Env, host: string, problems: string[]): MetricsConfig {
  if (env.METRICS_PORT === undefined || env.METRICS_PORT.trim() === '') return { listener: 'api' };
  const port = integer(env.METRICS_PORT, 'METRICS_PORT', 0, 0, 65535, problems);
  if (port !== 0 && String(port) === env.PORT?.trim()) problems.push('METRICS_PORT must differ from PORT');
  return { listener: 'separate', host: env.METRICS_HOST?.trim() || host, port };
}

function demoToken(raw: string | undefined, problems: string[]): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  if (value.length < 16) problems.push('DEMO_TOKEN must be at least 16 characters');
  return value;
}

function publicUrl(raw: string | undefined, host: string, port: number, problems: string[]): PublicUrl {
  const configured = url(raw, 'PUBLIC_URL', problems);
  return configured
    ? { url: configured, from: 'PUBLIC_URL' }
    : { url: reachableUrl(host, port), from: 'HOST and PORT' };
}

function url(raw: string | undefined, name: string, problems: string[]): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  try {
    const parsed = new URL(value);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('protocol');
    return withoutTrailingSlashes(value);
  } catch {
    problems.push(`${name} must be an http(s) URL, got "${value}"`);
    return undefined;
  }
}

function delays(raw: string | undefined, problems: string[]): number[] | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const parts = raw.split(',').map((part) => part.trim());
  const values = parts.map((part) => (/^\d+$/u.test(part) ? Number(part) : Number.NaN));
  if (values.some((value) => !Number.isSafeInteger(value))) {
    problems.push(
      `INTEGRATION_RETRY_DELAYS_MS must be comma-separated milliseconds, e.g. 200,400,800; got "${raw}"`,
    );
    return undefined;
  }
  return values;
}

export { type ConfiguredToken, SCOPES, type Scope, sha256Hex } from './configured-tokens.js';
