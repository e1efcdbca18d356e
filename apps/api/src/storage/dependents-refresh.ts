import { randomUUID } from 'node:crypto';
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import type { ObjectId } from 'bson';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Document } from 'mongodb';
import { collectionsByName } from '../collections/index.js';
import { BackgroundLoop } from './background-loop.js';
import { type RefreshJob, RefreshJobs } from './refresh-jobs.js';
import { searchFields } from './search-text.js';

/** Students rewritten per batch; the refresher yields to requests between batches. */
const REFRESH_BATCH_SIZE = 200;
/** Conditional writes of one student before the job is put off (others keep changing it). */
const MAX_STUDENT_ATTEMPTS = 5;

export interface RefresherOptions {
  readonly db: Db;
  readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** @default REFRESH_BATCH_SIZE */
  readonly batchSize?: number;
  /** How long a claim on a job lasts; renewed after every batch. @default 60000 */
  readonly leaseMs?: number;
  /** How often to look for jobs of other instances, and how long a put-off job waits. @default 1000 */
  readonly pollIntervalMs?: number;
  /** @default () => new Date() */
  readonly now?: () => Date;
  /** Called after each batch is written, before the lease is renewed (tests: a crash, a racing write). */
  readonly afterBatch?: (job: RefreshJob, batch: number) => void | Promise<void>;
}

/** How one job ended. */
export type RefreshOutcome = 'done' | 'renamed-again' | 'lease-lost' | 'put-off';

/**
 * Rewrites the search text of a renamed grade's or section's students in the background, so that a
 * rename answers as soon as it is stored and its students' text is current shortly after (the
 * delay is documented in apps/api/README.md, "Search text after a rename"). The work is the marker
 * the rename left (refresh-jobs.ts), claimed with a lease, so any instance on the database can do
 * it and one that dies leaves it to another once the lease runs out. Students are read in `_id`
 * order in bounded batches; each write is conditional on the student's `_rev` and bumps it, so a
 * student update that read the old names fails its compare-and-set and reads them again, and a
 * student changed meanwhile is read again here.
 */
export class DependentsRefresher {
  readonly id = `refresher-${randomUUID().slice(0, 8)}`;
  readonly jobs: RefreshJobs;
  readonly #options: RefresherOptions;
  readonly #loop: BackgroundLoop;
  readonly #now: () => Date;

