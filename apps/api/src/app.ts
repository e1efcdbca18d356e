import { randomBytes, randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createIntegrationClient } from '@school/integration-client';
import type { CollectionDefinition, QueryDsl } from '@school/query-dsl';
import type { Ajv } from 'ajv';
import Fastify, {
  type FastifyError,
  type FastifyHttpOptions,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { DestinationStream } from 'pino';
import { TokenRegistry } from './auth/token-registry.js';
import { COLLECTIONS, dsl } from './collections/index.js';
import { type AppConfig, type ConfiguredToken, SCOPES, sha256Hex } from './config/app-config.js';
import { EMAIL_PATTERN, OBJECT_ID_PATTERN, patternRegExp } from './config/patterns.js';
import type { TrustProxy } from './config/trust-proxy.js';
import { clientErrorWriter } from './connections/client-errors.js';
import { type ConnectionGuard, guardConnections } from './connections/guard.js';
import { serverOptions } from './connections/server-options.js';
import { loadDemoData } from './demo/demo-data.js';
import { ERROR_CODES, type ErrorEntry } from './errors/http-error.js';
import { createLogger } from './observability/logging.js';
import { ServiceMetrics } from './observability/metrics.js';
import { openApiOptions } from './openapi/document.js';
import type { Definitions } from './openapi/query-parameters.js';
import { componentSchemas } from './openapi/schemas.js';
import { swaggerUiOptions } from './openapi/swagger-ui.js';
import { apiScope } from './plugins/api-scope.js';
import { authPlugin } from './plugins/auth.js';
import { bodyGatePlugin } from './plugins/body-gate.js';
import { bodyLimitsPlugin } from './plugins/body-limits.js';
import { type Database, openDatabase } from './plugins/database.js';
import { drainingPlugin } from './plugins/draining.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { jsonBodyPlugin } from './plugins/json-body.js';
import { notFoundPlugin } from './plugins/not-found.js';
import { queryKeysPlugin } from './plugins/query-keys.js';
import { createRateLimiter } from './plugins/rate-limit.js';
import { RouteMethods } from './plugins/route-methods.js';
import { collectionRoutes } from './routes/collections.js';
import { type HealthSource, healthRoutes, healthSchema } from './routes/health.js';
import { metricsRoutes } from './routes/metrics.js';
import { tokenRoutes, tokenSchemas } from './routes/tokens.js';
import { DependentsRefresher, type RefresherOptions } from './storage/dependents-refresh.js';
import { RecordCounts } from './storage/record-counts.js';
import { RecordStore } from './storage/records.js';
import { deliveries, deliveriesDsl } from './sync/deliveries.js';
import { ensureSyncIndexes } from './sync/indexes.js';
import { syncWriteHook } from './sync/record-hook.js';
import { integrationRoutes, integrationSchemas } from './sync/routes.js';
import { SyncWorker, type SyncWorkerOptions } from './sync/worker.js';

export interface AppOptions {
  readonly config: AppConfig;
  /** A database to use instead of opening one from the configuration (tests). */
  readonly database?: Database;
  /** Pino options, or false to log nothing. @default the configured level and format (LOG_LEVEL, LOG_FORMAT) */
  readonly logger?: boolean | Record<string, unknown>;
  /** Where the configured logger writes its lines (tests read them). @default standard output */
  readonly logDestination?: DestinationStream;
  /** The clock of token expiry and rate-limit windows (tests move it by hand). @default the system clock */
  readonly now?: () => Date;
  /**
   * Overrides of the refresher of students' search text after a rename (tests): batch size,
   * timings, a clock, a hook; `autoStart: false` to drive it by hand.
   */
  readonly refresh?: Partial<Omit<RefresherOptions, 'db' | 'log'>> & { readonly autoStart?: boolean };
  /** Sync worker overrides (tests): timings, a clock, step hooks; `autoStart: false` to drive it by hand. */
  readonly sync?: Partial<Omit<SyncWorkerOptions, 'db' | 'client' | 'log'>> & {
    readonly autoStart?: boolean;
  };
}

interface SchoolContext {
  readonly config: AppConfig;
  readonly database: Database;
  readonly store: RecordStore;
  readonly tokens: TokenRegistry;
  readonly health: HealthSource;
  readonly worker: SyncWorker;
  readonly refresher: DependentsRefresher;
  readonly metrics: ServiceMetrics;
  /** The service's clock (token expiry, rate-limit windows, the resync cooldown). */
  readonly now: () => Date;
  /** The token generated when none is configured (printed at start-up), if any. */
  readonly demoToken: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    school: SchoolContext;
    /** The listener's connections and requests in flight (connections/guard.ts). */
    connections: ConnectionGuard;
  }
}

