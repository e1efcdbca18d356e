import {
  type CreateResult,
  diffPayload,
  type IntegrationClient,
  InvalidRecordError,
  idempotencyKeyFor,
  type UpdateResult,
} from '@school/integration-client';
import type { Db } from 'mongodb';
import { currentPayload } from '../storage/payloads.js';
import type { ClaimedRecord, SyncStateStore } from '../storage/sync-state.js';

/** What sending a claimed record did. */
export type Sent =
  /** The record can't become a payload (e.g. a student without a surname): nothing was sent. */
  | {
      readonly kind: 'unbuildable';
      readonly operation: 'create' | 'update';
      readonly error: InvalidRecordError;
    }
  /** Nothing the external system holds changed: no request, acknowledged as it is. */
  | { readonly kind: 'unchanged'; readonly externalId: string; readonly payload: object }
  | {
      readonly kind: 'sent';
      readonly operation: 'create';
      /** The body the external system holds when acknowledged. */
      readonly body: object;
      /** Whether `body` is the record's payload at the claimed version. */
      readonly current: boolean;
      readonly result: CreateResult;
    }
  | {
      readonly kind: 'sent';
      readonly operation: 'update';
      readonly externalId: string;
      readonly body: object;
      readonly current: true;
      readonly result: UpdateResult;
    };

export interface SendDependencies {
  readonly db: Db;
  readonly client: IntegrationClient;
  readonly store: SyncStateStore;
}

/**
 * Sends a claimed record: a create when there is no external id yet (every attempt with the same
 * body under the same Idempotency-Key), else the diff against what was last acknowledged (the full
 * state after a re-emit). The result is data; storing it is the outcome's job.
 */
export async function sendClaimed(
  claim: ClaimedRecord,
  { db, client, store }: SendDependencies,
): Promise<Sent> {
  const { collection, id, record, sync } = claim;
  const externalId = sync.external_id;
  let payload: object;
  try {
    payload = await currentPayload(db, collection, record);
  } catch (error) {
    if (!(error instanceof InvalidRecordError)) throw error;
    return { kind: 'unbuildable', operation: externalId ? 'update' : 'create', error };
  }
  if (externalId === undefined) {
    // A receiver that already made the record answers the repeated key with it; changes made since
    // follow as a PUT.
    const body = sync.create_body ?? payload;
    if (!sync.create_body) await store.pinCreateBody(claim, payload);
    const result = await client.create(collection, body as never, {
      idempotencyKey: idempotencyKeyFor(collection, id),
    });
    const current = body === payload || diffPayload(body, payload) === undefined;
    return { kind: 'sent', operation: 'create', body, current, result };
  }
  const acknowledged = sync.resend_full ? {} : (sync.acked ?? {});
  const patch = diffPayload(acknowledged, payload);
  if (!patch) return { kind: 'unchanged', externalId, payload };
  const result = await client.update(collection, externalId, patch as never);
  return { kind: 'sent', operation: 'update', externalId, body: payload, current: true, result };
}
