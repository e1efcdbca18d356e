import { type IntegrationCollection, integrationCollections } from '@school/integration-client';
import type { ObjectId } from 'bson';
import type { Db, Document, Filter, UpdateFilter } from 'mongodb';

/**
 * The need-to-send state of a synced record (`_sync`), written in the same single-document write
 * as the change: `version` counts changes, `acked_version` is the version the external system
 * acknowledged. This module is its only writer; every change of state is one of the transitions
 * below, each a single conditional write:
 *
 *   (create/update) ──changed──▶ pending ──claim──▶ in flight ──acknowledged──▶ synced
 *                                   ▲                   │ ├──behind (changed meanwhile)──▶ pending
 *                                   │                   │ ├──retrying (back-off)─────────▶ pending
 *                                   │                   │ └──gave up──▶ failed (or pending when changed meanwhile)
 *                                   └──re-emit / resync / lease expiry──────────────────────────┘
 *
 * "In flight" is a pending record holding a lease; writes after the claim are fenced by the lease,
 * so a worker that lost it stores nothing.
 */
interface SyncCommon {
  readonly version: number;
  readonly acked_version: number;
  /** Failed sends of the current streak (every request that went out counts). */
  readonly attempts: number;
  /** The id the external system returned for the create. */
  readonly external_id?: string | undefined;
  /** The payload the external system last acknowledged: the next diff is taken against it. */
  readonly acked?: Document | undefined;
  /** The create's body, kept so that every retry of a create sends the same body under its key. */
  readonly create_body?: Document | undefined;
  /** Re-emitted or resynced: send the full state, not the diff. */
  readonly resend_full?: boolean | undefined;
  /** When a resync last queued the record (another resync within `RESYNC_COOLDOWN_MS` leaves it). */
  readonly resynced_at?: Date | undefined;
  /** When the external system last acknowledged anything. */
  readonly synced_at?: Date | undefined;
  /** When the oldest change not yet acknowledged was made (for `/health`). */
  readonly pending_since?: Date | undefined;
  readonly lease?: string | null | undefined;
  readonly lease_until?: Date | null | undefined;
  /** The last error's class and status, e.g. `DeliveryHttpError 503`. */
  readonly last_error?: string | null | undefined;
}

/** Something to deliver, from `due_at` on (in flight while it holds an unexpired lease). */
export interface PendingSync extends SyncCommon {
  readonly state: 'pending';
  readonly due_at: Date;
}

/** The external system holds the current version. */
interface SyncedSync extends SyncCommon {
  readonly state: 'synced';
  readonly due_at: null;
}

/** Given up; waits for a change, a re-emit or a resync. */
interface FailedSync extends SyncCommon {
  readonly state: 'failed';
  readonly due_at: null;
}

export type SyncState = PendingSync | SyncedSync | FailedSync;

/** A record a worker claimed: it alone may store the delivery's outcome while `lease` holds. */
export interface ClaimedRecord {
  readonly collection: IntegrationCollection;
  readonly id: ObjectId;
  /** The whole stored record, to build the payload from. */
  readonly record: Document;
  readonly sync: PendingSync;
  readonly lease: string;
}

/** The `_sync` of a record created at `now`: version 1, due at once. */
export function initialSyncState(now: Date): PendingSync {
  return { version: 1, acked_version: 0, state: 'pending', due_at: now, attempts: 0, pending_since: now };
}

/**
 * `write` (an update of a synced record) plus the transition *changed*: one more version to deliver,
 * due now, a fresh streak of attempts. Returns a new update document; `write` is left as it was.
 */
export function withChange(write: Readonly<Record<string, unknown>>, now: Date): Record<string, unknown> {
  return {
    ...write,
    $set: { ...operands(write.$set), ...dueNow(now) },
    $inc: { ...operands(write.$inc), '_sync.version': 1 },
    $min: { ...operands(write.$min), ...pendingSince(now) },
  };
}

