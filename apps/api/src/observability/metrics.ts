import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../plugins/database.js';
import type { SyncStatus } from '../sync/worker.js';

/** What the scrape reads at scrape time, besides the request counters this module keeps. */
export interface MetricsSources {
  readonly database: Database;
  readonly syncStatus: () => Promise<SyncStatus>;
}

const BREAKER_STATES: readonly SyncStatus['breaker'][] = ['closed', 'open', 'half-open'];

/** Route label for requests no route matched, so unknown URLs can't grow the label set. */
const UNMATCHED_ROUTE = '(unmatched)';

/**
 * The service's Prometheus metrics, in a registry of its own (one per app, so apps in one process
 * don't share counters): HTTP requests by route template and status, the sync worker's backlog and
 * circuit breaker, the database mode, and prom-client's standard process and Node.js metrics.
 */
export class ServiceMetrics {
  readonly registry = new Registry();
  readonly #requests: Counter<'method' | 'route' | 'status_code'>;
  readonly #duration: Histogram<'method' | 'route' | 'status_code'>;

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.#requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route template and status code.',
      labelNames: ['method', 'route', 'status_code'],
      registers,
    });
    this.#duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving a request to sending the reply, by method, route template and status code.',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    registerDatabaseGauges(sources.database, registers);
    registerSyncGauges(oncePerScrape(sources.syncStatus), registers);
  }

  /** Counts one answered request; `route` is the route template (never the raw URL). */
  observe(method: string, route: string | undefined, statusCode: number, seconds: number): void {
    const labels = { method, route: route ?? UNMATCHED_ROUTE, status_code: String(statusCode) };
    this.#requests.inc(labels);
    this.#duration.observe(labels, seconds);
  }

  /** The text exposition format. */
  scrape(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

function registerDatabaseGauges(database: Database, registers: Registry[]): void {
  new Gauge({
    name: 'school_database_info',
    help: 'The database mode in use (mongodb, memory-server or in-process); the value is always 1.',
    labelNames: ['mode'],
    registers,
    collect() {
      this.reset();
      this.set({ mode: database.mode }, 1);
    },
  });
  new Gauge({
    name: 'school_database_up',
    help: 'Whether the database answered a ping during this scrape (1) or not (0).',
    registers,
    async collect() {
      this.set((await database.ping()) ? 1 : 0);
    },
  });
}

/** One status read per scrape, shared by the sync gauges: the read is forgotten once the scrape's gauges have it. */
function oncePerScrape(read: () => Promise<SyncStatus>): () => Promise<SyncStatus> {
  let status: Promise<SyncStatus> | undefined;
  return () => {
    status ??= read().finally(() => {
      setImmediate(() => {
        status = undefined;
      });
    });
    return status;
  };
}

/** The sync gauges with one value each: name, help, and the value read from the sync status. */
const SYNC_GAUGES: ReadonlyArray<{ name: string; help: string; value: (status: SyncStatus) => number }> = [
  {
    name: 'school_sync_pending',
    help: 'Records (students, parents, grades) waiting to be delivered to the external system.',
    value: (status) => status.pending,
  },
  {
    name: 'school_sync_failed',
    help: 'Records whose delivery failed for good (all attempts used, or rejected); retry or resync them.',
    value: (status) => status.failed,
  },
  {
    name: 'school_sync_oldest_pending_age_seconds',
    help: 'Age of the oldest pending change; 0 when nothing is pending.',
    value: (status) => (status.oldest_pending_age_ms ?? 0) / 1000,
  },
];

function registerSyncGauges(syncStatus: () => Promise<SyncStatus>, registers: Registry[]): void {
  for (const { name, help, value } of SYNC_GAUGES) {
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        this.set(value(await syncStatus()));
      },
    });
  }
  new Gauge({
    name: 'school_sync_breaker_state',
    help: 'The sync circuit breaker: 1 for the current state (closed, open or half-open), 0 for the others.',
    labelNames: ['state'],
    registers,
    async collect() {
      const { breaker } = await syncStatus();
      for (const state of BREAKER_STATES) this.set({ state }, state === breaker ? 1 : 0);
    },
  });
  new Gauge({
    name: 'school_sync_configured',
    help: 'Whether an external system is configured (INTEGRATION_BASE_URL): 1, or 0 when changes only accumulate.',
    registers,
    async collect() {
      this.set((await syncStatus()).configured ? 1 : 0);
    },
  });
}
