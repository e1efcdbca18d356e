import { ObjectId } from 'bson';
import type { Db } from 'mongodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { Claimer } from '../../src/sync/claim.js';
import { initialSyncState, SyncStateStore } from '../../src/sync/sync-state.js';
import { sharedDatabase } from './fixture.js';

const T0 = new Date('2026-03-01T08:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

let db: Db;
let store: SyncStateStore;

beforeEach(() => {
  db = sharedDatabase().db;
  store = new SyncStateStore(db);
});

async function insert(collection: 'grades' | 'parents', due: Date): Promise<ObjectId> {
  const _id = new ObjectId();
  await db.collection(collection).insertOne({ _id, _sync: initialSyncState(due) });
  return _id;
}

const claimer = () => new Claimer(store, 'w', { leaseMs: 60_000, scanEveryMs: 1000 });

describe('Claimer', () => {
  it('scans for the due record that waited longest, taking the collections in turn', async () => {
    const grade = await insert('grades', at(0));
    const older = await insert('grades', at(-10));
    const parent = await insert('parents', at(5));
    const subject = claimer();
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await subject.next(at(10 + i * 1000)))?.id.toHexString());
    expect(ids).toHaveLength(3);
    expect(new Set(ids)).toEqual(new Set([grade, older, parent].map((id) => id.toHexString())));
    expect(ids.indexOf(older.toHexString())).toBeLessThan(ids.indexOf(grade.toHexString()));
    expect(await subject.next(at(5000))).toBeUndefined();
  });

  it('claims hinted records by id, in the order they were written, between scans', async () => {
    const subject = claimer();
    await subject.next(at(0)); // the periodic scan: nothing due yet
    const first = await insert('grades', at(0));
    const second = await insert('parents', at(0));
    subject.hint('parents', second);
    subject.hint('grades', first);
    subject.hint('parents', second); // written again: now after `first`
    expect((await subject.next(at(1)))?.id).toEqual(first);
    expect((await subject.next(at(2)))?.id).toEqual(second);
  });

  it('skips a hinted record another worker took, and still scans at least every scanEveryMs', async () => {
    const subject = claimer();
    await subject.next(at(0));
    const taken = await insert('grades', at(0));
    const retry = await insert('parents', at(0)); // never hinted: due again after a back-off, say
    await store.claim('grades', 'other', at(0), at(60_000), taken);
    subject.hint('grades', taken);
    // Within the scan interval the hint is tried, fails, and the scan that follows finds `retry`.
    expect((await subject.next(at(10)))?.id).toEqual(retry);
    const hinted = await insert('parents', at(0));
    const late = await insert('grades', at(-5));
    subject.hint('parents', hinted);
    // A second later the scan comes first, even with a hint waiting.
    expect((await subject.next(at(1010)))?.id).toEqual(late);
    expect((await subject.next(at(1011)))?.id).toEqual(hinted);
  });
});
