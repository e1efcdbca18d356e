/**
 * The deadlines and caps of the connections clients open: nothing a client holds — a socket, a
 * request it is still sending, the memory of its body — is kept past a deadline or beyond a count.
 * Node and Fastify leave most of these unbounded (their defaults assume a reverse proxy in front);
 * the service can face clients directly, so every one has a default here.
 */
import { type Env, integer } from './app-config.js';

export interface ConnectionLimits {
  /**
   * From a request's first byte to its last (headers and body); past it the request is answered
   * `408 REQUEST_TIMEOUT` and its connection closed. @default 30000
   */
  readonly requestTimeoutMs: number;
  /** From a connection's (or request's) first byte to the end of the headers. @default min(10000, requestTimeoutMs) */
  readonly headersTimeoutMs: number;
  /**
   * How long a connection may go without a byte either way while a request is received or answered
   * (between requests, KEEP_ALIVE_TIMEOUT_MS applies); past it the connection is closed. @default 60000
   */
  readonly connectionTimeoutMs: number;
  /** Requests one keep-alive connection serves; the last is answered with `Connection: close`. @default 1000 */
  readonly maxRequestsPerSocket: number;
  /** Connections open at once; past it a new one is closed as it is accepted. @default 1000 */
  readonly maxConnections: number;
  /**
   * Connections open at once from one client address (IPv6 by its /64); past it a new one is
   * answered `503 TOO_MANY_CONNECTIONS` and closed. @default min(100, maxConnections)
   */
  readonly maxConnectionsPerAddress: number;
}

const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
const DEFAULT_PER_ADDRESS = 100;

/** REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS, CONNECTION_TIMEOUT_MS, MAX_REQUESTS_PER_SOCKET, MAX_CONNECTIONS(_PER_ADDRESS). */
export function connectionLimits(env: Env, problems: string[]): ConnectionLimits {
  const requestTimeoutMs = integer(
    env.REQUEST_TIMEOUT_MS,
    'REQUEST_TIMEOUT_MS',
    30_000,
    100,
    3_600_000,
    problems,
  );
  const headersTimeoutMs = integer(
    env.HEADERS_TIMEOUT_MS,
    'HEADERS_TIMEOUT_MS',
    Math.min(DEFAULT_HEADERS_TIMEOUT_MS, requestTimeoutMs),
    100,
    3_600_000,
    problems,
  );
  if (headersTimeoutMs > requestTimeoutMs) {
    problems.push(
      `HEADERS_TIMEOUT_MS (${headersTimeoutMs}) must not exceed REQUEST_TIMEOUT_MS (${requestTimeoutMs}): the headers are part of the request`,
    );
  }
  const maxConnections = integer(env.MAX_CONNECTIONS, 'MAX_CONNECTIONS', 1000, 1, 1_000_000, problems);
  const maxConnectionsPerAddress = integer(
    env.MAX_CONNECTIONS_PER_ADDRESS,
    'MAX_CONNECTIONS_PER_ADDRESS',
    Math.min(DEFAULT_PER_ADDRESS, maxConnections),
    1,
    1_000_000,
    problems,
  );
  if (maxConnectionsPerAddress > maxConnections) {
    problems.push(
      `MAX_CONNECTIONS_PER_ADDRESS (${maxConnectionsPerAddress}) must not exceed MAX_CONNECTIONS (${maxConnections})`,
    );
  }
  return {
    requestTimeoutMs,
    headersTimeoutMs,
    connectionTimeoutMs: integer(
      env.CONNECTION_TIMEOUT_MS,
      'CONNECTION_TIMEOUT_MS',
      60_000,
      100,
      3_600_000,
      problems,
    ),
    maxRequestsPerSocket: integer(
      env.MAX_REQUESTS_PER_SOCKET,
      'MAX_REQUESTS_PER_SOCKET',
      1000,
      1,
      1_000_000_000,
      problems,
    ),
    maxConnections,
    maxConnectionsPerAddress,
  };
}

/**
 * How often Node looks for requests past their deadline. Its default (30 s) would let a request
 * overrun a 30 s deadline by as much again; a tenth of the headers deadline, at most a second, keeps
 * the overrun small at the cost of one pass over the open connections each time.
 */
export function deadlineCheckIntervalMs({ headersTimeoutMs }: ConnectionLimits): number {
  return Math.max(10, Math.min(1000, Math.floor(headersTimeoutMs / 10)));
}
