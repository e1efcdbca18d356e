import { randomUUID } from 'node:crypto';
import {
  buildFailureNotice,
  type CreateResult,
  type DeliveryError,
  type DeliveryFailure,
  diffPayload,
  type IntegrationClient,
  type IntegrationCollection,
  InvalidRecordError,
  idempotencyKeyFor,
  type UpdateResult,
} from '@school/integration-client';
import { ObjectId } from 'bson';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Document } from 'mongodb';
import { type BreakerOptions, type BreakerState, CircuitBreaker } from './breaker.js';
import { DELIVERIES, type DeliveryRecord } from './deliveries.js';
import { currentPayload } from './payloads.js';

export const SYNCED_COLLECTIONS: readonly IntegrationCollection[] = ['students', 'parents', 'grades'];

/** The points of a delivery where a test may pretend the process died (see `onStep`). */
export type SyncStep = 'claimed' | 'sent' | 'stored';

export interface SyncWorkerOptions {
  readonly db: Db;
  /** `undefined` when `INTEGRATION_BASE_URL` is not set: nothing is sent, changes stay pending. */
  readonly client: IntegrationClient | undefined;
  /** This service's public address, for the re-emit URL in failure notices. */
  readonly publicUrl: string;
  readonly log: FastifyBaseLogger;
  /** Deliveries in flight at once in this process (each for a different record). @default 4 */
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

interface Claimed {
  readonly collection: IntegrationCollection;
  readonly record: Document;
  readonly lease: string;
}

/**
 * Keeps the external system up to date (spec §6, CONTRACT §6). Records carry their own sync state
 * (`_sync`), written with each change; the worker claims a due record with a lease, sends a create
 * (no external id yet) or the diff against what was last acknowledged, and stores the outcome only
 * while it still holds the lease. Several workers — in one process or many — share the work safely.
 */
export class SyncWorker {
  readonly id = `worker-${randomUUID().slice(0, 8)}`;
  readonly #options: SyncWorkerOptions;
  readonly #breaker: CircuitBreaker;
  readonly #now: () => Date;
  #running = false;
  #loops: Promise<void>[] = [];
  readonly #sleepers = new Set<() => void>();
  #nudged = false;
  #rotation = 0;

  constructor(options: SyncWorkerOptions) {
    this.#options = options;
    this.#breaker = new CircuitBreaker(options.breaker);
    this.#now = options.now ?? (() => new Date());
  }

  get configured(): boolean {
    return this.#options.client !== undefined;
  }

  get breakerState(): BreakerState {
    return this.#breaker.state(this.#now().getTime());
  }

