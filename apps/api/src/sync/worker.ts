import { randomUUID } from 'node:crypto';
import type { IntegrationClient, IntegrationCollection } from '@school/integration-client';
import type { ObjectId } from 'bson';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from 'mongodb';
import { type BreakerOptions, type BreakerState, CircuitBreaker } from './breaker.js';
import { Claimer } from './claim.js';
import { DeliveryLog } from './delivery-log.js';
import { recordOutcome } from './record-outcome.js';
import { DeliveryLoops } from './schedule.js';
import { sendClaimed } from './send.js';
import { SyncStateStore } from './sync-state.js';

/** Deliveries in flight at once in a process unless `concurrency` says otherwise. */
export const DEFAULT_CONCURRENCY = 8;

/** The points of a delivery where a test may pretend the process died (see `onStep`). */
export type SyncStep = 'claimed' | 'sent' | 'stored';

export interface SyncWorkerOptions {
  readonly db: Db;
  /** `undefined` when `INTEGRATION_BASE_URL` is not set: nothing is sent, changes stay pending. */
  readonly client: IntegrationClient | undefined;
  /** This service's public address, for the re-emit URL in failure notices. */
  readonly publicUrl: string;
  readonly log: FastifyBaseLogger;
  /**
   * Deliveries in flight at once in this process (each for a different record). Eight keep up with
   * a burst of the API's own writes on one event loop (apps/api/docs/sync-benchmarks.md). @default 8
   */
  readonly concurrency?: number;
  /** How often to look for due records when not nudged. @default 1000 */
  readonly pollIntervalMs?: number;
  /** How long a claim lasts; a worker that dies loses its records after this. @default 60000 */
  readonly leaseMs?: number;
  readonly breaker?: BreakerOptions;
  /** @default () => new Date() */
  readonly now?: () => Date;
  /** Called at each step of a delivery; throwing `WorkerCrash` abandons it as a dying process would. */
  readonly onStep?: (step: SyncStep, info: { collection: string; id: ObjectId }) => void | Promise<void>;
}

/** Thrown by an `onStep` hook to simulate the process dying at that step (tests). */
export class WorkerCrash extends Error {
  constructor(step: string) {
    super(`simulated crash at ${step}`);
    this.name = 'WorkerCrash';
  }
}

export interface SyncStatus {
  readonly configured: boolean;
  readonly running: boolean;
  readonly pending: number;
  readonly oldest_pending_age_ms: number | null;
  readonly failed: number;
  readonly breaker: BreakerState;
}

/**
 * Keeps the external system up to date. Records carry their own sync state (`_sync`, owned by
 * `sync-state.ts`), written with each change (`record-hook.ts`). One delivery is: claim a due record with a
 * lease (`claim.ts`), send it (`send.ts`), store the outcome fenced by the lease
 * (`record-outcome.ts`, deciding with `outcome.ts`); `schedule.ts` runs deliveries in loops.
 * Several workers — in one process or many — share the work safely.
 */
export class SyncWorker {
  readonly id = `worker-${randomUUID().slice(0, 8)}`;
  readonly #options: SyncWorkerOptions;
  readonly #store: SyncStateStore;
  readonly #claimer: Claimer;
  readonly #breaker: CircuitBreaker;
  readonly #deliveries: DeliveryLog;
  readonly #loops: DeliveryLoops;
  readonly #now: () => Date;
  readonly #leaseMs: number;

  constructor(options: SyncWorkerOptions) {
    this.#options = options;
    this.#now = options.now ?? (() => new Date());
    this.#store = new SyncStateStore(options.db);
    this.#leaseMs = options.leaseMs ?? 60_000;
    this.#claimer = new Claimer(this.#store, this.id, {
      leaseMs: this.#leaseMs,
      scanEveryMs: options.pollIntervalMs ?? 1000,
    });
    this.#breaker = new CircuitBreaker(options.breaker);
    this.#deliveries = new DeliveryLog(options.db, options.log, this.id);
    this.#loops = new DeliveryLoops(() => this.runOnce(), {
      concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
      pollIntervalMs: options.pollIntervalMs ?? 1000,
      blockedForMs: () => this.#breaker.reopensAt - this.#now().getTime(),
      onError: (error) => options.log.error({ err: error }, 'sync loop error'),
    });
  }

  get configured(): boolean {
    return this.#options.client !== undefined;
  }

  get breakerState(): BreakerState {
    return this.#breaker.state(this.#now().getTime());
  }

  /** Starts the delivery loops (no-op without a configured external system). */
  start(): void {
    if (this.#loops.running || !this.configured) return;
    this.#loops.start();
    this.#options.log.info(
      { worker: this.id, concurrency: this.#options.concurrency ?? DEFAULT_CONCURRENCY },
      'sync worker started',
    );
  }

  /** Stops after the deliveries in flight end (their outcomes are stored). */
  stop(): Promise<void> {
    return this.#loops.stop();
  }

  /**
   * A local write happened: look for due records now instead of at the next poll. Naming the
   * record written lets the worker claim it by `_id` instead of searching for it.
   */
  nudge(written?: { readonly collection: IntegrationCollection; readonly id: ObjectId }): void {
    if (written && this.configured) this.#claimer.hint(written.collection, written.id);
    this.#loops.nudge();
  }

  /**
   * Claims and delivers one due record. Returns false when nothing was due (or the breaker is open).
   * The loops call it; tests call it to go step by step.
   */
  async runOnce(): Promise<boolean> {
    const { client, onStep } = this.#options;
    if (!client) return false;
    if (!this.#breaker.tryAcquire(this.#now().getTime())) return false;
    const claim = await this.#claimer.next(this.#now());
    if (!claim) {
      this.#breaker.release();
      return false;
    }
    const where = { collection: claim.collection, id: claim.id };
    try {
      await onStep?.('claimed', where);
      const sent = await sendClaimed(claim, {
        db: this.#options.db,
        client,
        store: this.#store,
        leaseUntil: () => new Date(this.#now().getTime() + this.#leaseMs),
      });
      if (sent.kind === 'lease-lost') {
        // Another worker claimed the record after this one's lease ran out: it delivers it.
        this.#breaker.release();
        this.#options.log.warn(
          { collection: claim.collection, id: claim.id.toHexString() },
          'sync lease lost before sending; another worker delivers the record',
        );
        return true;
      }
      if (sent.kind === 'sent') await onStep?.('sent', where);
      const decision = await recordOutcome(claim, sent, this.#now(), {
        store: this.#store,
        client,
        breaker: this.#breaker,
        deliveries: this.#deliveries,
        log: this.#options.log,
        publicUrl: this.#options.publicUrl,
      });
      if (sent.kind === 'sent' && decision.kind === 'acknowledge') await onStep?.('stored', where);
    } catch (error) {
      this.#breaker.release();
      if (error instanceof WorkerCrash) throw error;
      // An unexpected failure (e.g. the database): the lease expires and another attempt follows.
      this.#options.log.error(
        { err: error, collection: claim.collection, id: claim.id.toHexString() },
        'sync delivery failed unexpectedly',
      );
    }
    return true;
  }

  /** Pending and failed counts and the oldest pending change, for `/health`. */
  async status(): Promise<SyncStatus> {
    const counts = await this.#store.counts();
    const oldest = counts.oldestPendingSince;
    return {
      configured: this.configured,
      running: this.#loops.running,
      pending: counts.pending,
      oldest_pending_age_ms: oldest ? Math.max(0, this.#now().getTime() - oldest.getTime()) : null,
      failed: counts.failed,
      breaker: this.breakerState,
    };
  }
}
