import { isDeepStrictEqual } from 'node:util';
import { type FieldFilter, type QueryPlan, type QueryResponse, runQuery } from '@school/query-dsl';
import { ObjectId } from 'bson';
import type { Db, Document } from 'mongodb';
import { type Caller, callerSeesSchool, scopeFilter, withinScope } from '../auth/caller.js';
import { collectionsByName, dsl, type HostCollection } from '../collections/index.js';
import { HttpError, httpError, queryError } from '../errors/http-error.js';
import { applyUpdate, toStored, toUpdate } from './convert.js';
import { missingReferences, referencesKeepingInSchool } from './references.js';
import { missingRequired } from './required-fields.js';
import { searchFields } from './search-text.js';
import { initialSyncState, withChange } from './sync-state.js';

const HEX_ID = /^[0-9a-fA-F]{24}$/u;
const MAX_UPDATE_ATTEMPTS = 5;

/** What `rebuildSearchFields` did in one collection. */
export interface SearchRebuild {
  readonly collection: string;
  readonly read: number;
  readonly rewritten: number;
}

/** Called after a write that the sync worker should look at. */
export type WriteListener = (collection: HostCollection, id: ObjectId) => void;

/**
 * The only code that reads and writes records. Every operation is scoped to the caller's schools;
 * queries go through the query DSL; writes keep search text and sync state in the same
 * single-document write as the change.
 */
export class RecordStore {
  readonly #listeners = new Set<WriteListener>();

  constructor(readonly db: Db) {}

  onWrite(listener: WriteListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  collection(name: string): HostCollection {
    const collection = collectionsByName.get(name);
    if (!collection) throw httpError('NOT_FOUND', `There is no collection "${name}".`, 'collection');
    return collection;
  }

  /** `GET /api/<collection>`: every query convention, inside the caller's schools. */
  async list(name: string, query: string, caller: Caller): Promise<QueryResponse> {
    const plan = this.#plan(name, query, caller);
    return runQuery(this.db, plan);
  }

  /** `GET /api/<collection>/:id`: `select` and `populate` apply; 404 outside the caller's schools. */
  async get(name: string, id: string, query: string, caller: Caller): Promise<Document> {
    const objectId = parseId(id);
    const plan = this.#plan(name, query, caller);
    const byId: FieldFilter = { kind: 'field', path: '_id', conditions: [{ op: '$eq', value: objectId }] };
    const response = await runQuery(this.db, {
      ...plan,
      filters: [...plan.filters, byId],
      page: { page: 1, perPage: 1, skip: 0 },
      totals: false,
    });
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
    const record: Record<string, unknown> = {
      _id,
      ...stored,
      ...(collection.person ? { user: { _id: new ObjectId(), ...(stored.user as object) } } : {}),
      active: stored.active ?? true,
      created_at: now,
      updated_at: now,
      _rev: 1,
    };
    Object.assign(record, await searchFields(this.db, collection, record));
    if (collection.synced) record._sync = initialSyncState(now);
    await this.db.collection(name).insertOne(record);
    this.#emit(collection, _id);
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
    let school: unknown;
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
      const $set: Record<string, unknown> = { ...update.$set, ...flattenSearch(search), updated_at: now };
      const $unset = { ...update.$unset };
      for (const path of Object.keys($set)) delete $unset[path];
      const write: Record<string, unknown> = { $set, $inc: { _rev: 1 } };
      if (Object.keys($unset).length > 0) write.$unset = $unset;
      const change = collection.synced ? withChange(write, now) : write;
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
        school = next.school;
        break;
      }
      // Another write got in between: read again and recompute, so search text never goes stale.
      if (attempt >= MAX_UPDATE_ATTEMPTS)
        throw httpError('CONFLICT', `${name} ${id} is being changed by others; try again.`, 'id');
    }
    if (school instanceof ObjectId) await this.#refreshDependents(collection, _id, body, school);
    this.#emit(collection, _id);
    return this.get(name, id, '', caller);
  }

  /**
   * Writes every searchable record's search fields again, as this version computes them: after an
   * upgrade that changes how text is folded or tokenised, records written before it would otherwise
   * not be found by the words that should find them. Only the search fields change (no sync state,
   * no timestamps), and a record whose fields are already current is not written. Records are read
   * one at a time from a cursor, so memory stays flat however many there are.
   */
  async rebuildSearchFields(): Promise<SearchRebuild[]> {
    const done: SearchRebuild[] = [];
    for (const collection of collectionsByName.values()) {
      if (!collection.definition.search) continue;
      const target = this.db.collection(collection.name);
      let read = 0;
      let rewritten = 0;
      for await (const record of target.find({})) {
        read++;
        const search = await searchFields(this.db, collection, record);
        if (Object.entries(search).every(([field, value]) => isDeepStrictEqual(record[field], value)))
          continue;
        await target.updateOne({ _id: record._id }, { $set: search });
        rewritten++;
      }
      done.push({ collection: collection.name, read, rewritten });
    }
    return done;
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
      if (collection.synced) await target.createIndex({ '_sync.state': 1, '_sync.due_at': 1 });
    }
  }

  #plan(name: string, query: string, caller: Caller): QueryPlan {
    this.collection(name);
    const result = dsl.parse(name, query, { baseFilter: (definition) => scopeFilter(caller, definition) });
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

  /** A grade's or section's name is part of its students' search text: keep it current. */
  async #refreshDependents(
    collection: HostCollection,
    id: ObjectId,
    body: Record<string, unknown>,
    school: ObjectId,
  ): Promise<void> {
    // Dependents are looked for in the changed record's school only: no write reaches another school.
    let groupIds: ObjectId[] = [];
    if (collection.name === 'grades' && ('name' in body || 'section' in body)) groupIds = [id];
    if (collection.name === 'sections' && 'name' in body) {
      const grades = await this.db
        .collection('grades')
        .find({ section: id, school }, { projection: { _id: 1 } })
        .toArray();
      groupIds = grades.map((grade) => grade._id as ObjectId);
    }
    if (groupIds.length === 0) return;
    const students = collectionsByName.get('students')!;
    const affected = await this.db
      .collection('students')
      .find({ 'years.group': { $in: groupIds }, school })
      .toArray();
    for (const student of affected) {
      const search = await searchFields(this.db, students, student);
      await this.db.collection('students').updateOne({ _id: student._id }, { $set: flattenSearch(search) });
    }
  }

  #emit(collection: HostCollection, id: ObjectId): void {
    for (const listener of this.#listeners) listener(collection, id);
  }
}

export function parseId(id: string): ObjectId {
  if (!HEX_ID.test(id))
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

/** `relational_data` is written field by field so an update doesn't replace it wholesale by accident. */
function flattenSearch(search: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(search)) {
    if (key === 'relational_data' && value && typeof value === 'object') {
      out.relational_data = value;
    } else out[key] = value;
  }
  return out;
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