  /** Starts the delivery loops (no-op without a configured external system). */
  start(): void {
    if (this.#running || !this.configured) return;
    this.#running = true;
    const concurrency = this.#options.concurrency ?? 4;
    this.#loops = Array.from({ length: concurrency }, () => this.#loop());
    this.#options.log.info({ worker: this.id, concurrency }, 'sync worker started');
  }

  /** Stops after the deliveries in flight end. */
  async stop(): Promise<void> {
    if (!this.#running) return;
    this.#running = false;
    this.#wakeAll();
    await Promise.allSettled(this.#loops);
    this.#loops = [];
  }

  /** A local write happened: look for due records now instead of at the next poll. */
  nudge(): void {
    this.#nudged = true;
    this.#wakeAll();
  }

  /**
   * Claims and delivers one due record. Returns false when nothing was due (or the breaker is open).
   * The loops call it; tests call it to go step by step.
   */
  async runOnce(): Promise<boolean> {
    if (!this.#options.client) return false;
    if (!this.#breaker.tryAcquire(this.#now().getTime())) return false;
    const claimed = await this.#claim();
    if (!claimed) {
      this.#breaker.release();
      return false;
    }
    try {
      await this.#deliver(claimed);
    } catch (error) {
      this.#breaker.release();
      if (error instanceof WorkerCrash) throw error;
      // An unexpected failure (e.g. the database): the lease expires and another attempt follows.
      this.#options.log.error(
        { err: error, collection: claimed.collection, id: String(claimed.record._id) },
        'sync delivery failed unexpectedly',
      );
    }
    return true;
  }

  /** Pending and failed counts and the oldest pending change, for `/health`. */
  async status(): Promise<SyncStatus> {
    const { db } = this.#options;
    let pending = 0;
    let failed = 0;
    let oldest: Date | undefined;
    for (const name of SYNCED_COLLECTIONS) {
      const collection = db.collection(name);
      pending += await collection.countDocuments({ '_sync.state': 'pending' });
      failed += await collection.countDocuments({ '_sync.state': 'failed' });
      const first = await collection.findOne(
        { '_sync.state': 'pending' },
        { sort: { '_sync.pending_since': 1 }, projection: { '_sync.pending_since': 1 } },
      );
      const since = first?._sync?.pending_since;
      if (since instanceof Date && (!oldest || since < oldest)) oldest = since;
    }
    return {
      configured: this.configured,
      running: this.#running,
      pending,
      oldest_pending_age_ms: oldest ? Math.max(0, this.#now().getTime() - oldest.getTime()) : null,
      failed,
      breaker: this.breakerState,
    };
  }

  async #loop(): Promise<void> {
    while (this.#running) {
      let worked = false;
      try {
        worked = await this.runOnce();
      } catch (error) {
        this.#options.log.error({ err: error }, 'sync loop error');
      }
      if (!worked && this.#running) await this.#sleep();
    }
  }

  #sleep(): Promise<void> {
    if (this.#nudged) {
      this.#nudged = false;
      return Promise.resolve();
    }
    const poll = this.#options.pollIntervalMs ?? 1000;
    const reopen = this.#breaker.reopensAt - this.#now().getTime();
    const wait = reopen > 0 ? Math.min(reopen, poll) : poll;
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, wait);
      this.#sleepers.add(done);
    });
  }

  #wakeAll(): void {
    for (const wake of [...this.#sleepers]) wake();
  }

  /** Atomically takes one due record whose lease is free, across the synced collections in turn. */
  async #claim(): Promise<Claimed | undefined> {
    const now = this.#now();
    const lease = `${this.id}:${randomUUID()}`;
    const leaseUntil = new Date(now.getTime() + (this.#options.leaseMs ?? 60_000));
    for (let i = 0; i < SYNCED_COLLECTIONS.length; i++) {
      const collection = SYNCED_COLLECTIONS[(this.#rotation + i) % SYNCED_COLLECTIONS.length]!;
      const record = await this.#options.db.collection(collection).findOneAndUpdate(
        {
          '_sync.state': 'pending',
          '_sync.due_at': { $lte: now },
          $or: [{ '_sync.lease_until': null }, { '_sync.lease_until': { $lte: now } }],
        },
        { $set: { '_sync.lease': lease, '_sync.lease_until': leaseUntil } },
        { sort: { '_sync.due_at': 1 }, returnDocument: 'after' },
      );
      if (record) {
        this.#rotation = (this.#rotation + i + 1) % SYNCED_COLLECTIONS.length;
        return { collection, record, lease };
      }
    }
    return undefined;
  }

  async #deliver({ collection, record, lease }: Claimed): Promise<void> {
    const client = this.#options.client!;
    const { db, onStep } = this.#options;
    const id = record._id as ObjectId;
    await onStep?.('claimed', { collection, id });
    const sync = record._sync as Document;
    const version = sync.version as number;
    const attempt = ((sync.attempts as number | undefined) ?? 0) + 1;
    const externalId = typeof sync.external_id === 'string' ? sync.external_id : undefined;
    let payload: object;
    try {
      payload = await currentPayload(db, collection, record);
    } catch (error) {
      if (!(error instanceof InvalidRecordError)) throw error;
      await this.#unbuildable(collection, record, lease, externalId ? 'update' : 'create', error, externalId);
      return;
    }

    let result: CreateResult | UpdateResult;
    let operation: 'create' | 'update';
    let sent = payload;
    if (!externalId) {
      operation = 'create';
      // Every attempt of a create sends the same body under the same Idempotency-Key: a receiver
      // that already made the record answers with it, and later changes follow as a PUT.
      sent = (sync.create_body as object | undefined) ?? payload;
      if (!sync.create_body) await this.#fenced(collection, id, lease, { '_sync.create_body': payload });
      result = await client.create(collection, sent as never, {
        idempotencyKey: idempotencyKeyFor(collection, id),
      });
    } else {
      operation = 'update';
      const acknowledged = sync.resend_full === true ? {} : ((sync.acked as object | undefined) ?? {});
      const patch = diffPayload(acknowledged, payload);
      if (!patch) {
        // Nothing the external system holds has changed: no request.
        await this.#acknowledge(collection, id, lease, version, externalId, payload, true);
        return;
      }
      result = await client.update(collection, externalId, patch as never);
    }
    await onStep?.('sent', { collection, id });
    await this.#record(collection, record, operation, result, attempt);

    if (result.outcome === 'acknowledged') {
      this.#breaker.success();
      const acknowledgedId = 'externalId' in result ? result.externalId : externalId!;
      const current = sent === payload || JSON.stringify(sent) === JSON.stringify(payload);
      await this.#acknowledge(collection, id, lease, version, acknowledgedId, sent, current);
      await onStep?.('stored', { collection, id });
      return;
    }
    await this.#failed(collection, record, lease, operation, result, attempt, externalId);
  }

  /** A write that holds only while this worker still holds the record's lease. */
  async #fenced(collection: string, id: ObjectId, lease: string, $set: Document): Promise<boolean> {
    const result = await this.#options.db
      .collection(collection)
      .updateOne({ _id: id, '_sync.lease': lease }, { $set });
    return result.matchedCount === 1;
  }

  /**
   * Stores the acknowledged state, fenced by the lease. `current` says the acknowledged payload is
   * the record's payload at `version`; when it isn't, or the version moved on while the request was
   * in flight, the record stays pending and the next delivery sends the difference.
   */
  async #acknowledge(
    collection: string,
    id: ObjectId,
    lease: string,
    version: number,
    externalId: string,
    payload: object,
    current: boolean,
  ): Promise<void> {
    const target = this.#options.db.collection(collection);
    const now = this.#now();
    const common = {
      '_sync.external_id': externalId,
      '_sync.acked': payload,
      '_sync.attempts': 0,
      '_sync.last_error': null,
      '_sync.lease': null,
      '_sync.lease_until': null,
      '_sync.synced_at': now,
    };
    if (current) {
      const done = await target.updateOne(
        { _id: id, '_sync.lease': lease, '_sync.version': version },
        {
          $set: {
            ...common,
            '_sync.acked_version': version,
            '_sync.state': 'synced',
            '_sync.due_at': null,
            '_sync.resend_full': false,
          },
          $unset: { '_sync.pending_since': '', '_sync.create_body': '' },
        },
      );
      if (done.matchedCount === 1) return;
    }
    // Still behind: keep it pending. The pending change dates from the record's last write.
    const literal = Object.fromEntries(
      Object.entries(common).map(([key, value]) => [key, { $literal: value }]),
    );
    const moved = await target.updateOne({ _id: id, '_sync.lease': lease }, [
      { $set: { ...literal, '_sync.due_at': { $literal: now }, '_sync.pending_since': '$updated_at' } },
      { $unset: '_sync.create_body' },
    ]);
    if (moved.matchedCount === 0) {
      this.#options.log.warn(
        { collection, id: id.toHexString() },
        'sync lease lost before the acknowledgement was stored',
      );
    }
  }

