import { randomUUID } from 'node:crypto';
import { type IntegrationCollection, integrationCollections } from '@school/integration-client';
import type { ObjectId } from 'bson';
import type { ClaimedRecord, SyncStateStore } from './sync-state.js';

export interface ClaimerOptions {
  readonly leaseMs: number;
  /**
   * The longest a due record waits for a scan while hinted records keep the worker busy (records
   * due for a retry, or written by another process, are found only by a scan).
   */
  readonly scanEveryMs: number;
  /** Hints kept at most; older ones are dropped (a scan still finds those records). @default 10000 */
  readonly maxHints?: number;
}

/**
 * Which record a worker delivers next. Records written in this process are hinted by id (the
 * write's nudge) and claimed by `_id` — one index lookup, in write order. Otherwise, and at least
 * every `scanEveryMs`, it scans for the due record that waited longest whose lease is free, taking
 * the synced collections in turn so that a busy one does not starve the others.
 */
export class Claimer {
  readonly #store: SyncStateStore;
  readonly #workerId: string;
  readonly #options: ClaimerOptions;
  /** Hinted records in write order, by `collection/hex id` (a record written twice is hinted once). */
  readonly #hints = new Map<string, { collection: IntegrationCollection; id: ObjectId }>();
  #rotation = 0;
  #lastScan = Number.NEGATIVE_INFINITY;

  constructor(store: SyncStateStore, workerId: string, options: ClaimerOptions) {
    this.#store = store;
    this.#workerId = workerId;
    this.#options = options;
  }

  /** A record was written in this process: it is probably due now. */
  hint(collection: IntegrationCollection, id: ObjectId): void {
    const key = `${collection}/${id.toHexString()}`;
    this.#hints.delete(key);
    this.#hints.set(key, { collection, id });
    if (this.#hints.size > (this.#options.maxHints ?? 10_000)) {
      const oldest = this.#hints.keys().next().value;
      if (oldest !== undefined) this.#hints.delete(oldest);
    }
  }

  async next(now: Date): Promise<ClaimedRecord | undefined> {
    const lease = `${this.#workerId}:${randomUUID()}`;
    const leaseUntil = new Date(now.getTime() + this.#options.leaseMs);
    if (now.getTime() - this.#lastScan >= this.#options.scanEveryMs) {
      const scanned = await this.#scan(lease, now, leaseUntil);
      if (scanned) return scanned;
    }
    for (const [key, { collection, id }] of this.#hints) {
      // Taken from the queue before the await: another loop of this worker must not try it too.
      this.#hints.delete(key);
      const claimed = await this.#store.claim(collection, lease, now, leaseUntil, id);
      if (claimed) return claimed;
    }
    return this.#scan(lease, now, leaseUntil);
  }

  async #scan(lease: string, now: Date, leaseUntil: Date): Promise<ClaimedRecord | undefined> {
    this.#lastScan = now.getTime();
    const count = integrationCollections.length;
    for (let i = 0; i < count; i++) {
      const collection: IntegrationCollection = integrationCollections[(this.#rotation + i) % count]!;
      const claimed = await this.#store.claim(collection, lease, now, leaseUntil);
      if (claimed) {
        this.#rotation = (this.#rotation + i + 1) % count;
        return claimed;
      }
    }
    return undefined;
  }
}
