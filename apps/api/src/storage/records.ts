import { type QueryPlan, type QueryResponse, runQuery } from '@school/query-dsl';
import { ObjectId } from 'bson';
import type { Db, Document, UpdateFilter } from 'mongodb';
import { type Caller, callerSeesSchool, scopeFilter, withinScope } from '../auth/caller.js';
import { collectionsByName, dsl, type HostCollection } from '../collections/index.js';
import { OBJECT_ID_TEXT } from '../config/patterns.js';
import { HttpError, httpError, queryError } from '../errors/http-error.js';
import { applyUpdate, createdRecord, toStored, toUpdate } from './convert.js';
import type { RecordCounts } from './record-counts.js';
import { missingReferences, referencesKeepingInSchool } from './references.js';
import { changesDependents, withRefreshMarker } from './refresh-jobs.js';
import { missingRequired } from './required-fields.js';
import { searchFields } from './search-text.js';

const MAX_UPDATE_ATTEMPTS = 5;

/**
 * What another feature keeps on a record beside its fields, written in the same single-document
 * write as the record's own change: the sync state (`_sync`, sync/record-hook.ts). The store calls
 * it on every create and update and knows nothing of what it adds.
 */
export interface WriteHook {
  /** Fields a new record of `collection` is stored with, beside its own (`{}` for none). */
  created(collection: string, now: Date): Readonly<Record<string, unknown>>;
  /** The update of a record of `collection`, with the hook's part added (a new update document). */
  updated(collection: string, write: UpdateFilter<Document>, now: Date): UpdateFilter<Document>;
  /** The create or update of record `id` is stored. */
  stored(collection: string, id: ObjectId): void;
}

/** What every read of the store is held to: the database's time limit, and the cost budget's count. */
export interface ReadLimits {
  /** `maxTimeMS` of each database operation of a read (`QUERY_TIME_LIMIT_MS`). */
  readonly maxTimeMS: number;
  /** The records a list may examine, per collection and school. */
  readonly counts: RecordCounts;
}

/**
 * The collection routes' reads and writes (and the demo data's creates), scoped to the caller's
 * schools: queries go through the query DSL; a create or update keeps search text and the write
 * hook's fields in the same single-document write as the change. It is the only writer of a
 * record's own fields in the service. Others touch records for one job each: the sync (`sync/`)
 * reads them to build payloads and writes their `_sync` after the record's own write;
 * `rebuildSearchFields` (search-rebuild.ts) writes search fields again; the dependents refresher
 * (dependents-refresh.ts) writes students' search fields after a rename, and the rename's marker;
 * the benchmarks insert their data directly.
 */
export class RecordStore {
  constructor(
    readonly db: Db,
    readonly hook: WriteHook,
    readonly reads: ReadLimits,
    /** A rename that makes students' search text stale is stored (with its marker): refresh soon. */
    readonly renamed: () => void = () => {},
  ) {}

  collection(name: string): HostCollection {
    const collection = collectionsByName.get(name);
    if (!collection) throw httpError('NOT_FOUND', `There is no collection "${name}".`, 'collection');
    return collection;
  }