  /** The record can't become a payload (e.g. a student without a surname): give up and say so. */
  async #unbuildable(
    collection: IntegrationCollection,
    record: Document,
    lease: string,
    operation: 'create' | 'update',
    error: InvalidRecordError,
    externalId: string | undefined,
  ): Promise<void> {
    const id = record._id as ObjectId;
    this.#breaker.release();
    await this.#fenced(collection, id, lease, {
      '_sync.state': 'failed',
      '_sync.due_at': null,
      '_sync.last_error': error.name,
      '_sync.lease': null,
      '_sync.lease_until': null,
    });
    this.#options.log.warn(
      { collection, id: id.toHexString(), issues: error.issues },
      'sync: record cannot be sent',
    );
    await this.#notify(collection, record, operation, error, 1, externalId);
  }

  async #failed(
    collection: IntegrationCollection,
    record: Document,
    lease: string,
    operation: 'create' | 'update',
    result: DeliveryFailure,
    attempt: number,
    externalId: string | undefined,
  ): Promise<void> {
    const client = this.#options.client!;
    const now = this.#now();
    if (result.outcome === 'retryable') {
      this.#breaker.failure(now.getTime());
      // A 429 asks every sender to wait, not only this record.
      if (result.status === 429 && result.retryAfterMs !== undefined)
        this.#breaker.holdUntil(now.getTime() + result.retryAfterMs);
    } else this.#breaker.neutral();
    // Every request that went out is an attempt: attempts in all = retry delays + 1.
    const attempts = attempt;
    const delay = result.outcome === 'retryable' ? client.nextRetryDelay(attempts, result) : undefined;
    const givenUp = delay === undefined;
    const error = `${result.error.name}${result.status ? ` ${result.status}` : ''}`;
    const id = record._id as ObjectId;
    const target = this.#options.db.collection(collection);
    const version = (record._sync as Document).version as number;
    const release = { '_sync.lease': null, '_sync.lease_until': null, '_sync.last_error': error };
    this.#options.log.warn(
      { collection, id: id.toHexString(), operation, attempts, error, outcome: result.outcome, givenUp },
      'sync delivery failed',
    );
    if (givenUp) {
      const failed = await target.updateOne(
        { _id: id, '_sync.lease': lease, '_sync.version': version },
        { $set: { ...release, '_sync.attempts': attempts, '_sync.state': 'failed', '_sync.due_at': null } },
      );
      if (failed.matchedCount === 1) {
        await this.#notify(collection, record, operation, result.error, attempts, externalId);
        return;
      }
      // The record changed while the request was in flight: the change deserves its own attempts.
      await target.updateOne(
        { _id: id, '_sync.lease': lease },
        { $set: { ...release, '_sync.attempts': 0, '_sync.state': 'pending', '_sync.due_at': now } },
      );
      return;
    }
    await target.updateOne(
      { _id: id, '_sync.lease': lease },
      {
        $set: {
          ...release,
          '_sync.attempts': attempts,
          '_sync.state': 'pending',
          '_sync.due_at': new Date(now.getTime() + (delay ?? 0)),
        },
      },
    );
  }

  /** Tells the external system a delivery was given up, with the URL that re-emits it. */
  async #notify(
    collection: IntegrationCollection,
    record: Document,
    operation: 'create' | 'update',
    error: DeliveryError | InvalidRecordError,
    attempts: number,
    externalId: string | undefined,
  ): Promise<void> {
    const notice = buildFailureNotice({
      collection,
      recordId: record._id as ObjectId,
      externalId,
      operation,
      attempts,
      // An unbuildable record never reached the wire; its error carries the same class and `retryable`.
      lastError: error as DeliveryError,
      serviceBaseUrl: this.#options.publicUrl,
      failedAt: this.#now(),
    });
    const result = await this.#options.client!.notifyFailure(notice);
    await this.#record(collection, record, 'notice', result, 1);
  }

  /** Appends the attempt to the deliveries log: ids, status, timing, error class — no personal data. */
  async #record(
    collection: string,
    record: Document,
    operation: DeliveryRecord['operation'],
    result: {
      outcome: string;
      method: string;
      url: string;
      status: number | undefined;
      durationMs: number;
      error?: { name: string; code?: unknown };
    },
    attempt: number,
  ): Promise<void> {
    const entry: DeliveryRecord = {
      school: record.school ?? null,
      collection,
      record: record._id,
      operation,
      method: result.method,
      url: result.url,
      status: result.status ?? null,
      outcome: result.outcome as DeliveryRecord['outcome'],
      error_class: result.error?.name ?? null,
      error_code: typeof result.error?.code === 'string' ? result.error.code : null,
      duration_ms: Math.round(result.durationMs * 10) / 10,
      attempt,
      worker: this.id,
      at: this.#now(),
    };
    this.#options.log.info({ delivery: entry }, 'sync delivery');
    try {
      await this.#options.db.collection(DELIVERIES).insertOne({ _id: new ObjectId(), ...entry });
    } catch (error) {
      // The log is for people; a failure to write it must not hold back the delivery's outcome.
      this.#options.log.error({ err: error }, 'could not record a delivery attempt');
    }
  }
}