/** The app, built and ready to `listen` (only server.ts listens). Closing it closes the database. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify(fastifyOptions(options));
  app.decorate('connections', guardConnections(app.server, config.connections));
  // Before any route is added, so that every route of every scope is learnt (405's `Allow`).
  app.decorate('routeMethods', RouteMethods.collect(app));
  // Response schemas document the API; records are serialized as they are (ObjectId → hex, Date → ISO).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  // Bodies are JSON only: anything else is 415 UNSUPPORTED_MEDIA_TYPE.
  app.removeContentTypeParser('text/plain');

  const database = options.database ?? (await openDatabase(config, app.log));
  app.addHook('onClose', async () => database.close());
  const now = options.now ?? (() => new Date());
  const context = createContext(app, options, database, now);
  app.decorate('school', context);
  const { store, tokens, worker, refresher, metrics } = context;
  if (options.sync?.autoStart !== false) app.addHook('onReady', async () => worker.start());
  if (options.refresh?.autoStart !== false) app.addHook('onReady', async () => refresher.start());
  // onClose hooks run last-registered first, after the listener closed and the requests in flight
  // ended: the worker finishes its deliveries in flight, then its client and the database close.
  app.addHook('onClose', async () => worker.stop());
  app.addHook('onClose', async () => refresher.stop());
  app.addHook('onResponse', async (request, reply) => {
    metrics.observe(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
  });

  await store.ensureIndexes();
  await tokens.ensureIndexes();
  await ensureSyncIndexes(database.db);
  await refresher.jobs.ensureIndexes();
  if (database.mode !== 'mongodb' && config.demoData) await loadDemoData(store);

  await registerPlugins(app, context, now);
  await registerRoutes(app, context);
  return app;
}

/** Fastify's own options: logging, limits, request ids, proxies and the ajv that checks bodies. */
function fastifyOptions(options: AppOptions): FastifyHttpOptions<Server> {
  const { config } = options;
  return {
    ...(options.logger === undefined
      ? { loggerInstance: createLogger(config, options.logDestination) }
      : { logger: options.logger }),
    // The draining plugin answers requests that arrive while closing, in the envelope.
    return503OnClosing: false,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    ...serverOptions(config.connections),
    bodyLimit: config.bodyLimit,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/u.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    clientErrorHandler: clientErrorWriter(config.connections),
    frameworkErrors: urlNotReadable,
    ajv: {
      customOptions: {
        // Every problem of a body is reported at once. Its cost is bounded before ajv runs: the
        // shape check (BODY_SHAPE) and the list-length check (body-limits.ts) come first, and the
        // error list keeps 50 entries (validationEntries).
        allErrors: true,
        coerceTypes: false,
        removeAdditional: false,
        useDefaults: false,
        strict: false,
        // `strict: false` also turns this off; without it `1e400` (Infinity) passes `type: number`.
        strictNumbers: true,
      },
      // Fastify's compiler adds ajv-formats (date-time, email, …) after these plugins, and calls
      // `onCreate` last: the formats of config/patterns.ts are defined there, over ajv-formats' own.
      plugins: [schoolKeywords],
      onCreate: schoolFormats,
    },
  };
}

/** The service's parts, each made once: records, tokens, the sync worker, health and metrics. */
function createContext(
  app: FastifyInstance,
  options: AppOptions,
  database: Database,
  now: () => Date,
): SchoolContext {
  const { config } = options;
  const { tokens: configured, demoToken } = tokensFor(config);
  const tokens = new TokenRegistry(database.db, configured, now, config.maxActiveTokensPerIssuer);
  const worker = createWorker(config, database, app, options.sync);
  const { queryTimeLimitMs: maxTimeMS } = config;
  const refresher = new DependentsRefresher({ ...options.refresh, db: database.db, log: app.log });
  const store = new RecordStore(
    database.db,
    syncWriteHook((written) => worker.nudge(written)),
    {
      maxTimeMS,
      counts: new RecordCounts(database.db, maxTimeMS, () => now().getTime()),
    },
    () => refresher.nudge(),
  );
  const health: HealthSource = { sections: [async () => ({ sync: await worker.status() })] };
  const metrics = new ServiceMetrics({ database, syncStatus: () => worker.status() });
  return { config, database, store, tokens, health, demoToken, worker, refresher, metrics, now };
}

/** The plugins, in the order requests meet them. */
async function registerPlugins(app: FastifyInstance, { config, tokens }: SchoolContext, now: () => Date) {
  await app.register(errorHandlerPlugin, { queryTimeLimitMs: config.queryTimeLimitMs });
  await app.register(bodyGatePlugin);
  await app.register(jsonBodyPlugin);
  await app.register(bodyLimitsPlugin);
  await app.register(drainingPlugin, { retryAfterSeconds: 5 });
  await app.register(swagger, openApiOptions(config, openApiCollections));
  await app.register(swaggerUi, swaggerUiOptions);
  const limit = await createRateLimiter(app, {
    max: config.rateLimitMax,
    windowMs: config.rateLimitWindowMs,
    now,
  });
  await app.register(authPlugin, { tokens, limit });
  await app.register(notFoundPlugin);
  await app.register(queryKeysPlugin, { definitions: openApiCollections, queryIssues });
}

