import { integrationCollections } from '@school/integration-client';
import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../src/collections/index.js';
import { syncWriteHook } from '../../src/sync/record-hook.js';
import { initialSyncState, withChange } from '../../src/sync/sync-state.js';

const NOW = new Date('2026-03-01T08:00:00Z');
const unsynced = COLLECTIONS.map((collection) => collection.name).filter(
  (name) => !integrationCollections.some((synced) => synced === name),
);

function hook() {
  const nudged: Array<{ collection: string; id: ObjectId }> = [];
  return { nudged, hook: syncWriteHook((written) => nudged.push(written)) };
}

describe("the record store's hook into the sync", () => {
  it('syncs exactly the integration client’s collections, and the service has the others too', () => {
    expect(integrationCollections).toEqual(['students', 'parents', 'grades']);
    expect(unsynced).toEqual(['schools', 'years', 'courses', 'sections', 'staff']);
  });

  it('stores a new record of a synced collection as pending, and one of any other collection with nothing added', () => {
    const { hook: subject } = hook();
    for (const name of integrationCollections)
      expect(subject.created(name, NOW)).toEqual({ _sync: initialSyncState(NOW) });
    for (const name of unsynced) expect(subject.created(name, NOW)).toEqual({});
  });

  it('adds the change to an update of a synced record, and leaves any other update as it is', () => {
    const { hook: subject } = hook();
    const write = { $set: { name: 'Dos' }, $inc: { _rev: 1 } };
    for (const name of integrationCollections)
      expect(subject.updated(name, write, NOW)).toEqual(withChange(write, NOW));
    for (const name of unsynced) expect(subject.updated(name, write, NOW)).toBe(write);
  });

  it('names a stored record of a synced collection to the worker, and no other', () => {
    const { hook: subject, nudged } = hook();
    const id = new ObjectId();
    for (const name of [...integrationCollections, ...unsynced]) subject.stored(name, id);
    expect(nudged).toEqual(integrationCollections.map((collection) => ({ collection, id })));
  });
});