/** Pending, due at `now`, with a fresh streak of attempts. */
const dueNow = (now: Date) =>
  ({ '_sync.state': 'pending', '_sync.due_at': now, '_sync.attempts': 0 }) as const;

/** For `$min`: keeps the time of the oldest unacknowledged change ($min sets a missing field). */
const pendingSince = (now: Date) => ({ '_sync.pending_since': now }) as const;

function operands(value: unknown): Document {
  return isDocument(value) ? value : {};
}

/** Reads a stored `_sync`; `undefined` when it is not one (a direct database write broke it). */
export function readSyncState(value: unknown): SyncState | undefined {
  if (!isDocument(value) || typeof value.version !== 'number') return undefined;
  const raw: Record<string, unknown> = value;
  const common: SyncCommon = {
    version: value.version,
    acked_version: typeof raw.acked_version === 'number' ? raw.acked_version : 0,
    attempts: typeof raw.attempts === 'number' ? raw.attempts : 0,
    external_id: typeof raw.external_id === 'string' ? raw.external_id : undefined,
    acked: isDocument(raw.acked) ? raw.acked : undefined,
    create_body: isDocument(raw.create_body) ? raw.create_body : undefined,
    resend_full: raw.resend_full === true,
    synced_at: raw.synced_at instanceof Date ? raw.synced_at : undefined,
    pending_since: raw.pending_since instanceof Date ? raw.pending_since : undefined,
    lease: typeof raw.lease === 'string' ? raw.lease : null,
    lease_until: raw.lease_until instanceof Date ? raw.lease_until : null,
    last_error: typeof raw.last_error === 'string' ? raw.last_error : null,
  };
  if (raw.state === 'pending') {
    return raw.due_at instanceof Date ? { ...common, state: 'pending', due_at: raw.due_at } : undefined;
  }
  if (raw.state === 'synced' || raw.state === 'failed') return { ...common, state: raw.state, due_at: null };
  // Any other state (or none) is not one this module writes.
  return undefined;
}

