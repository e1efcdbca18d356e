import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Caller } from '../auth/caller.js';
import type { ConnectionLimits } from '../config/connections.js';
import { serverOptions } from '../connections/server-options.js';
import { httpError } from '../errors/http-error.js';
import type { ServiceMetrics } from '../observability/metrics.js';
import { requireCaller } from '../plugins/auth.js';

/**
 * `GET /metrics` in the Prometheus text format. On the API listener (`guarded`) it needs a bearer
 * token with the `metrics` scope and every school (401/403 in the envelope otherwise; `type: API`
 * is not required, so a plain Prometheus `authorization` block is enough): the scrape counts
 * requests and the sync backlog of every school, so a token limited to some schools is refused
 * rather than shown other schools' numbers. On a separate listener (`METRICS_PORT`) it is open:
 * that port is meant to be reachable only from the monitoring network.
 */
export async function metricsRoutes(
  app: FastifyInstance,
  { metrics, guarded }: { metrics: ServiceMetrics; guarded: boolean },
): Promise<void> {
  app.get('/metrics', {
    schema: { hide: true },
    handler: async (request, reply) => {
      if (guarded) requireMetricsReader(request, reply);
      const text = await metrics.scrape();
      return reply.type(metrics.contentType).send(text);
    },
  });
}

/** The caller, if it may read service-wide numbers (`/metrics`, `/health` details); else 401/403. */
function requireMetricsReader(request: FastifyRequest, reply: FastifyReply): Caller {
  const caller = requireCaller(request, reply);
  if (!mayReadMetrics(caller)) {
    throw httpError(
      'FORBIDDEN',
      caller.scopes.has('metrics')
        ? 'The metrics cover every school; a token limited to some schools may not read them.'
        : 'This token lacks the "metrics" scope.',
      'Authorization',
    );
  }
  return caller;
}

/** Service-wide numbers are for a `metrics` token of every school. */
export function mayReadMetrics(caller: Caller | null): boolean {
  return caller?.scopes.has('metrics') === true && caller.schools === '*';
}

/** The separate metrics listener (`METRICS_PORT`): `/metrics` only, no token. */
export async function listenForMetrics(
  metrics: ServiceMetrics,
  address: { host: string; port: number },
  limits: ConnectionLimits,
): Promise<FastifyInstance> {
  // The same deadlines as the API's listener: a scraper is a client like any other.
  const server = Fastify({ logger: false, ...serverOptions(limits) });
  server.server.maxConnections = limits.maxConnections;
  await server.register(metricsRoutes, { metrics, guarded: false });
  await server.listen(address);
  return server;
}
