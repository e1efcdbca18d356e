/**
 * The need-to-send state of a synced record, written in the same single-document write as the
 * change (STYLE.md "Sync design"): `version` counts changes, `acked_version` is the version the
 * external system acknowledged; the record is due while they differ.
 */
export interface SyncState {
  version: number;
  acked_version: number;
  state: 'pending' | 'synced' | 'failed';
  due_at: Date | null;
  attempts: number;
  external_id?: string;
  acked?: Record<string, unknown>;
  /** When the oldest change not yet acknowledged was made (for `/health`). */
  pending_since?: Date;
  lease?: string | null;
  lease_until?: Date | null;
  last_error?: string | null;
}

export function syncMarkOnCreate(now: Date): SyncState {
  return { version: 1, acked_version: 0, state: 'pending', due_at: now, attempts: 0, pending_since: now };
}

/** Adds to an update: one more version to deliver, due now. */
export function syncMarkOnUpdate(write: Record<string, unknown>, now: Date): void {
  const $set = (write.$set ?? {}) as Record<string, unknown>;
  const $inc = (write.$inc ?? {}) as Record<string, unknown>;
  Object.assign($set, { '_sync.state': 'pending', '_sync.due_at': now, '_sync.attempts': 0 });
  $inc['_sync.version'] = 1;
  write.$set = $set;
  write.$inc = $inc;
  // Keeps the time of the oldest unacknowledged change ($min sets a missing field).
  write.$min = { '_sync.pending_since': now };
}