function isDocument(value: unknown): value is Document {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** How an acknowledgement was stored. */
export type AcknowledgeResult = 'synced' | 'behind' | 'lease-lost';
/** How a given-up delivery was stored. */
export type GiveUpResult = 'failed' | 'changed-meanwhile' | 'lease-lost';

/**
 * How long a resynced record is not queued again by another resync (10 resyncs a second apart send
 * a record once). A re-emit of one record (the retry route) is not held back.
 */
export const RESYNC_COOLDOWN_MS = 60_000;

/** What a resync did. */
export interface ResyncResult {
  /** Records the filter matched. */
  readonly matched: number;
  /** Records queued to be sent in full. */
  readonly queued: number;
  /** Matched records left as they were: already pending a full send, or resynced within the cooldown. */
  readonly coalesced: number;
}

/** What `/health` shows of the sync. */
export interface SyncCounts {
  readonly pending: number;
  readonly failed: number;
  readonly oldestPendingSince: Date | undefined;
}

const releaseLease = { '_sync.lease': null, '_sync.lease_until': null } as const;

/**
 * The only code that writes `_sync` after a record's own write: the operators' re-emit and resync,
 * and the worker's claim and outcomes. Every worker write after the claim is fenced by the lease.
 */
export class SyncStateStore {
  constructor(readonly db: Db) {}

  /** *re-emit*: due now with a fresh streak, sending the full state (a create if none was acknowledged). */
  async reemit(collection: IntegrationCollection, filter: Filter<Document>, now: Date): Promise<number> {
    const result = await this.db.collection(collection).updateOne(filter, {
      $set: { ...dueNow(now), '_sync.last_error': null, '_sync.resend_full': true },
      $min: pendingSince(now),
    });
    return result.matchedCount;
  }

  /**
   * *resync*: every matching record gets a new version to deliver in full — but one already queued
   * for a full send (pending with `resend_full`, not sent yet) or resynced less than
   * `RESYNC_COOLDOWN_MS` ago is left as it is (coalesced): repeating a resync sends nothing twice.
   */
  async resync(
    collection: IntegrationCollection,
    filter: Filter<Document>,
    now: Date,
  ): Promise<ResyncResult> {
    const target = this.db.collection(collection);
    const cutoff = new Date(now.getTime() - RESYNC_COOLDOWN_MS);
    const coalesced: Filter<Document> = {
      $nor: [
        { '_sync.state': 'pending', '_sync.resend_full': true },
        { '_sync.resynced_at': { $gt: cutoff } },
      ],
    };
    const result = await target.updateMany(
      { $and: [filter, coalesced] },
      {
        $set: { ...dueNow(now), '_sync.resend_full': true, '_sync.resynced_at': now },
        $inc: { '_sync.version': 1 },
        $min: pendingSince(now),
      },
    );
    const queued = result.matchedCount;
    // Counted after the write: the records it queued match too (and a record written meanwhile may).
    const matched = Math.max(queued, await target.countDocuments(filter));
    return { matched, queued, coalesced: matched - queued };
  }

  /**
   * *claim*: atomically takes the due record of `collection` that has waited longest (or the record
   * `id`, when given and due) whose lease is free or expired.
   */
  async claim(
    collection: IntegrationCollection,
    lease: string,
    now: Date,
    leaseUntil: Date,
    id?: ObjectId,
  ): Promise<ClaimedRecord | undefined> {
    const filter: Filter<Document> = {
      ...(id ? { _id: id } : {}),
      '_sync.state': 'pending',
      '_sync.due_at': { $lte: now },
      $or: [{ '_sync.lease_until': null }, { '_sync.lease_until': { $lte: now } }],
    };
    const record = await this.db
      .collection(collection)
      .findOneAndUpdate(
        filter,
        { $set: { '_sync.lease': lease, '_sync.lease_until': leaseUntil } },
        { sort: { '_sync.due_at': 1 }, returnDocument: 'after' },
      );
    if (!record) return undefined;
    const sync = readSyncState(record._sync);
    if (sync?.state !== 'pending') {
      await this.#fenced(collection, record._id, lease, {
        $set: {
          ...releaseLease,
          '_sync.state': 'failed',
          '_sync.due_at': null,
          '_sync.last_error': 'InvalidSyncState',
        },
      });
      return undefined;
    }
    return { collection, id: record._id as ObjectId, record, sync, lease };
  }

  /**
   * Extends the claim to `leaseUntil` while the worker still holds it (nobody claimed the record
   * since, even if the lease ran out meanwhile). False: another worker holds it now.
   */
  async renewLease(claim: ClaimedRecord, leaseUntil: Date): Promise<boolean> {
    return this.#fenced(claim.collection, claim.id, claim.lease, {
      $set: { '_sync.lease_until': leaseUntil },
    });
  }

  /** Keeps the create's body so that every retry of it sends the same body (still in flight). */
  async pinCreateBody(claim: ClaimedRecord, body: object): Promise<boolean> {
    return this.#fenced(claim.collection, claim.id, claim.lease, { $set: { '_sync.create_body': body } });
  }

  /**
   * *acknowledged*: the external system holds `payload` under `externalId`. When `current` (it is
   * the record's payload at the claimed version) and the version did not move meanwhile, the record
   * is synced; otherwise it stays pending and the next delivery sends the difference.
   */
  async acknowledge(
    claim: ClaimedRecord,
    ack: {
      readonly externalId: string;
      readonly payload: object;
      readonly current: boolean;
      readonly now: Date;
    },
  ): Promise<AcknowledgeResult> {
    const target = this.db.collection(claim.collection);
    const common = {
      '_sync.external_id': ack.externalId,
      '_sync.acked': ack.payload,
      '_sync.attempts': 0,
      '_sync.last_error': null,
      '_sync.synced_at': ack.now,
      ...releaseLease,
    };
    if (ack.current) {
      const done = await target.updateOne(
        { _id: claim.id, '_sync.lease': claim.lease, '_sync.version': claim.sync.version },
        {
          $set: {
            ...common,
            '_sync.acked_version': claim.sync.version,
            '_sync.state': 'synced',
            '_sync.due_at': null,
            '_sync.resend_full': false,
          },
          $unset: { '_sync.pending_since': 1, '_sync.create_body': 1 },
        },
      );
      if (done.matchedCount === 1) return 'synced';
    }
    // *behind*: the pending change dates from the record's last write (a pipeline reads it).
    const literal = Object.fromEntries(
      Object.entries(common).map(([key, value]) => [key, { $literal: value }]),
    );
    const behind = await target.updateOne({ _id: claim.id, '_sync.lease': claim.lease }, [
      { $set: { ...literal, '_sync.due_at': { $literal: ack.now }, '_sync.pending_since': '$updated_at' } },
      { $unset: '_sync.create_body' },
    ]);
    return behind.matchedCount === 1 ? 'behind' : 'lease-lost';
  }

  /** *retrying*: failed `attempts` times so far; the next attempt is due at `dueAt`. */
  async retryAt(claim: ClaimedRecord, attempts: number, dueAt: Date, error: string): Promise<boolean> {
    return this.#fenced(claim.collection, claim.id, claim.lease, {
      $set: {
        ...releaseLease,
        '_sync.last_error': error,
        '_sync.attempts': attempts,
        '_sync.state': 'pending',
        '_sync.due_at': dueAt,
      },
    });
  }

  /**
   * *gave up*: failed for good at the claimed version. When the record changed while the request
   * was in flight, the change deserves its own attempts: it is pending again, due now.
   */
  async giveUp(claim: ClaimedRecord, attempts: number, error: string, now: Date): Promise<GiveUpResult> {
    const target = this.db.collection(claim.collection);
    const release = { ...releaseLease, '_sync.last_error': error };
    const failed = await target.updateOne(
      { _id: claim.id, '_sync.lease': claim.lease, '_sync.version': claim.sync.version },
      { $set: { ...release, '_sync.attempts': attempts, '_sync.state': 'failed', '_sync.due_at': null } },
    );
    if (failed.matchedCount === 1) return 'failed';
    const moved = await this.#fenced(claim.collection, claim.id, claim.lease, {
      $set: { ...release, ...dueNow(now) },
    });
    return moved ? 'changed-meanwhile' : 'lease-lost';
  }

  /** Pending and failed records and the oldest pending change, over the synced collections. */
  async counts(): Promise<SyncCounts> {
    let pending = 0;
    let failed = 0;
    const pendingSince: number[] = [];
    for (const name of integrationCollections) {
      const collection = this.db.collection(name);
      pending += await collection.countDocuments({ '_sync.state': 'pending' });
      failed += await collection.countDocuments({ '_sync.state': 'failed' });
      const first = await collection.findOne(
        { '_sync.state': 'pending' },
        { sort: { '_sync.pending_since': 1 } },
      );
      // A record found by its `_sync.state` has a `_sync`.
      const since: unknown = first?._sync.pending_since;
      if (since instanceof Date) pendingSince.push(since.getTime());
    }
    const oldestPendingSince = pendingSince.length === 0 ? undefined : new Date(Math.min(...pendingSince));
    return { pending, failed, oldestPendingSince };
  }

  /** A write that holds only while the worker still holds the record's lease. */
  async #fenced(
    collection: IntegrationCollection,
    id: ObjectId,
    lease: string,
    update: UpdateFilter<Document>,
  ): Promise<boolean> {
    const result = await this.db.collection(collection).updateOne({ _id: id, '_sync.lease': lease }, update);
    return result.matchedCount === 1;
  }
}