/** `/health` and `/metrics` at the root; every other route inside the `/api` scope. */
async function registerRoutes(app: FastifyInstance, context: SchoolContext) {
  const { config, database, store, tokens, health, worker, metrics } = context;
  for (const schema of componentSchemas([...tokenSchemas, ...integrationSchemas, healthSchema]))
    app.addSchema(schema);
  await app.register(healthRoutes, { database, source: health });
  if (config.metrics.listener === 'api') await app.register(metricsRoutes, { metrics, guarded: true });
  await app.register(apiScope, {
    prefix: '/api',
    maxReplyBytes: config.maxReplyBytes,
    routes: async (api) => {
      await api.register(tokenRoutes, { tokens });
      await api.register(integrationRoutes, { worker, now: context.now });
      for (const collection of COLLECTIONS) await api.register(collectionRoutes, { collection, store });
    },
  });
}

/** The sync worker; without INTEGRATION_BASE_URL it has no client and changes stay pending. */
function createWorker(
  config: AppConfig,
  database: Database,
  app: FastifyInstance,
  overrides: AppOptions['sync'],
): SyncWorker {
  const { integration } = config;
  const client = integration.baseUrl
    ? createIntegrationClient({
        baseUrl: integration.baseUrl,
        token: integration.token,
        signingSecrets: integration.signingSecret,
        timeoutMs: integration.timeoutMs,
        retryDelaysMs: integration.retryDelaysMs,
      })
    : undefined;
  if (client) app.addHook('onClose', async () => client.close());
  else app.log.warn('INTEGRATION_BASE_URL is not set: changes to students, parents and grades stay pending');
  if (client && config.publicUrl.from !== 'PUBLIC_URL') {
    app.log.warn(
      `PUBLIC_URL is not set: failure notices link to ${config.publicUrl.url}, an address of this machine; set it to the address the external system reaches this service at`,
    );
  }
  return new SyncWorker({
    leaseMs: integration.timeoutMs + 30_000,
    ...overrides,
    db: database.db,
    client,
    publicUrl: config.publicUrl.url,
    log: app.log,
  });
}

/** A URL the router can't decode (a malformed percent-escape) still gets the envelope. */
function urlNotReadable(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void reply.code(ERROR_CODES.INVALID_VALUE.status).send({
    response: null,
    errors: [{ code: 'INVALID_VALUE', message: `The URL could not be read: ${error.message}`, param: 'url' }],
  });
}

/** Configured tokens; without any, one full-access demo token (DEMO_TOKEN, or random). */
function tokensFor(config: AppConfig): { tokens: ConfiguredToken[]; demoToken: string | undefined } {
  if (config.tokens) return { tokens: [...config.tokens], demoToken: undefined };
  const demoToken = config.demoToken ?? `demo_${randomBytes(18).toString('base64url')}`;
  return {
    tokens: [{ name: 'demo', sha256: sha256Hex(demoToken), scopes: SCOPES, schools: '*' }],
    demoToken,
  };
}

/** The library's schema annotations, for ajv. */
function schoolKeywords(ajv: Ajv): Ajv {
  for (const keyword of ['x-ref', 'x-hidden']) if (!ajv.getKeyword(keyword)) ajv.addKeyword(keyword);
  return ajv;
}

/**
 * `format: "objectid"`, and `email` as the schemas' `pattern` states it (config/patterns.ts), so
 * the document and the validator agree on every address.
 */
function schoolFormats(ajv: Ajv): void {
  ajv.addFormat('objectid', patternRegExp(OBJECT_ID_PATTERN));
  ajv.addFormat('email', patternRegExp(EMAIL_PATTERN));
}

/**
 * Every collection whose query string the host reads, with the reader that knows it: the school
 * collections share one, the delivery log has its own (with only `schools` beside it, for populate).
 */
const queryReaders: ReadonlyMap<string, QueryReader> = new Map<string, QueryReader>([
  ...COLLECTIONS.map(({ definition }): [string, QueryReader] => [
    definition.name,
    { definition, reader: dsl },
  ]),
  [deliveries.name, { definition: deliveries, reader: deliveriesDsl }],
]);

interface QueryReader {
  readonly definition: CollectionDefinition;
  readonly reader: Pick<QueryDsl, 'parseUntyped'>;
}

/** What the query reader finds wrong with a query of a collection (scope aside). */
function queryIssues(collection: string, query: string): readonly ErrorEntry[] {
  const parsed = queryReaders.get(collection)?.reader.parseUntyped(collection, query);
  return parsed === undefined || parsed.ok ? [] : parsed.issues;
}

/** The collections whose query conventions the OpenAPI document lists. */
const openApiCollections: Definitions = new Map(
  [...queryReaders].map(([name, { definition }]) => [name, definition] as const),
);

/** `TRUST_PROXY` as Fastify takes it: N hops trust the N addresses nearest the service. */
function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return [...trust];
}
