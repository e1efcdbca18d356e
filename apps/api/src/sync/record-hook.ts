import { type IntegrationCollection, isIntegrationCollection } from '@school/integration-client';
import type { ObjectId } from 'bson';
import type { WriteHook } from '../storage/records.js';
import { initialSyncState, withChange } from './sync-state.js';

/**
 * The record store's one hook into the sync. The synced collections are the integration client's:
 * the records it has payloads for are the ones delivered, and no list of the host's says otherwise.
 * A new record of one of them is pending from the start; an update is one more version to deliver;
 * once stored, `nudge` names the record so the worker claims it now.
 */
export function syncWriteHook(
  nudge: (written: { readonly collection: IntegrationCollection; readonly id: ObjectId }) => void,
): WriteHook {
  return {
    created: (collection, now) =>
      isIntegrationCollection(collection) ? { _sync: initialSyncState(now) } : {},
    updated: (collection, write, now) =>
      isIntegrationCollection(collection) ? withChange(write, now) : write,
    stored: (collection, id) => {
      if (isIntegrationCollection(collection)) nudge({ collection, id });
    },
  };
}