  /** `GET /api/<collection>`: every query convention, inside the caller's schools. */
  async list(name: string, query: string, caller: Caller): Promise<QueryResponse> {
    // The records the filter may examine, for the cost budget (kept counts: see record-counts.ts).
    const recordCount = await this.reads.counts.inScope(this.collection(name), caller);
    return runQuery(this.db, this.#plan(name, query, caller, recordCount), this.#timeLimit);
  }

  /** `GET /api/<collection>/:id`: `select` and `populate` apply; 404 outside the caller's schools. */
  async get(name: string, id: string, query: string, caller: Caller): Promise<Document> {
    const _id = parseId(id);
    const plan = this.#plan(name, query, caller);
    // The plan's own base filter narrowed to the record: the collections it populates keep theirs.
    const byId = { ...plan, baseFilter: withinScope(caller, plan.collection, { _id }) };
    const response = await runQuery(this.db, byId, this.#timeLimit);
    const record = Array.isArray(response) ? response[0] : response.results[0];
    if (!record) throw notFound(name, id);
    return record;
  }

  /** `POST /api/<collection>`: the body was validated against the create schema. */
  async create(name: string, body: Record<string, unknown>, caller: Caller): Promise<Document> {
    const collection = this.collection(name);
    const stored = toStored(collection.definition.fields, body) as Record<string, unknown>;
    if (collection.scoped) stored.school = schoolForCreate(stored.school, caller);
    else if (caller.schools !== '*') throw forbidden(`A token limited to some schools can't create ${name}.`);
    await this.#checkReferences(collection, stored, undefined);
    const now = new Date();
    const _id = new ObjectId();
    const record = { _id, ...createdRecord(collection, stored, now) };
    Object.assign(record, await searchFields(this.db, collection, record), this.hook.created(name, now));
    await this.db.collection(name).insertOne(record);
    this.hook.stored(name, _id);
    return this.get(name, _id.toHexString(), '', caller);
  }

  /** `PUT /api/<collection>/:id`: set the body's fields, merge objects, replace arrays, `null` clears. */
  async update(name: string, id: string, body: Record<string, unknown>, caller: Caller): Promise<Document> {
    const collection = this.collection(name);
    const _id = parseId(id);
    const update = toUpdate(collection.definition.fields, body);
    if (collection.scoped && 'school' in update.$set && !callerSeesSchool(caller, update.$set.school)) {
      throw forbidden('The body names a school outside your token’s schools.');
    }
    let marked = false;
    for (let attempt = 1; ; attempt++) {
      const current = await this.db
        .collection(name)
        .findOne(withinScope(caller, collection.definition, { _id }));
      if (!current) throw notFound(name, id);
      const next = applyUpdate(current, update);
      const missing = missingRequired(collection.createSchema, next);
      if (missing.length > 0) throw new HttpError(missing);
      if (collection.scoped && !sameId(next.school, current.school)) {
        const kept = await referencesKeepingInSchool(this.db, collection, _id, current.school as ObjectId);
        if (kept) throw new HttpError([kept]);
      }
      // Moving a record to another school re-checks every reference: they must all be of the new school.
      await this.#checkReferences(
        collection,
        next,
        'school' in body ? undefined : new Set(Object.keys(body)),
      );
      const now = new Date();
      const search = await searchFields(this.db, collection, next);
      const $set: Record<string, unknown> = { ...update.$set, ...search, updated_at: now };
      const $unset = { ...update.$unset };
      for (const path of Object.keys($set)) delete $unset[path];
      let write: UpdateFilter<Document> = { $set, $inc: { _rev: 1 } };
      if (Object.keys($unset).length > 0) write.$unset = $unset;
      // The students' text is rewritten in the background (dependents-refresh.ts), from the marker
      // written here with the rename, so the request costs the same however many students there are.
      const stale = changesDependents(name, current, next);
      if (stale) write = withRefreshMarker(write, now);
      const change = this.hook.updated(name, write, now);
      // The current school names the shard on a cluster sharded by `school` (docs/scaling.md): the
      // write is routed to one shard, and a move to another school is a shard key change, which
      // MongoDB accepts only with the full shard key as an equality in the filter.
      const unchanged = collection.scoped
        ? { _id, _rev: current._rev, school: current.school }
        : { _id, _rev: current._rev };
      const result = await this.db
        .collection(name)
        .updateOne(withinScope(caller, collection.definition, unchanged), change);
      if (result.matchedCount === 1) {
        marked = stale;
        break;
      }
      // Another write got in between: read again and recompute, so search text never goes stale.
      if (attempt >= MAX_UPDATE_ATTEMPTS)
        throw httpError('CONFLICT', `${name} ${id} is being changed by others; try again.`, 'id');
    }
    if (marked) this.renamed();
    this.hook.stored(name, _id);
    return this.get(name, id, '', caller);
  }

  /** Creates the indexes the queries and constraints need (idempotent). */
  async ensureIndexes(): Promise<void> {
    for (const collection of collectionsByName.values()) {
      const target = this.db.collection(collection.name);
      for (const unique of collection.unique) {
        await target.createIndex(unique.keys, {
          name: unique.name,
          unique: true,
          partialFilterExpression: { [unique.field]: { $type: 'string' } },
        });
      }
      for (const index of collection.indexes) await target.createIndex(index.keys);
    }
  }

  get #timeLimit() {
    return { maxTimeMS: this.reads.maxTimeMS };
  }

  #plan(name: string, query: string, caller: Caller, recordCount?: number): QueryPlan {
    this.collection(name);
    const result = dsl.parse(name, query, {
      baseFilter: (definition) => scopeFilter(caller, definition),
      recordCount,
    });
    if (!result.ok) throw queryError(result.issues);
    return result.plan;
  }

  async #checkReferences(
    collection: HostCollection,
    record: Record<string, unknown>,
    paths: ReadonlySet<string> | undefined,
  ) {
    if (collection.scoped) {
      const school = await this.db
        .collection('schools')
        .findOne({ _id: record.school as ObjectId }, { projection: { _id: 1 } });
      if (!school)
        throw new HttpError([
          { code: 'VALIDATION_FAILED', param: 'school', message: 'school is not an existing school.' },
        ]);
    }
    const missing = await missingReferences(this.db, collection, record, paths);
    if (missing.length > 0) throw new HttpError(missing);
  }
}

export function parseId(id: string): ObjectId {
  if (!OBJECT_ID_TEXT.test(id))
    throw httpError(
      'NOT_FOUND',
      `"${id.slice(0, 40)}" is not a record id (24 hexadecimal characters).`,
      'id',
    );
  return ObjectId.createFromHexString(id);
}

function schoolForCreate(school: unknown, caller: Caller): ObjectId {
  if (school instanceof ObjectId) {
    if (!callerSeesSchool(caller, school))
      throw forbidden('The body names a school outside your token’s schools.');
    return school;
  }
  if (caller.schools !== '*' && caller.schools.length === 1) return caller.schools[0]!;
  throw new HttpError([
    {
      code: 'VALIDATION_FAILED',
      param: 'school',
      message: 'school is required (your token is not limited to exactly one school).',
    },
  ]);
}

function sameId(a: unknown, b: unknown): boolean {
  return a instanceof ObjectId && b instanceof ObjectId ? a.equals(b) : a === b;
}

function notFound(name: string, id: string): HttpError {
  return httpError('NOT_FOUND', `No ${name} record ${id} in your schools.`, 'id');
}

function forbidden(message: string): HttpError {
  return httpError('FORBIDDEN', message, 'school');
}
