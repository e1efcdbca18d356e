/**
 * The service's environment variables (apps/api/docs/configuration.md), written from its code: each
 * number or word a variable defaults to is read from `loadConfig` given no variables, and the
 * variables listed must be exactly those the sources read (`env.NAME`), so a new setting cannot go
 * undocumented and a removed one cannot stay listed. The meanings are written here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type AppConfig, loadConfig } from '../../apps/api/src/config/app-config.js';
import { markdownTable, repoRoot } from './tables.js';

interface Setting {
  readonly variables: readonly string[];
  /** What applies when none is set: prose, or the value `loadConfig` gives. */
  readonly fallback: string | ((config: AppConfig) => string | number);
  readonly meaning: string;
}

const SETTINGS: readonly Setting[] = [
  { variables: ['HOST'], fallback: (c) => c.host, meaning: 'address to listen on' },
  { variables: ['PORT'], fallback: (c) => c.port, meaning: 'port to listen on' },
  {
    variables: ['MONGODB_URI'],
    fallback: '—',
    meaning:
      'a real MongoDB (standalone, replica set or sharded; the connection string decides). Without it: an embedded database',
  },
  {
    variables: ['MONGODB_DB'],
    fallback: 'the database named in `MONGODB_URI`, else `school`',
    meaning: 'database name',
  },
  {
    variables: ['MONGODB_SERVER_SELECTION_TIMEOUT_MS'],
    fallback: (c) => c.mongodbServerSelectionTimeoutMs,
    meaning:
      'how long to look for a reachable MongoDB server, at start-up and for each operation, before giving up',
  },
  {
    variables: ['NODE_ENV'],
    fallback: '—',
    meaning:
      '`production` refuses to start without `MONGODB_URI`, or without configured tokens (`API_TOKENS` / `API_TOKENS_FILE` with at least one token)',
  },
  {
    variables: ['DEMO_DATA'],
    fallback: (c) => (c.demoData ? 1 : 0),
    meaning: '`0` skips the demo data set in embedded mode',
  },
  {
    variables: ['API_TOKENS', 'API_TOKENS_FILE'],
    fallback: '—',
    meaning: 'configured tokens, a JSON array ([tokens](http.md#authentication-and-school-scoping))',
  },
  {
    variables: ['DEMO_TOKEN'],
    fallback: 'random',
    meaning: "the demo token's value when no tokens are configured (development only)",
  },
  {
    variables: ['RATE_LIMIT_MAX'],
    fallback: (c) => c.rateLimitMax,
    meaning:
      'requests per token lineage per window (an issued token and every token issued under it; a configured token and each token it issues count apart); requests without a valid token (and `/health`, `/docs`) count per client address',
  },
  { variables: ['RATE_LIMIT_WINDOW_MS'], fallback: (c) => c.rateLimitWindowMs, meaning: 'rate-limit window' },
  {
    variables: ['MAX_ACTIVE_TOKENS_PER_ISSUER'],
    fallback: (c) => c.maxActiveTokensPerIssuer,
    meaning:
      'active, unexpired tokens one token may hold of those it issued (1 to 100000); past it `POST /api/tokens` is `409 CONFLICT` until one is revoked or expires',
  },
  {
    variables: ['BODY_LIMIT'],
    fallback: (c) => c.bodyLimit,
    meaning: 'largest request body, bytes (413 over it)',
  },
  {
    variables: ['TRUST_PROXY'],
    fallback: '—',
    meaning:
      "proxies whose `X-Forwarded-For` names the client address (the address requests without a valid token are rate-limited by): a number of hops, or a comma-separated list of addresses, CIDR ranges, `loopback`, `linklocal`, `uniquelocal`. Unset: the header is ignored and the connection's address counts",
  },
  {
    variables: ['MAX_REPLY_BYTES'],
    fallback: (c) => c.maxReplyBytes,
    meaning: 'largest reply of an `/api` route, bytes (`400 REPLY_TOO_LARGE` over it)',
  },
  {
    variables: ['QUERY_TIME_LIMIT_MS'],
    fallback: (c) => c.queryTimeLimitMs,
    meaning:
      "the most each database operation of a read may take (MongoDB's `maxTimeMS`, 1 to 600000); a read the database stops is `400 QUERY_TOO_COMPLEX`",
  },
  {
    variables: ['LOG_LEVEL'],
    fallback: (c) => c.logLevel,
    meaning:
      "`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`; `debug` also prints the driver's full error when the database can't be reached",
  },
  {
    variables: ['LOG_FORMAT'],
    fallback: '`pretty` on a terminal outside production, else `json`',
    meaning: '`pretty`: readable lines and a plain-text start-up banner; `json`: one JSON object per line',
  },
  {
    variables: ['LOG_QUERY_VALUES'],
    fallback: (c) => (c.logQueryValues ? 1 : 0),
    meaning:
      '`1` (or `true`) logs query values as sent; by default request lines keep the keys and log every value as `[redacted]`. For development only',
  },
  {
    variables: ['REQUEST_TIMEOUT_MS'],
    fallback: (c) => c.connections.requestTimeoutMs,
    meaning:
      'how long a client may take to send a whole request, headers and body, from its first byte (100 to 3600000); past it: `408 REQUEST_TIMEOUT` and the connection closed, whether or not bytes keep coming',
  },
  {
    variables: ['HEADERS_TIMEOUT_MS'],
    fallback: (c) => c.connections.headersTimeoutMs,
    meaning:
      'the same for the headers alone, and for a new connection that sends nothing (100 to 3600000, at most `REQUEST_TIMEOUT_MS`; by default the smaller of 10000 and it)',
  },
  {
    variables: ['CONNECTION_TIMEOUT_MS'],
    fallback: (c) => c.connections.connectionTimeoutMs,
    meaning:
      'how long a connection may go without a byte either way while a request is received or answered (a client that stops reading its reply, a request stalled mid-body); past it the connection is closed without an answer (100 to 3600000). Keep it above your slowest request',
  },
  {
    variables: ['MAX_REQUESTS_PER_SOCKET'],
    fallback: (c) => c.connections.maxRequestsPerSocket,
    meaning:
      'requests one keep-alive connection serves (1 to 1000000000); clients are told it in `Keep-Alive: max=`, and the last reply says `Connection: close`',
  },
  {
    variables: ['MAX_CONNECTIONS'],
    fallback: (c) => c.connections.maxConnections,
    meaning:
      "connections open at once; past it a new one is closed as it is accepted, with no answer (1 to 1000000). Keep it under the process's open-file limit (`ulimit -n`)",
  },
  {
    variables: ['MAX_CONNECTIONS_PER_ADDRESS'],
    fallback: (c) => c.connections.maxConnectionsPerAddress,
    meaning:
      'connections open at once from one client address, IPv6 by its /64 (1 to `MAX_CONNECTIONS`; by default the smaller of 100 and it); past it a new one is answered `503 TOO_MANY_CONNECTIONS` with `Retry-After: 1` and closed. Behind a proxy every connection comes from the proxy: set it to `MAX_CONNECTIONS` there ([deployment](../../../docs/deployment.md#behind-a-reverse-proxy))',
  },
  {
    variables: ['KEEP_ALIVE_TIMEOUT_MS'],
    fallback: (c) => c.keepAliveTimeoutMs,
    meaning:
      'how long an idle keep-alive connection stays open (1000 to 3600000); clients are told it in `Keep-Alive: timeout=`',
  },
  {
    variables: ['SHUTDOWN_GRACE_MS'],
    fallback: '`KEEP_ALIVE_TIMEOUT_MS`',
    meaning:
      'after SIGTERM/SIGINT, how long the service keeps answering requests (503) before it closes its listener and idle connections (0 to 3600000; less than `SHUTDOWN_TIMEOUT_MS`)',
  },
  {
    variables: ['SHUTDOWN_TIMEOUT_MS'],
    fallback: (c) => c.shutdownTimeoutMs,
    meaning:
      'how long a shutdown may take, grace included (requests and sync deliveries in flight); then connections still sending a request are closed, and the process exits 1 only if a request it received whole is still unanswered (or the worker and database have not closed 5 s later)',
  },
  {
    variables: ['METRICS_PORT'],
    fallback: '—',
    meaning:
      'serve `/metrics` on this port, without a token, instead of on the API port behind a `metrics`-scope token',
  },
  { variables: ['METRICS_HOST'], fallback: '`HOST`', meaning: 'address of the metrics listener' },
  {
    variables: ['PUBLIC_URL'],
    fallback: "this machine's address: `http://HOST:PORT`, with `127.0.0.1` for `HOST=0.0.0.0`",
    meaning:
      "this service's address as its clients reach it: the retry links in failure notices, and the OpenAPI document's server (unset: `/`, the address the document was fetched from). Set it behind a proxy or load balancer and whenever an external system receives failure notices",
  },
  {
    variables: ['INTEGRATION_BASE_URL'],
    fallback: '—',
    meaning:
      'the external system (`{external_base_url}`); without it nothing is sent and changes stay pending',
  },
  {
    variables: ['INTEGRATION_TOKEN'],
    fallback: '—',
    meaning: 'sent to the external system as `Authorization: Bearer`',
  },
  {
    variables: ['INTEGRATION_SIGNING_SECRET'],
    fallback: '—',
    meaning: 'Standard Webhooks signing secret (`whsec_...`)',
  },
  {
    variables: ['INTEGRATION_TIMEOUT_MS'],
    fallback: (c) => c.integration.timeoutMs,
    meaning: 'per request to the external system',
  },
  {
    variables: ['INTEGRATION_RETRY_DELAYS_MS'],
    fallback: '10 s \u2026 10 h, 10 attempts over about a day',
    meaning: 'back-off schedule, e.g. `200,400,800` (attempts = delays + 1)',
  },
];

