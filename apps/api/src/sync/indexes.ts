import { integrationCollections } from '@school/integration-client';
import type { Db } from 'mongodb';
import { DELIVERIES, DELIVERY_INDEXES } from './deliveries.js';

/** The worker's queue on each synced collection: due pending records, oldest first (docs/deployment.md). */
export const SYNC_QUEUE_INDEX = { '_sync.state': 1, '_sync.due_at': 1 } as const;

/** Creates the sync's indexes (idempotent): the queue on each synced collection, and the delivery log's. */
export async function ensureSyncIndexes(db: Db): Promise<void> {
  for (const name of integrationCollections) await db.collection(name).createIndex(SYNC_QUEUE_INDEX);
  for (const index of DELIVERY_INDEXES) await db.collection(DELIVERIES).createIndex(index.keys);
}
