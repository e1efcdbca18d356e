import type { Server } from 'node:http';
import type { FastifyHttpOptions } from 'fastify';
import { type ConnectionLimits, deadlineCheckIntervalMs } from '../config/connections.js';

/**
 * Fastify's and Node's settings for a listener's connections: every request and connection has a
 * deadline. Fastify leaves them unbounded by default, as a reverse proxy in front would bound them;
 * the service may face clients directly.
 */
export function serverOptions(limits: ConnectionLimits): FastifyHttpOptions<Server> {
  const { requestTimeoutMs, headersTimeoutMs, connectionTimeoutMs, maxRequestsPerSocket } = limits;
  return {
    requestTimeout: requestTimeoutMs,
    connectionTimeout: connectionTimeoutMs,
    maxRequestsPerSocket,
    http: {
      headersTimeout: headersTimeoutMs,
      requestTimeout: requestTimeoutMs,
      connectionsCheckingInterval: deadlineCheckIntervalMs(limits),
    },
  };
}
