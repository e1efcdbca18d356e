import type { Caller } from '../auth/caller.js';
import type { RecordStore } from '../storage/records.js';
import { DEMO_SCHOOLS } from './demo-schools.js';
import { schoolRecords } from './school-records.js';
import { writeSchoolData } from './write-school-data.js';

const loader: Caller = {
  name: 'demo-data',
  tokenId: 'demo-data',
  scopes: new Set(['read', 'write', 'admin']),
  schools: '*',
};

/**
 * A small, realistic data set for embedded mode, so a first `curl` returns something real
 * (`demo-schools.ts`). Written through the store, so search text and sync state are what real
 * writes produce. Loaded once, into an empty database.
 */
export async function loadDemoData(store: RecordStore): Promise<void> {
  if ((await store.db.collection('schools').countDocuments({})) > 0) return;
  await writeSchoolData(schoolRecords(DEMO_SCHOOLS), (collection, body) =>
    store.create(collection, body, loader),
  );
}
