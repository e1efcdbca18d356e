import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { httpError } from '../errors.js';
import type { ServiceMetrics } from '../metrics.js';
import { bearerCaller } from '../plugins/auth.js';
import type { TokenRegistry } from '../storage/tokens.js';

/**
 * `GET /metrics` in the Prometheus text format. On the API listener it needs a bearer token with
 * the `metrics` scope (401/403 in the envelope otherwise; `type: API` is not required, so a plain
 * Prometheus `authorization` block is enough). On a separate listener (`METRICS_PORT`) it is open:
 * that port is meant to be reachable only from the monitoring network.
 */
export async function metricsRoutes(
  app: FastifyInstance,
  { metrics, tokens }: { metrics: ServiceMetrics; tokens: TokenRegistry | undefined },
): Promise<void> {
  app.get('/metrics', {
    schema: { hide: true },
    handler: async (request, reply) => {
      if (tokens) await requireMetricsScope(request, reply, tokens);
      const text = await metrics.scrape();
      return reply.type(metrics.contentType).send(text);
    },
  });
}

async function requireMetricsScope(
  request: FastifyRequest,
  reply: FastifyReply,
  tokens: TokenRegistry,
): Promise<void> {
  const caller = await bearerCaller(request, reply, tokens);
  if (!caller.scopes.has('metrics')) {
    throw httpError('FORBIDDEN', 'This token lacks the "metrics" scope.', 'Authorization');
  }
}

/** The separate metrics listener (`METRICS_PORT`): `/metrics` only, no token. */
export async function listenForMetrics(
  metrics: ServiceMetrics,
  address: { host: string; port: number },
): Promise<FastifyInstance> {
  const server = Fastify({ logger: false });
  await server.register(metricsRoutes, { metrics, tokens: undefined });
  await server.listen(address);
  return server;
}
