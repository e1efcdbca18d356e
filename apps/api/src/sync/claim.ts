import { randomUUID } from 'node:crypto';
import { type IntegrationCollection, integrationCollections } from '@school/integration-client';
import type { ClaimedRecord, SyncStateStore } from '../storage/sync-state.js';

/**
 * Which record a worker delivers next: the due record whose lease is free, taking the synced
 * collections in turn so that a busy one does not starve the others.
 */
export class Claimer {
  readonly #store: SyncStateStore;
  readonly #workerId: string;
  readonly #leaseMs: number;
  #rotation = 0;

  constructor(store: SyncStateStore, workerId: string, leaseMs: number) {
    this.#store = store;
    this.#workerId = workerId;
    this.#leaseMs = leaseMs;
  }

  async next(now: Date): Promise<ClaimedRecord | undefined> {
    const lease = `${this.#workerId}:${randomUUID()}`;
    const leaseUntil = new Date(now.getTime() + this.#leaseMs);
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
