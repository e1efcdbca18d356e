/**
 * The only file that listens. Reads the configuration, builds the app, listens, tells a person how
 * to try it, and shuts down without losing a request on SIGTERM or SIGINT (shutdown.ts): requests
 * that arrive during the grace get 503 `UNAVAILABLE`, requests and sync deliveries in flight finish,
 * the database closes, and the process exits 0.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { reachableUrl } from './config/addresses.js';
import { type AppConfig, ConfigError, loadConfig } from './config/app-config.js';
import { bannerText, startupBanner } from './lifecycle/banner.js';
import { shutdown } from './lifecycle/shutdown.js';
import { DatabaseUnreachableError } from './plugins/database.js';
import { listenForMetrics } from './routes/metrics.js';

const SIGNALS = ['SIGTERM', 'SIGINT'] as const;
type Signal = (typeof SIGNALS)[number];

async function main(): Promise<void> {
  const config = readConfig();
  // Until the server listens there is nothing to drain: a signal ends start-up at once.
  let signalled: (signal: Signal) => void = () => process.exit(0);
  for (const signal of SIGNALS) process.on(signal, () => signalled(signal));

  const app = await start(config);
  const others: FastifyInstance[] = [];
  await listenOrExit('PORT', config.host, config.port, () =>
    app.listen({ host: config.host, port: config.port }),
  );
  if (config.metrics.listener === 'separate') {
    const { host, port } = config.metrics;
    const metricsServer = await listenOrExit('METRICS_PORT', host, port, () =>
      listenForMetrics(app.school.metrics, { host, port }, config.connections),
    );
    others.push(metricsServer);
    app.log.info(`metrics at ${reachableUrl(host, portOf(metricsServer))}/metrics`);
  }
  announce(app, config);

  signalled = (signal) => {
    // Ctrl-C reaches the server twice under `pnpm start` (from the terminal and relayed by pnpm):
    // later signals change nothing.
    signalled = () => undefined;
    void shutdown(app, others, {
      signal,
      graceMs: config.shutdownGraceMs,
      timeoutMs: config.shutdownTimeoutMs,
    });
  };
}

function readConfig(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Builds the app; a database that can't be reached is one readable line and exit 1. */
async function start(config: AppConfig): Promise<FastifyInstance> {
  try {
    return await buildApp({ config });
  } catch (error) {
    if (!(error instanceof DatabaseUnreachableError)) throw error;
    const debug = config.logLevel === 'debug' || config.logLevel === 'trace';
    console.error(
      debug ? error.message : `${error.message} (LOG_LEVEL=debug shows the driver's error in full.)`,
    );
    if (debug) console.error(error.cause);
    process.exit(1);
  }
}

/** Listens; an address in use or not allowed is one readable line and exit 1. */
async function listenOrExit<T>(
  setting: string,
  host: string,
  port: number,
  listen: () => Promise<T>,
): Promise<T> {
  try {
    return await listen();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code !== 'EADDRINUSE' && code !== 'EACCES' && code !== 'EADDRNOTAVAIL') throw error;
    const why =
      code === 'EADDRINUSE'
        ? 'another process is listening there'
        : code === 'EACCES'
          ? 'this user may not listen on that port'
          : 'this machine has no such address';
    console.error(
      `Cannot listen on ${host}:${port}: ${why} (${code}). Set ${setting} (or HOST) to a free address.`,
    );
    process.exit(1);
  }
}

/**
 * The database in use and, with a demo token, requests to paste: plain text on a terminal, else one
 * JSON line. A log line never carries a secret: the JSON line's requests read the token from
 * `$DEMO_TOKEN`, and only the terminal banner shows a generated one.
 */
function announce(app: FastifyInstance, config: AppConfig): void {
  const { database, demoToken } = app.school;
  const base = reachableUrl(config.host, portOf(app));
  if (config.logFormat === 'pretty') {
    const banner = startupBanner({
      base,
      mode: database.mode,
      demoToken: demoToken ? { secret: demoToken } : undefined,
    });
    process.stdout.write(bannerText(banner, demoToken));
    return;
  }
  const banner = startupBanner({
    base,
    mode: database.mode,
    demoToken: demoToken ? { variable: 'DEMO_TOKEN' } : undefined,
  });
  app.log.info(
    {
      database: database.mode,
      ...(demoToken ? { demo_token: DEMO_TOKEN_NOT_LOGGED, try: banner.requests } : {}),
      docs: banner.docs,
    },
    `ready; database: ${banner.database}`,
  );
}

const DEMO_TOKEN_NOT_LOGGED =
  'a full-access demo token is active; its secret is never logged. Set DEMO_TOKEN to choose it (the requests in "try" read $DEMO_TOKEN), or start with LOG_FORMAT=pretty on a terminal to see a generated one.';

function portOf(server: FastifyInstance): number {
  const address = server.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
