import { ObjectId } from 'bson';
import type { Db } from 'mongodb';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type ClaimedRecord,
  initialSyncState,
  RESYNC_COOLDOWN_MS,
  readSyncState,
  SyncStateStore,
  withChange,
} from '../../src/sync/sync-state.js';
import { sharedDatabase } from './fixture.js';

const T0 = new Date('2026-03-01T08:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const LEASE_UNTIL = at(60_000);

let db: Db;
let store: SyncStateStore;

beforeEach(() => {
  db = sharedDatabase().db;
  store = new SyncStateStore(db);
});

async function insert(sync: object, extra: object = {}): Promise<ObjectId> {
  const _id = new ObjectId();
  await db.collection('grades').insertOne({ _id, name: 'Uno', updated_at: T0, _sync: sync, ...extra });
  return _id;
}

async function syncOf(id: ObjectId) {
  return (await db.collection('grades').findOne({ _id: id }))?._sync;
}

async function change(id: ObjectId, now: Date): Promise<void> {
  await db.collection('grades').updateOne({ _id: id }, withChange({ $set: { updated_at: now } }, now));
}

async function claimed(lease = 'L1', now = T0): Promise<ClaimedRecord> {
  const claim = await store.claim('grades', lease, now, LEASE_UNTIL);
  if (!claim) throw new Error('nothing was claimed');
  return claim;
}

describe('a record’s own writes', () => {
  it('a created record is pending at version 1, due at once', () => {
    expect(initialSyncState(T0)).toEqual({
      version: 1,
      acked_version: 0,
      state: 'pending',
      due_at: T0,
      attempts: 0,
      pending_since: T0,
    });
  });

  it('a change adds a version and a fresh streak, keeps the oldest pending time, and leaves its argument as it was', async () => {
    const write = { $set: { name: 'Dos' }, $inc: { _rev: 1 } };
    const copy = structuredClone(write);
    const combined = withChange(write, at(5));
    expect(write).toEqual(copy);
    expect(combined).toEqual({
      $set: { name: 'Dos', '_sync.state': 'pending', '_sync.due_at': at(5), '_sync.attempts': 0 },
      $inc: { _rev: 1, '_sync.version': 1 },
      $min: { '_sync.pending_since': at(5) },
    });
    const id = await insert({ ...initialSyncState(T0), state: 'failed', due_at: null, attempts: 4 });
    await db.collection('grades').updateOne({ _id: id }, combined);
    expect(await syncOf(id)).toMatchObject({ version: 2, state: 'pending', attempts: 0, pending_since: T0 });
  });
});

describe('reading a stored state', () => {
  it('reads each state and refuses what is not one', () => {
    expect(readSyncState(initialSyncState(T0))).toMatchObject({ state: 'pending', due_at: T0, lease: null });
    expect(readSyncState({ version: 3, state: 'synced', external_id: 'x' })).toMatchObject({
      state: 'synced',
      due_at: null,
      acked_version: 0,
      attempts: 0,
      external_id: 'x',
    });
    expect(readSyncState({ version: 1, state: 'pending' })).toBeUndefined(); // no due_at
    expect(readSyncState({ state: 'failed' })).toBeUndefined(); // no version
    expect(readSyncState({ version: 1, state: 'sent' })).toBeUndefined();
    expect(readSyncState(null)).toBeUndefined();
  });
});

describe('claim', () => {
  it('takes the due record that waited longest, and only one worker gets it', async () => {
    await insert(initialSyncState(at(20)));
    const first = await insert(initialSyncState(at(10)));
    await insert(initialSyncState(at(10_000))); // not due yet
    const claim = await claimed('L1', at(100));
    expect(claim.id).toEqual(first);
    expect(claim.sync).toMatchObject({ state: 'pending', version: 1, lease: 'L1' });
    expect((await store.claim('grades', 'L2', at(100), LEASE_UNTIL))?.id).not.toEqual(first);
    expect(await store.claim('grades', 'L3', at(100), LEASE_UNTIL)).toBeUndefined();
  });

  it('a lease that ran out can be claimed again; one that holds cannot', async () => {
    const id = await insert(initialSyncState(T0));
    await store.claim('grades', 'L1', T0, at(100));
    expect(await store.claim('grades', 'L2', at(99), at(200))).toBeUndefined();
    expect((await store.claim('grades', 'L2', at(100), at(200)))?.lease).toBe('L2');
    expect(await syncOf(id)).toMatchObject({ lease: 'L2', lease_until: at(200) });
  });

  it('claims a given record only when it is due', async () => {
    const due = await insert(initialSyncState(T0));
    const later = await insert(initialSyncState(at(1000)));
    expect(await store.claim('grades', 'L1', T0, LEASE_UNTIL, later)).toBeUndefined();
    expect((await store.claim('grades', 'L1', T0, LEASE_UNTIL, due))?.id).toEqual(due);
  });

  it('a record whose state is broken is failed instead of claimed over and over', async () => {
    const id = await insert({ state: 'pending', due_at: T0 });
    expect(await store.claim('grades', 'L1', T0, LEASE_UNTIL)).toBeUndefined();
    expect(await syncOf(id)).toMatchObject({ state: 'failed', last_error: 'InvalidSyncState', lease: null });
  });
});

describe('outcomes, fenced by the lease', () => {
  it('acknowledged at the claimed version: synced, with what the external system holds', async () => {
    const id = await insert({ ...initialSyncState(T0), create_body: { name: 'Uno' } });
    const claim = await claimed();
    const stored = await store.acknowledge(claim, {
      externalId: 'ext-1',
      payload: { name: 'Uno' },
      current: true,
      now: at(5),
    });
    expect(stored).toBe('synced');
    const sync = await syncOf(id);
    expect(sync).toMatchObject({
      state: 'synced',
      acked_version: 1,
      external_id: 'ext-1',
      acked: { name: 'Uno' },
      due_at: null,
      lease: null,
      synced_at: at(5),
    });
    expect(sync).not.toHaveProperty('pending_since');
    expect(sync).not.toHaveProperty('create_body');
  });

  it('acknowledged after the record changed meanwhile: behind, pending since that change, due now', async () => {
    const id = await insert(initialSyncState(T0));
    const claim = await claimed();
    await change(id, at(3));
    const stored = await store.acknowledge(claim, {
      externalId: 'ext-1',
      payload: {},
      current: true,
      now: at(5),
    });
    expect(stored).toBe('behind');
    expect(await syncOf(id)).toMatchObject({
      state: 'pending',
      version: 2,
      acked_version: 0,
      external_id: 'ext-1',
      due_at: at(5),
      pending_since: at(3),
      lease: null,
    });
  });

  it('an acknowledgement of a body that is not the current payload leaves the record pending', async () => {
    const id = await insert(initialSyncState(T0));
    const claim = await claimed();
    expect(await store.acknowledge(claim, { externalId: 'e', payload: {}, current: false, now: at(5) })).toBe(
      'behind',
    );
    expect(await syncOf(id)).toMatchObject({ state: 'pending', external_id: 'e' });
  });

  it('a worker that lost its lease stores nothing', async () => {
    const id = await insert(initialSyncState(T0));
    const stale = await store.claim('grades', 'L1', T0, at(10));
    await store.claim('grades', 'L2', at(10), at(100));
    const before = await syncOf(id);
    expect(
      await store.acknowledge(stale!, { externalId: 'x', payload: {}, current: true, now: at(11) }),
    ).toBe('lease-lost');
    expect(await store.retryAt(stale!, 1, at(50), 'E')).toBe(false);
    expect(await store.giveUp(stale!, 1, 'E', at(11))).toBe('lease-lost');
    expect(await store.pinCreateBody(stale!, { name: 'x' })).toBe(false);
    expect(await syncOf(id)).toEqual(before);
  });

  it('retrying: pending, due after the back-off, with the streak and the error', async () => {
    const id = await insert(initialSyncState(T0));
    expect(await store.retryAt(await claimed(), 2, at(500), 'DeliveryHttpError 503')).toBe(true);
    expect(await syncOf(id)).toMatchObject({
      state: 'pending',
      attempts: 2,
      due_at: at(500),
      last_error: 'DeliveryHttpError 503',
      lease: null,
    });
  });

  it('given up: failed at the claimed version, or pending again when the record changed meanwhile', async () => {
    const id = await insert(initialSyncState(T0));
    expect(await store.giveUp(await claimed(), 4, 'DeliveryHttpError 500', at(5))).toBe('failed');
    expect(await syncOf(id)).toMatchObject({ state: 'failed', attempts: 4, due_at: null, lease: null });

    const other = await insert(initialSyncState(T0));
    const claim = await claimed();
    await change(other, at(6));
    expect(await store.giveUp(claim, 4, 'DeliveryHttpError 422', at(7))).toBe('changed-meanwhile');
    expect(await syncOf(other)).toMatchObject({ state: 'pending', attempts: 0, due_at: at(7), version: 2 });
  });
});

describe('operators', () => {
  it('re-emit makes one record due now in full with a fresh streak; resync also adds a version', async () => {
    const a = await insert({
      ...initialSyncState(T0),
      state: 'failed',
      due_at: null,
      attempts: 4,
      last_error: 'E',
    });
    const b = await insert({ version: 1, acked_version: 1, state: 'synced', due_at: null, attempts: 0 });
    expect(await store.reemit('grades', { _id: a }, at(9))).toBe(1);
    expect(await syncOf(a)).toMatchObject({
      state: 'pending',
      due_at: at(9),
      attempts: 0,
      last_error: null,
      resend_full: true,
      version: 1,
    });
    expect(await store.reemit('grades', { _id: new ObjectId() }, at(9))).toBe(0);
    // The re-emitted record is already pending a full send: the resync leaves it (coalesced).
    expect(await store.resync('grades', {}, at(10))).toEqual({ matched: 2, queued: 1, coalesced: 1 });
    expect(await syncOf(b)).toMatchObject({
      state: 'pending',
      version: 2,
      resend_full: true,
      pending_since: at(10),
      resynced_at: at(10),
    });
    expect((await syncOf(a)).version).toBe(1);
  });

  it('a resync leaves a record resynced within the cooldown, even once it was sent, and queues it after', async () => {
    const synced = { version: 1, acked_version: 1, state: 'synced', due_at: null, attempts: 0 };
    const id = await insert({ ...synced, resynced_at: at(0) });
    const fresh = await insert(synced);
    expect(await store.resync('grades', {}, at(RESYNC_COOLDOWN_MS - 1))).toEqual({
      matched: 2,
      queued: 1,
      coalesced: 1,
    });
    expect(await syncOf(id)).toMatchObject({ state: 'synced', version: 1 });
    expect(await syncOf(fresh)).toMatchObject({ state: 'pending', version: 2 });
    expect(await store.resync('grades', { _id: id }, at(RESYNC_COOLDOWN_MS))).toEqual({
      matched: 1,
      queued: 1,
      coalesced: 0,
    });
    expect(await syncOf(id)).toMatchObject({
      state: 'pending',
      version: 2,
      resynced_at: at(RESYNC_COOLDOWN_MS),
    });
  });

  it('counts pending and failed records and finds the oldest pending change', async () => {
    await insert(initialSyncState(at(30)));
    await insert(initialSyncState(at(10)));
    await insert({ ...initialSyncState(T0), state: 'failed', due_at: null });
    expect(await store.counts()).toEqual({ pending: 2, failed: 1, oldestPendingSince: at(10) });
  });
});

describe('reading every field of a stored state', () => {
  it('keeps each field of its type and reads the rest as absent', () => {
    const stored = {
      version: 4,
      acked_version: 3,
      attempts: 2,
      state: 'pending',
      due_at: at(7),
      external_id: 'ext-9',
      acked: { name: 'Uno' },
      create_body: { name: 'Uno', code: 'U1' },
      resend_full: true,
      synced_at: at(1),
      pending_since: at(2),
      lease: 'L7',
      lease_until: at(60),
      last_error: 'DeliveryHttpError 503',
    };
    expect(readSyncState(stored)).toEqual(stored);
    expect(
      readSyncState({
        version: 4,
        acked_version: '3',
        attempts: '2',
        state: 'synced',
        due_at: at(7),
        external_id: 9,
        acked: ['Uno'],
        create_body: 'Uno',
        resend_full: 'yes',
        synced_at: '2026-03-01',
        pending_since: 2,
        lease: 7,
        lease_until: '2026-03-01',
        last_error: 503,
      }),
    ).toEqual({
      version: 4,
      acked_version: 0,
      attempts: 0,
      state: 'synced',
      due_at: null,
      external_id: undefined,
      acked: undefined,
      create_body: undefined,
      resend_full: false,
      synced_at: undefined,
      pending_since: undefined,
      lease: null,
      lease_until: null,
      last_error: null,
    });
    expect(readSyncState({ version: 2, state: 'failed', acked: null })).toMatchObject({
      state: 'failed',
      due_at: null,
      acked: undefined,
    });
    expect(readSyncState({ version: 1, state: 'pending', due_at: '2026-03-01' })).toBeUndefined();
    expect(readSyncState({ version: '1', state: 'synced' })).toBeUndefined();
    expect(readSyncState('synced')).toBeUndefined();
  });
});

describe('what an acknowledgement stores', () => {
  it('stores the acknowledged payload as it is, even text that reads like a field path', async () => {
    const id = await insert(initialSyncState(T0));
    const claim = await claimed();
    const payload = { name: '$updated_at', tags: ['$name'] };
    await store.acknowledge(claim, { externalId: '$external', payload, current: false, now: at(5) });
    expect(await syncOf(id)).toMatchObject({
      external_id: '$external',
      acked: payload,
      attempts: 0,
      last_error: null,
      synced_at: at(5),
      lease: null,
      lease_until: null,
    });
  });
});

describe('the counts across the synced collections', () => {
  it('finds the oldest pending change in whichever collection holds it', async () => {
    await insert(initialSyncState(at(30)));
    await db.collection('students').insertOne({ _id: new ObjectId(), _sync: initialSyncState(at(5)) });
    await db.collection('students').insertOne({ _id: new ObjectId(), _sync: initialSyncState(at(50)) });
    expect(await store.counts()).toEqual({ pending: 3, failed: 0, oldestPendingSince: at(5) });
  });

  it('has no oldest pending change when nothing is pending', async () => {
    await insert({ ...initialSyncState(T0), state: 'synced', due_at: null });
    expect(await store.counts()).toEqual({ pending: 0, failed: 0, oldestPendingSince: undefined });
  });
});

describe('re-emit and the oldest pending change', () => {
  it('a re-emitted synced record is pending since the re-emit; a pending one keeps its older time', async () => {
    const synced = await insert({ version: 1, acked_version: 1, state: 'synced', due_at: null, attempts: 0 });
    const pending = await insert(initialSyncState(at(2)));
    await store.reemit('grades', { _id: synced }, at(9));
    await store.reemit('grades', { _id: pending }, at(9));
    expect(await syncOf(synced)).toMatchObject({ state: 'pending', pending_since: at(9) });
    expect(await syncOf(pending)).toMatchObject({ state: 'pending', pending_since: at(2) });
  });
});
