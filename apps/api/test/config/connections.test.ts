/**
 * The connection settings: deadlines for a request and its headers, the idle time of a connection,
 * requests per connection and connections in total and per address — each with a default, each
 * range-checked, and the app's server configured with them.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/app-config.js';
import { deadlineCheckIntervalMs } from '../../src/config/connections.js';
import { listenForMetrics } from '../../src/routes/metrics.js';
import { configProblems } from '../support/config-problems.js';
import { build } from '../support/helper.js';

describe('the connection settings', () => {
  it('have a default for each: no connection or request is unbounded', () => {
    const limits = loadConfig({}, false).connections;
    expect(limits).toEqual({
      requestTimeoutMs: 30_000,
      headersTimeoutMs: 10_000,
      connectionTimeoutMs: 60_000,
      maxRequestsPerSocket: 1000,
      maxConnections: 1000,
      maxConnectionsPerAddress: 100,
    });
    // Node looks for late requests every second, not every 30 s (its default).
    expect(deadlineCheckIntervalMs(limits)).toBe(1000);
  });

  it('take whole values; the headers deadline and the per-address cap follow a smaller whole', () => {
    expect(
      loadConfig(
        {
          REQUEST_TIMEOUT_MS: '5000',
          CONNECTION_TIMEOUT_MS: '120000',
          MAX_REQUESTS_PER_SOCKET: '50',
          MAX_CONNECTIONS: '40',
        },
        false,
      ).connections,
    ).toEqual({
      requestTimeoutMs: 5000,
      headersTimeoutMs: 5000,
      connectionTimeoutMs: 120_000,
      maxRequestsPerSocket: 50,
      maxConnections: 40,
      maxConnectionsPerAddress: 40,
    });
  });

  it('reject what is not whole and in range', () => {
    expect(
      configProblems({
        REQUEST_TIMEOUT_MS: '0',
        HEADERS_TIMEOUT_MS: '10s',
        CONNECTION_TIMEOUT_MS: '-1',
        MAX_REQUESTS_PER_SOCKET: '0',
        MAX_CONNECTIONS: 'many',
        MAX_CONNECTIONS_PER_ADDRESS: '0',
      }),
    ).toEqual([
      'REQUEST_TIMEOUT_MS must be an integer from 100 to 3600000, got "0"',
      'HEADERS_TIMEOUT_MS must be an integer from 100 to 3600000, got "10s"',
      'MAX_CONNECTIONS must be an integer from 1 to 1000000, got "many"',
      'MAX_CONNECTIONS_PER_ADDRESS must be an integer from 1 to 1000000, got "0"',
      'CONNECTION_TIMEOUT_MS must be an integer from 100 to 3600000, got "-1"',
      'MAX_REQUESTS_PER_SOCKET must be an integer from 1 to 1000000000, got "0"',
    ]);
  });

  it('reject a headers deadline past the request one, and a per-address cap past the total', () => {
    expect(
      configProblems({
        REQUEST_TIMEOUT_MS: '2000',
        HEADERS_TIMEOUT_MS: '3000',
        MAX_CONNECTIONS: '10',
        MAX_CONNECTIONS_PER_ADDRESS: '11',
      }),
    ).toEqual([
      'HEADERS_TIMEOUT_MS (3000) must not exceed REQUEST_TIMEOUT_MS (2000): the headers are part of the request',
      'MAX_CONNECTIONS_PER_ADDRESS (11) must not exceed MAX_CONNECTIONS (10)',
    ]);
  });

  it("are the settings of the app's server and of the metrics listener", async () => {
    const { app } = await build({
      env: {
        REQUEST_TIMEOUT_MS: '4000',
        HEADERS_TIMEOUT_MS: '2000',
        CONNECTION_TIMEOUT_MS: '9000',
        MAX_REQUESTS_PER_SOCKET: '7',
        MAX_CONNECTIONS: '30',
      },
    });
    const metrics = await listenForMetrics(
      app.school.metrics,
      { host: '127.0.0.1', port: 0 },
      app.school.config.connections,
    );
    for (const { server } of [app, metrics]) {
      expect({
        requestTimeout: server.requestTimeout,
        headersTimeout: server.headersTimeout,
        timeout: server.timeout,
        maxRequestsPerSocket: server.maxRequestsPerSocket,
        maxConnections: server.maxConnections,
      }).toEqual({
        requestTimeout: 4000,
        headersTimeout: 2000,
        timeout: 9000,
        maxRequestsPerSocket: 7,
        maxConnections: 30,
      });
    }
    await metrics.close();
  });
});
