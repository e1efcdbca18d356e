import { ObjectId } from 'bson';
import type { Db, Document, Filter, UpdateFilter } from 'mongodb';

/** The collections whose names are part of students' search text (search-text.ts). */
const RENAMED_COLLECTIONS = ['grades', 'sections'] as const;
type RenamedCollection = (typeof RENAMED_COLLECTIONS)[number];

/**
 * The refresh queue's index on each renamed collection: marked records, oldest first. Partial, so
 * it holds only the few records with a marker (docs/deployment.md).
 */
const REFRESH_QUEUE_INDEX = {
  keys: { '_refresh.since': 1 },
  marked: { '_refresh.since': { $exists: true } },
};

/**
 * A rename whose students' search text is still to be rewritten: the marker `_refresh` on the
 * renamed grade or section, set in the same single-document write as the rename (so no crash can
 * separate the two). `wanted` counts renames since the marker was last cleared: a refresh that
 * started before another rename clears nothing, and runs again.
 */
export interface RefreshJob {
  readonly collection: RenamedCollection;
  readonly id: ObjectId;
  readonly school: ObjectId;
  /** `_refresh.wanted` when the job was claimed. */
  readonly wanted: number;
  readonly lease: string;
}

/**
 * Whether a change of a record makes its students' search text stale: a grade's name or section,
 * a section's name (students hold both names, search-text.ts).
 */
export function changesDependents(
  collection: string,
  before: Readonly<Document>,
  after: Readonly<Document>,
): boolean {
  if (collection === 'sections') return before.name !== after.name;
  if (collection !== 'grades') return false;
  return before.name !== after.name || !sameValue(before.section, after.section);
}

/** `write` (a rename) plus the marker: one more rename to refresh the dependents of. A new document. */
export function withRefreshMarker(write: UpdateFilter<Document>, now: Date): UpdateFilter<Document> {
  return {
    ...write,
    $inc: { ...write.$inc, '_refresh.wanted': 1 },
    // $min keeps the oldest unrefreshed rename's time, and sets it on a record without a marker.
    $min: { ...write.$min, '_refresh.since': now },
  };
}

const unleased = [{ '_refresh.lease_until': null }];

/**
 * The markers, as a queue shared by every instance on the database: `claim` takes the oldest
 * marker whose lease is free or expired (one `findOneAndUpdate`), `renew` extends a claim while it
 * is held, `finish` clears the marker when no rename came in meanwhile. The only writer of `_refresh`
 * after the rename's own write.
 */
export class RefreshJobs {
  constructor(readonly db: Db) {}

  async ensureIndexes(): Promise<void> {
    for (const name of RENAMED_COLLECTIONS)
      await this.db
        .collection(name)
        .createIndex(REFRESH_QUEUE_INDEX.keys, { partialFilterExpression: REFRESH_QUEUE_INDEX.marked });
  }

  async claim(lease: string, now: Date, leaseUntil: Date): Promise<RefreshJob | undefined> {
    for (const collection of RENAMED_COLLECTIONS) {
      const filter: Filter<Document> = {
        ...REFRESH_QUEUE_INDEX.marked,
        $or: [...unleased, { '_refresh.lease_until': { $lte: now } }],
      };
      const record = await this.db
        .collection(collection)
        .findOneAndUpdate(
          filter,
          { $set: { '_refresh.lease': lease, '_refresh.lease_until': leaseUntil } },
          { sort: { '_refresh.since': 1 }, returnDocument: 'after', projection: { school: 1, _refresh: 1 } },
        );
      if (!record) continue;
      const wanted = record._refresh?.wanted;
      return {
        collection,
        id: record._id as ObjectId,
        school: record.school as ObjectId,
        wanted: typeof wanted === 'number' ? wanted : 0,
        lease,
      };
    }
    return undefined;
  }

  /** Extends the claim while this worker holds it; false when another took it over. */
  async renew(job: RefreshJob, leaseUntil: Date): Promise<boolean> {
    const result = await this.db
      .collection(job.collection)
      .updateOne(
        { _id: job.id, '_refresh.lease': job.lease },
        { $set: { '_refresh.lease_until': leaseUntil } },
      );
    return result.matchedCount === 1;
  }

  /**
   * The dependents are refreshed: the marker goes, unless the record was renamed again since the
   * claim (then the claim is released and the job runs again with the new names).
   */
  async finish(job: RefreshJob): Promise<'done' | 'renamed-again' | 'lease-lost'> {
    const target = this.db.collection(job.collection);
    const done = await target.updateOne(
      { _id: job.id, '_refresh.lease': job.lease, '_refresh.wanted': job.wanted },
      { $unset: { _refresh: '' } },
    );
    if (done.matchedCount === 1) return 'done';
    return (await this.release(job, null)) ? 'renamed-again' : 'lease-lost';
  }

  /** Gives the claim up: the job is free again at `availableAt` (at once for `null`). */
  async release(job: RefreshJob, availableAt: Date | null): Promise<boolean> {
    const result = await this.db
      .collection(job.collection)
      .updateOne(
        { _id: job.id, '_refresh.lease': job.lease },
        { $set: { '_refresh.lease': null, '_refresh.lease_until': availableAt } },
      );
    return result.matchedCount === 1;
  }

  /** Renames whose dependents are not refreshed yet (for `/health`-like reports and tests). */
  async pending(): Promise<number> {
    let count = 0;
    for (const name of RENAMED_COLLECTIONS)
      count += await this.db.collection(name).countDocuments(REFRESH_QUEUE_INDEX.marked);
    return count;
  }
}

function sameValue(a: unknown, b: unknown): boolean {
  return a instanceof ObjectId && b instanceof ObjectId ? a.equals(b) : a === b;
}