/** Variables the sources read that are another tool's own (mongodb-memory-server's), documented with the database modes. */
const NOT_SETTINGS = ['MONGOMS_DOWNLOAD_DIR', 'MONGOMS_SYSTEM_BINARY'];

/** Every `env.NAME` the service's sources read. */
function variablesRead(dir = join(repoRoot, 'apps/api/src')): Set<string> {
  const found = new Set<string>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) for (const name of variablesRead(path)) found.add(name);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
      for (const [, name] of readFileSync(path, 'utf8').matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g))
        found.add(name!);
    }
  }
  return found;
}

export function configurationTable(): string {
  const listed = SETTINGS.flatMap((setting) => setting.variables);
  const read = [...variablesRead()].filter((name) => !NOT_SETTINGS.includes(name));
  const unlisted = read.filter((name) => !listed.includes(name));
  const unread = listed.filter((name) => !read.includes(name));
  if (unlisted.length + unread.length > 0) {
    throw new Error(
      `configuration table: read but not listed ${unlisted.join(', ')}; listed but not read ${unread.join(', ')}`,
    );
  }
  // A fixed demo token: without one the defaults are the same, but nothing random is read.
  const defaults = loadConfig({ DEMO_TOKEN: 'configuration-table' }, false);
  return markdownTable(
    ['variable', 'default', 'meaning'],
    SETTINGS.map(({ variables, fallback, meaning }) => [
      variables.map((name) => `\`${name}\``).join(' / '),
      typeof fallback === 'function' ? `\`${fallback(defaults)}\`` : fallback,
      meaning,
    ]),
  );
}