  constructor(options: RefresherOptions) {
    this.#options = options;
    this.#now = options.now ?? (() => new Date());
    this.jobs = new RefreshJobs(options.db);
    this.#loop = new BackgroundLoop(
      async () => (await this.runOnce()) !== undefined,
      this.#pollMs,
      (error) => options.log.error({ err: error }, 'search text refresh failed'),
    );
  }

  get #pollMs(): number {
    return this.#options.pollIntervalMs ?? 1000;
  }

  get #leaseMs(): number {
    return this.#options.leaseMs ?? 60_000;
  }

  start(): void {
    this.#loop.start();
  }

  /** Stops after the batch in flight (a job cut short keeps its marker and runs again). */
  stop(): Promise<void> {
    return this.#loop.stop();
  }

  /** A rename was stored here: look for its job now instead of at the next poll. */
  nudge(): void {
    this.#loop.nudge();
  }

  /** Claims one job and refreshes its students; `undefined` when none was due. */
  async runOnce(): Promise<RefreshOutcome | undefined> {
    const job = await this.jobs.claim(`${this.id}:${randomUUID()}`, this.#now(), this.#leaseUntil());
    if (!job) return undefined;
    const outcome = await this.#refresh(job);
    if (outcome === 'put-off') {
      await this.jobs.release(job, new Date(this.#now().getTime() + this.#pollMs));
      this.#options.log.warn(
        { collection: job.collection, id: job.id.toHexString() },
        'search text refresh put off: its students keep changing',
      );
      return outcome;
    }
    return outcome === 'lease-lost' ? outcome : this.jobs.finish(job);
  }

  /** Runs jobs until none is due (tests and tools). Returns how many ran. */
  async runUntilIdle(): Promise<number> {
    let ran = 0;
    while ((await this.runOnce()) !== undefined) ran++;
    return ran;
  }

  #leaseUntil(): Date {
    return new Date(this.#now().getTime() + this.#leaseMs);
  }

  async #refresh(job: RefreshJob): Promise<'done' | 'lease-lost' | 'put-off'> {
    const { db } = this.#options;
    const groups = await groupsOf(db, job);
    const batchSize = this.#options.batchSize ?? REFRESH_BATCH_SIZE;
    let putOff = false;
    let after: ObjectId | undefined;
    for (let batch = 1; groups.length > 0; batch++) {
      const students = await db
        .collection('students')
        .find({
          'years.group': { $in: groups },
          school: job.school,
          ...(after ? { _id: { $gt: after } } : {}),
        })
        .sort({ _id: 1 })
        .limit(batchSize)
        .toArray();
      if (!(await refreshBatch(db, students, job.school))) putOff = true;
      await this.#options.afterBatch?.(job, batch);
      if (!(await this.jobs.renew(job, this.#leaseUntil()))) return 'lease-lost';
      if (students.length < batchSize) break;
      after = students.at(-1)?._id as ObjectId;
      await yieldToRequests();
    }
    return putOff ? 'put-off' : 'done';
  }
}

/** The grades whose students hold the renamed record's name, in its school. */
async function groupsOf(db: Db, job: RefreshJob): Promise<ObjectId[]> {
  if (job.collection === 'grades') return [job.id];
  const grades = await db
    .collection('grades')
    .find({ section: job.id, school: job.school }, { projection: { _id: 1 } })
    .toArray();
  return grades.map((grade) => grade._id as ObjectId);
}

/**
 * Writes a batch of students' search text in one `bulkWrite`, each write conditional on the `_rev`
 * its text was computed from and bumping it. A student whose write did not match (changed
 * meanwhile) is refreshed again on its own; false when one of those lost every race.
 */
async function refreshBatch(db: Db, batch: readonly Document[], school: ObjectId): Promise<boolean> {
  const students = collectionsByName.get('students')!;
  const stale: Array<{ student: Document; search: Document }> = [];
  for (const student of batch) {
    const search = await searchFields(db, students, student);
    if (!isCurrent(student, search)) stale.push({ student, search });
  }
  if (stale.length === 0) return true;
  const { matchedCount } = await db.collection('students').bulkWrite(
    stale.map(({ student, search }) => ({
      updateOne: { filter: revFilter(student, school), update: { $set: search, $inc: { _rev: 1 } } },
    })),
    { ordered: false },
  );
  if (matchedCount === stale.length) return true;
  let all = true;
  for (const { student } of stale) {
    const current = await db.collection('students').findOne({ _id: student._id, school });
    // Written by the batch: its `_rev` is one past the one read (or later, and then current anyway
    // once the next write computes its text from today's names).
    if (!current || current._rev === (student._rev ?? 0) + 1) continue;
    if (!(await refreshStudent(db, current, school))) all = false;
  }
  return all;
}

/** The student's search fields already hold `search`. */
function isCurrent(student: Document, search: Document): boolean {
  return Object.entries(search).every(([field, value]) => isDeepStrictEqual(student[field], value));
}

/**
 * The student as read: `school` names the shard on a cluster sharded by it (docs/scaling.md);
 * `_rev: null` matches a record written before `_rev` existed, and `$inc` starts it.
 */
function revFilter(student: Document, school: ObjectId): Document {
  return { _id: student._id, school, _rev: student._rev ?? null };
}

/**
 * Writes one student's search text as the names read now, conditional on the `_rev` it was computed
 * from, and bumps `_rev`. A student changed meanwhile is read again; false after
 * `MAX_STUDENT_ATTEMPTS` lost races.
 */
async function refreshStudent(db: Db, first: Document, school: ObjectId): Promise<boolean> {
  const students = collectionsByName.get('students')!;
  let student: Document | null = first;
  for (let attempt = 1; attempt <= MAX_STUDENT_ATTEMPTS; attempt++) {
    if (!student) return true;
    const search = await searchFields(db, students, student);
    if (isCurrent(student, search)) return true;
    const written = await db
      .collection('students')
      .updateOne(revFilter(student, school), { $set: search, $inc: { _rev: 1 } });
    if (written.matchedCount === 1) return true;
    student = await db.collection('students').findOne({ _id: student._id, school });
  }
  return false;
}
