import {
  type CollectionPatch,
  type CollectionPayload,
  type CreateResult,
  diffPayload,
  type IntegrationClient,
  type IntegrationCollection,
  InvalidRecordError,
  idempotencyKeyFor,
  type PatchByCollection,
  type PayloadByCollection,
  type UpdateResult,
} from '@school/integration-client';
import type { Db } from 'mongodb';
import { currentPayload, storedPayload } from './payloads.js';
import type { ClaimedRecord, SyncStateStore } from './sync-state.js';

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

/** The worker's lease ran out and another worker claimed the record: nothing was sent. */
export interface LeaseLost {
  readonly kind: 'lease-lost';
}

export interface SendDependencies {
  readonly db: Db;
  readonly client: IntegrationClient;
  readonly store: SyncStateStore;
  /** The end of the renewed lease, from the worker's clock as it reads now (just before the request). */
  readonly leaseUntil: () => Date;
}

const LEASE_LOST: LeaseLost = { kind: 'lease-lost' };

/**
 * Sends a claimed record: a create when there is no external id yet (every attempt with the same
 * body under the same Idempotency-Key), else the diff against what was last acknowledged (the full
 * state after a re-emit). The result is data; storing it is the outcome's job.
 *
 * Right before the request the lease is renewed, conditional on still holding it: a worker that
 * stalled past its lease (a busy event loop, a long pause) while another claimed the record sends
 * nothing, so two workers never both send one claimed version (docs/sync.md, "Guarantees").
 */
export async function sendClaimed(
  claim: ClaimedRecord,
  { db, client, store, leaseUntil }: SendDependencies,
): Promise<Sent | LeaseLost> {
  const { collection, id, record, sync } = claim;
  const externalId = sync.external_id;
  let current: CollectionPayload;
  try {
    current = await currentPayload(db, collection, record);
  } catch (error) {
    if (!(error instanceof InvalidRecordError)) throw error;
    return { kind: 'unbuildable', operation: externalId ? 'update' : 'create', error };
  }
  if (externalId === undefined) {
    // A receiver that already made the record answers the repeated key with it; changes made since
    // follow as a PUT. A pinned body that is no longer a payload (a direct database write broke it)
    // can't be sent: the current payload takes its place, pinned for the retries to come.
    const pinned = storedPayload(current.collection, sync.create_body);
    const body = pinned ?? current;
    if (!pinned) await store.pinCreateBody(claim, current.payload);
    if (!(await store.renewLease(claim, leaseUntil()))) return LEASE_LOST;
    const result = await client.create({ ...body, idempotencyKey: idempotencyKeyFor(collection, id) });
    const isCurrent = body === current || diffPayload(body.payload, current.payload) === undefined;
    return { kind: 'sent', operation: 'create', body: body.payload, current: isCurrent, result };
  }
  const acknowledged = sync.resend_full ? {} : (sync.acked ?? {});
  const patch = changesSince(acknowledged, current);
  if (!patch) return { kind: 'unchanged', externalId, payload: current.payload };
  if (!(await store.renewLease(claim, leaseUntil()))) return LEASE_LOST;
  const result = await client.update({ ...patch, externalId });
  return { kind: 'sent', operation: 'update', externalId, body: current.payload, current: true, result };
}

/**
 * `diffPayload` once per collection, so that each entry is checked against its collection's patch
 * type: for a collection known only as a type parameter, TypeScript can't see through `Canonical`.
 */
const diffByCollection: {
  readonly [C in IntegrationCollection]: (
    acknowledged: object,
    current: PayloadByCollection[C],
  ) => PatchByCollection[C] | undefined;
} = { students: diffPayload, parents: diffPayload, grades: diffPayload };

/** The update that turns `acknowledged` into the current payload, or `undefined` when nothing changed. */
function changesSince<C extends IntegrationCollection>(
  acknowledged: object,
  current: CollectionPayload<C>,
): CollectionPatch<C> | undefined {
  const { collection, payload } = current;
  const patch = diffByCollection[collection](acknowledged, payload);
  return patch && { collection, patch };
}
