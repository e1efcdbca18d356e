/**
 * `MemoryCollection`: the subset of the driver's `Collection` this project uses, same call and
 * result shapes. Every operation runs whole and synchronously inside its async function, so
 * concurrent callers interleave only between operations. Documents are copied in and out.
 */
import { ObjectId } from 'bson';
import type {
  AggregateOptions,
  BSONSerializeOptions,
  Collection,
  CountDocumentsOptions,
  Db,
  DeleteResult,
  Document as DriverDocument,
  UpdateResult as DriverUpdateResult,
  Filter,
  FindOneAndDeleteOptions,
  FindOneAndReplaceOptions,
  FindOneAndUpdateOptions,
  Hint,
  IndexDescription,
  IndexDescriptionCompact,
  IndexDescriptionInfo,
  IndexInformationOptions,
  IndexSpecification,
  InferIdType,
  InsertManyResult,
  InsertOneResult,
  ListIndexesOptions,
  ModifyResult,
  OptionalUnlessRequiredId,
  ReadConcern,
  ReadPreference,
  UpdateFilter,
  WithId,
  WithoutId,
  WriteConcern,
} from 'mongodb';
import { canonicalKey, isDocument, sameValue } from './bson-order.js';
import { cloneValue } from './clone.js';
import { type FindSpec, MemoryAggregationCursor, MemoryFindCursor } from './cursor.js';
import {
  type Document,
  MemoryEngineUnsupportedError,
  MemoryInvalidArgumentError,
  MemoryServerError,
  serverError,
  unsupportedMember,
} from './errors.js';
import { compileFilter } from './match.js';
import { MISSING, pathValues } from './paths.js';
import { type PipelineHost, runPipeline } from './pipeline.js';
import { applyProjection, parseProjection } from './projection.js';
import { normalizeSort, sortDocuments } from './sort.js';
import type { CollectionStore, IdEntry } from './store.js';
import { type IndexOptions, makeIndex, normalizeKeys } from './unique-index.js';
import { applyOperators, applyPipelineUpdate, checkReplacement, checkUpdate, type Update } from './update.js';
import { upsertSeed } from './upsert-seed.js';

/** What a collection needs from its database. */
export interface CollectionHost extends PipelineHost, Db {
  store(name: string, create: boolean): CollectionStore | undefined;
  /** Removes the collection's store; true when there was one. */
  forget(name: string): boolean;
}

export interface FindOptions {
  projection?: Document;
  sort?: unknown;
  skip?: number;
  limit?: number;
}

export interface UpdateOptions {
  upsert?: boolean;
}

export interface FindOneAndOptions {
  returnDocument?: 'before' | 'after';
  sort?: unknown;
  upsert?: boolean;
  projection?: Document;
  includeResultMetadata?: boolean;
}

export interface UpdateResult {
  acknowledged: boolean;
  matchedCount: number;
  modifiedCount: number;
  upsertedCount: number;
  upsertedId: unknown;
}

/** The driver's `MongoBulkWriteError` (a `MongoServerError`) thrown by `insertMany`. */
export class MemoryBulkWriteError extends MemoryServerError {
  override get name(): string {
    return 'MongoBulkWriteError';
  }
  readonly writeErrors: Array<{ index: number; code: number; errmsg: string }>;
  readonly insertedIds: Record<number, unknown>;
  readonly insertedCount: number;

  constructor(
    first: MemoryServerError,
    writeErrors: Array<{ index: number; code: number; errmsg: string }>,
    insertedIds: Record<number, unknown>,
  ) {
    super(first.code, first.codeName, first.message);
    if (first.keyPattern) this.keyPattern = first.keyPattern;
    if (first.keyValue) this.keyValue = first.keyValue;
    this.writeErrors = writeErrors;
    this.insertedIds = insertedIds;
    this.insertedCount = Object.keys(insertedIds).length;
  }
}

const UNSUPPORTED_OPTIONS = ['collation', 'arrayFilters', 'hint', 'let'];

function rejectUnsupported(options: object | undefined, operation: string): void {
  if (!options) return;
  for (const name of UNSUPPORTED_OPTIONS) {
    if ((options as Document)[name] !== undefined)
      throw new MemoryEngineUnsupportedError(`The ${operation} option '${name}'`);
  }
}

function integerOption(value: unknown, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value))
    throw serverError(2, `${name} must be an integer`);
  return value;
}

/** The driver's arguments, read as the plain documents they are. */
const plain = (value: object | undefined | null): Document => (value ?? {}) as Document;

export class MemoryCollection<TSchema extends DriverDocument = DriverDocument>
  implements Collection<TSchema>
{
  readonly #host: CollectionHost;
  readonly #name: string;

  constructor(host: CollectionHost, name: string) {
    if (typeof name !== 'string' || name === '' || name.includes('$') || name.includes('\0')) {
      throw serverError(73, `Invalid collection name: ${String(name)}`);
    }
    this.#host = host;
    this.#name = name;
  }

  get db(): Db {
    return this.#host;
  }

  get collectionName(): string {
    return this.#name;
  }

  get dbName(): string {
    return this.#host.databaseName;
  }

  get namespace(): string {
    return `${this.#host.databaseName}.${this.collectionName}`;
  }

  #read(): readonly Document[] {
    return this.#host.store(this.collectionName, false)?.docs ?? [];
  }

  #write(): CollectionStore {
    return this.#host.store(this.collectionName, true)!;
  }

  /** Matching documents with their positions, in natural order. */
  #matching(filter: unknown): Array<{ doc: Document; position: number }> {
    const test = compileFilter(cloneValue(filter ?? {}));
    const docs = this.#read();
    const byId = this.#byId(filter);
    if (byId !== undefined) {
      // `_id` is unique: at most the one document, found through the id map instead of a scan.
      return byId !== null && test(byId) ? [{ doc: byId, position: docs.indexOf(byId) }] : [];
    }
    const out: Array<{ doc: Document; position: number }> = [];
    docs.forEach((doc, position) => {
      if (test(doc)) out.push({ doc, position });
    });
    return out;
  }

  /** The matching stored documents (not copied), in natural order. */
  #matchingDocs(filter: unknown): Document[] {
    const test = compileFilter(cloneValue(filter ?? {}));
    const byId = this.#byId(filter);
    if (byId !== undefined) return byId !== null && test(byId) ? [byId] : [];
    const candidates = this.#byIdList(filter);
    if (candidates !== undefined) return candidates.filter((doc) => test(doc));
    return this.#read().filter((doc) => test(doc));
  }

  /**
   * For a filter whose `_id` is `{ $in: [plain ids] }` (a lookup of several records): the stored
   * documents with those ids, in natural order; `undefined` when the filter is not of that form.
   */
  #byIdList(filter: unknown): Document[] | undefined {
    if (filter === null || typeof filter !== 'object' || !Object.hasOwn(filter, '_id')) return undefined;
    const condition = (filter as { _id: unknown })._id;
    if (condition === null || typeof condition !== 'object' || Object.keys(condition).length !== 1)
      return undefined;
    const ids = (condition as { $in?: unknown }).$in;
    if (!Array.isArray(ids) || !ids.every(isPlainId)) return undefined;
    const store = this.#host.store(this.collectionName, false);
    if (!store) return [];
    const entries = new Map<string, IdEntry>();
    for (const id of ids) {
      const key = canonicalKey(id);
      const entry = store.byId(key);
      if (entry) entries.set(key, entry);
    }
    return [...entries.values()].sort((a, b) => a.rank - b.rank).map((entry) => entry.doc);
  }

  /**
   * For a filter that names `_id` by plain equality (`{ _id: <ObjectId|string|number>, ... }`):
   * the stored document with that `_id`, or `null`; `undefined` when the filter is not of that form.
   */
  #byId(filter: unknown): Document | null | undefined {
    if (filter === null || typeof filter !== 'object' || !Object.hasOwn(filter, '_id')) return undefined;
    const id = (filter as { _id: unknown })._id;
    if (!isPlainId(id)) return undefined;
    return this.#host.store(this.collectionName, false)?.byId(canonicalKey(id))?.doc ?? null;
  }

  #runFind(spec: FindSpec): Document[] {
    const projection =
      spec.projection && Object.keys(spec.projection).length > 0
        ? parseProjection(spec.projection, 'find')
        : undefined;
    const sort = spec.sort === undefined ? [] : normalizeSort(spec.sort);
    const skip = integerOption(spec.skip, 'skip') ?? 0;
    if (skip < 0) throw serverError(51024, `BSON field 'skip' value must be >= 0, actual value '${skip}'`);
    const limit = Math.abs(integerOption(spec.limit, 'limit') ?? 0);
    // Only the first skip + limit of the order are kept while sorting (top-k), and only the
    // returned documents are copied.
    const end = limit > 0 ? skip + limit : undefined;
    const docs = sortDocuments(this.#matchingDocs(spec.filter), sort, end).slice(skip, end);
    return docs.map((d) => (projection ? applyProjection(d, projection, undefined, true) : cloneValue(d)));
  }

  find(): MemoryFindCursor<WithId<TSchema>>;
  find(filter: Filter<TSchema>, options?: FindOptions): MemoryFindCursor<WithId<TSchema>>;
  find<T extends DriverDocument>(filter: Filter<TSchema>, options?: FindOptions): MemoryFindCursor<T>;
  find(filter?: Filter<TSchema>, options: FindOptions = {}): MemoryFindCursor<DriverDocument> {
    rejectUnsupported(options, 'find');
    const spec: FindSpec = { filter: plain(filter) };
    if (options.sort !== undefined) spec.sort = options.sort;
    if (options.skip !== undefined) spec.skip = options.skip;
    if (options.limit !== undefined) spec.limit = options.limit;
    if (options.projection !== undefined) spec.projection = options.projection;
    return new MemoryFindCursor<DriverDocument>(this.namespace, spec, (s) => this.#runFind(s));
  }

  findOne(): Promise<WithId<TSchema> | null>;
  findOne(filter: Filter<TSchema>): Promise<WithId<TSchema> | null>;
  findOne(filter: Filter<TSchema>, options: FindOptions): Promise<WithId<TSchema> | null>;
  findOne<T = TSchema>(): Promise<T | null>;
  findOne<T = TSchema>(filter: Filter<TSchema>): Promise<T | null>;
  findOne<T = TSchema>(filter: Filter<TSchema>, options?: FindOptions): Promise<T | null>;
  async findOne(filter?: Filter<TSchema>, options: FindOptions = {}): Promise<unknown> {
    rejectUnsupported(options, 'findOne');
    const spec: FindSpec = { filter: plain(filter), limit: 1 };
    if (options.sort !== undefined) spec.sort = options.sort;
    if (options.skip !== undefined) spec.skip = options.skip;
    if (options.projection !== undefined) spec.projection = options.projection;
    return this.#runFind(spec)[0] ?? null;
  }

  aggregate<T extends DriverDocument = DriverDocument>(
    pipeline: DriverDocument[] = [],
    options: AggregateOptions = {},
  ): MemoryAggregationCursor<T> {
    rejectUnsupported(options, 'aggregate');
    return new MemoryAggregationCursor<T>(this.namespace, pipeline, (pipeline) => {
      if (!Array.isArray(pipeline)) throw serverError(14, "'pipeline' option must be specified as an array");
      const [first] = pipeline;
      let input: Document[];
      let rest: unknown[] = pipeline;
      // Stages never change their input documents, so the stored ones are read in place and
      // only the output is copied.
      if (isDocument(first) && Object.keys(first)[0] === '$match' && Object.keys(first).length === 1) {
        input = this.#matchingDocs(first.$match);
        rest = pipeline.slice(1);
      } else input = [...this.#read()];
      return runPipeline(input, rest, this.#host).map((d) => cloneValue(d));
    });
  }

  /**
   * The driver counts with `[{$match}, {$skip}?, {$limit}?, {$group: {_id: 1, n: {$sum: 1}}}]`, so
   * a skip or limit is judged as those stages are (`limit: 0` is refused, as MongoDB refuses
   * `$limit: 0`); without them the engine counts directly.
   */
  async countDocuments(filter?: Filter<TSchema>, options: CountDocumentsOptions = {}): Promise<number> {
    rejectUnsupported(options, 'countDocuments');
    if (typeof options.skip !== 'number' && typeof options.limit !== 'number')
      return this.#count(plain(filter));
    const pipeline: Document[] = [{ $match: plain(filter) }];
    if (typeof options.skip === 'number') pipeline.push({ $skip: options.skip });
    if (typeof options.limit === 'number') pipeline.push({ $limit: options.limit });
    pipeline.push({ $group: { _id: 1, n: { $sum: 1 } } });
    const [result] = await this.aggregate<{ n: number }>(pipeline).toArray();
    return result?.n ?? 0;
  }

  #count(filter: unknown): number {
    const test = compileFilter(cloneValue(filter ?? {}));
    let n = 0;
    for (const doc of this.#read()) if (test(doc)) n++;
    return n;
  }

  async estimatedDocumentCount(): Promise<number> {
    return this.#read().length;
  }

  // biome-ignore lint/suspicious/noExplicitAny: the driver's own return type for a key named by a string
  async distinct(key: string, filter?: Filter<TSchema>): Promise<any[]> {
    const seen = new Map<string, unknown>();
    for (const doc of this.#matchingDocs(plain(filter))) {
      for (const v of pathValues(doc, key)) {
        if (v === MISSING) continue;
        for (const e of Array.isArray(v) ? v : [v]) {
          const k = canonicalKey(e);
          if (!seen.has(k)) seen.set(k, cloneValue(e));
        }
      }
    }
    return [...seen.values()];
  }

  async insertOne(input: OptionalUnlessRequiredId<TSchema>): Promise<InsertOneResult<TSchema>> {
    const doc = plain(input);
    if (!isDocument(doc)) throw new MemoryInvalidArgumentError('Document must be an object');
    const stored = this.#write().insert(cloneValue(doc));
    if (doc._id === undefined) doc._id = stored._id;
    return { acknowledged: true, insertedId: stored._id as InferIdType<TSchema> };
  }

  async insertMany(
    docs: ReadonlyArray<OptionalUnlessRequiredId<TSchema>>,
    options: { ordered?: boolean } = {},
  ): Promise<InsertManyResult<TSchema>> {
    if (!Array.isArray(docs))
      throw new MemoryInvalidArgumentError('Argument "docs" must be an array of documents');
    const ordered = options.ordered !== false;
    const store = this.#write();
    const insertedIds: Record<number, InferIdType<TSchema>> = {};
    const errors: Array<{ index: number; error: MemoryServerError }> = [];
    for (let i = 0; i < docs.length; i++) {
      const doc = plain(docs[i]);
      if (!isDocument(doc)) throw new MemoryInvalidArgumentError('Document must be an object');
      if (doc._id === undefined) doc._id = new ObjectId();
      try {
        store.insert(cloneValue(doc));
        insertedIds[i] = doc._id as InferIdType<TSchema>;
      } catch (error) {
        if (!(error instanceof MemoryServerError)) throw error;
        errors.push({ index: i, error });
        if (ordered) break;
      }
    }
    if (errors.length > 0) {
      const writeErrors = errors.map(({ index, error }) => ({
        index,
        code: error.code,
        errmsg: error.message,
      }));
      throw new MemoryBulkWriteError(errors[0]!.error, writeErrors, insertedIds);
    }
    return { acknowledged: true, insertedCount: docs.length, insertedIds };
  }

  /** Apply an update (operators or pipeline) to a copy of a stored document. */
  #updated(doc: Document, update: Update, inserting: boolean): Document {
    if (Array.isArray(update)) return applyPipelineUpdate(cloneValue(doc), update, this.#host);
    const next = cloneValue(doc);
    applyOperators(next, update, inserting);
    return next;
  }

  /** Insert for an upsert: the filter's equalities, then the update; `_id` first. */
  #upsert(filter: Document, replacement: boolean, build: (seed: Document) => Document): Document {
    const seed = upsertSeed(filter, replacement);
    const built = build(seed);
    if (seed._id !== undefined && canonicalKey(built._id) !== canonicalKey(seed._id)) {
      throw serverError(66, "Performing an update on the path '_id' would modify the immutable field '_id'");
    }
    const withId = built._id === undefined ? { _id: new ObjectId(), ...built } : { _id: built._id, ...built };
    return this.#write().insert(withId);
  }

  #updateMatched(
    filter: Document,
    update: Update,
    options: UpdateOptions,
    many: boolean,
    sort?: unknown,
  ): UpdateResult {
    let matches = this.#matching(filter);
    if (sort !== undefined) {
      const byDoc = new Map(matches.map((m) => [m.doc, m.position]));
      matches = sortDocuments(
        matches.map((m) => m.doc),
        normalizeSort(sort),
        many ? undefined : 1,
      ).map((doc) => ({ doc, position: byDoc.get(doc)! }));
    }
    if (!many) matches = matches.slice(0, 1);
    if (matches.length === 0) {
      if (!options.upsert)
        return { acknowledged: true, matchedCount: 0, modifiedCount: 0, upsertedCount: 0, upsertedId: null };
      const stored = this.#upsert(filter, false, (seed) => this.#updated(seed, update, true));
      return {
        acknowledged: true,
        matchedCount: 0,
        modifiedCount: 0,
        upsertedCount: 1,
        upsertedId: stored._id,
      };
    }
    const store = this.#write();
    let modified = 0;
    for (const { doc, position } of matches) {
      const next = this.#updated(doc, update, false);
      if (sameValue(next, doc)) continue;
      store.replaceAt(position, next);
      modified++;
    }
    return {
      acknowledged: true,
      matchedCount: matches.length,
      modifiedCount: modified,
      upsertedCount: 0,
      upsertedId: null,
    };
  }

  #result(result: UpdateResult): DriverUpdateResult<TSchema> {
    return { ...result, upsertedId: result.upsertedId as InferIdType<TSchema> | null };
  }

  async updateOne(
    filter: Filter<TSchema>,
    update: UpdateFilter<TSchema> | DriverDocument[],
    options: UpdateOptions & { sort?: unknown } = {},
  ): Promise<DriverUpdateResult<TSchema>> {
    rejectUnsupported(options, 'updateOne');
    return this.#result(
      this.#updateMatched(plain(filter), checkUpdate(update), options, false, options.sort),
    );
  }

  async updateMany(
    filter: Filter<TSchema>,
    update: UpdateFilter<TSchema> | DriverDocument[],
    options: UpdateOptions = {},
  ): Promise<DriverUpdateResult<TSchema>> {
    rejectUnsupported(options, 'updateMany');
    return this.#result(this.#updateMatched(plain(filter), checkUpdate(update), options, true));
  }

  #replaced(doc: Document, replacement: Document): Document {
    const next = cloneValue(replacement);
    if (next._id !== undefined && canonicalKey(next._id) !== canonicalKey(doc._id)) {
      throw serverError(
        66,
        `After applying the update, the (immutable) field '_id' was found to have been altered to _id: ${JSON.stringify(next._id)}`,
      );
    }
    const { _id, ...rest } = next;
    return { _id: doc._id, ...rest };
  }

  async replaceOne(
    filterInput: Filter<TSchema>,
    replacement: WithoutId<TSchema>,
    options: UpdateOptions = {},
  ): Promise<DriverUpdateResult<TSchema>> {
    rejectUnsupported(options, 'replaceOne');
    const filter = plain(filterInput);
    const checked = checkReplacement(replacement);
    const [match] = this.#matching(filter);
    if (match === undefined) {
      if (!options.upsert)
        return { acknowledged: true, matchedCount: 0, modifiedCount: 0, upsertedCount: 0, upsertedId: null };
      const stored = this.#upsert(filter, true, (seed) => ({
        ...(seed._id === undefined ? {} : { _id: seed._id }),
        ...cloneValue(checked),
      }));
      return {
        acknowledged: true,
        matchedCount: 0,
        modifiedCount: 0,
        upsertedCount: 1,
        upsertedId: stored._id as InferIdType<TSchema>,
      };
    }
    const next = this.#replaced(match.doc, checked);
    const changed = !sameValue(next, match.doc);
    if (changed) this.#write().replaceAt(match.position, next);
    return {
      acknowledged: true,
      matchedCount: 1,
      modifiedCount: changed ? 1 : 0,
      upsertedCount: 0,
      upsertedId: null,
    };
  }

  #first(filter: Document, sort: unknown): { doc: Document; position: number } | undefined {
    const matches = this.#matching(filter);
    if (sort === undefined || matches.length <= 1) return matches[0];
    const byDoc = new Map(matches.map((m) => [m.doc, m.position]));
    const [doc] = sortDocuments(
      matches.map((m) => m.doc),
      normalizeSort(sort),
      1,
    );
    return doc === undefined ? undefined : { doc, position: byDoc.get(doc)! };
  }

  #output(doc: Document | null, options: FindOneAndOptions, lastErrorObject: Document): unknown {
    const projection =
      options.projection && Object.keys(options.projection).length > 0
        ? parseProjection(options.projection, 'find')
        : undefined;
    const value =
      doc === null ? null : projection ? applyProjection(doc, projection, undefined, true) : cloneValue(doc);
    return options.includeResultMetadata ? { value, ok: 1, lastErrorObject } : value;
  }

  #findOneAndModify(
    filter: Document,
    options: FindOneAndOptions,
    change: (doc: Document) => Document,
    build: (seed: Document) => Document,
    replacement = false,
  ): unknown {
    rejectUnsupported(options, 'findOneAndUpdate');
    if (options.projection) parseProjection(options.projection, 'find');
    const match = this.#first(filter, options.sort);
    const after = options.returnDocument === 'after';
    if (match === undefined) {
      if (!options.upsert) return this.#output(null, options, { n: 0, updatedExisting: false });
      const stored = this.#upsert(filter, replacement, build);
      return this.#output(after ? stored : null, options, {
        n: 1,
        updatedExisting: false,
        upserted: stored._id,
      });
    }
    const next = change(match.doc);
    if (!sameValue(next, match.doc)) this.#write().replaceAt(match.position, next);
    return this.#output(after ? next : match.doc, options, { n: 1, updatedExisting: true });
  }

  findOneAndUpdate(
    filter: Filter<TSchema>,
    update: UpdateFilter<TSchema> | DriverDocument[],
    options: FindOneAndUpdateOptions & { includeResultMetadata: true },
  ): Promise<ModifyResult<TSchema>>;
  findOneAndUpdate(
    filter: Filter<TSchema>,
    update: UpdateFilter<TSchema> | DriverDocument[],
    options: FindOneAndUpdateOptions & { includeResultMetadata: false },
  ): Promise<WithId<TSchema> | null>;
  findOneAndUpdate(
    filter: Filter<TSchema>,
    update: UpdateFilter<TSchema> | DriverDocument[],
    options: FindOneAndUpdateOptions,
  ): Promise<WithId<TSchema> | null>;
  findOneAndUpdate(
    filter: Filter<TSchema>,
    update: UpdateFilter<TSchema> | DriverDocument[],
  ): Promise<WithId<TSchema> | null>;
  async findOneAndUpdate(
    filter: Filter<TSchema>,
    update: UpdateFilter<TSchema> | DriverDocument[],
    options: FindOneAndOptions = {},
  ): Promise<unknown> {
    const checked = checkUpdate(update);
    return this.#findOneAndModify(
      plain(filter),
      options,
      (doc) => this.#updated(doc, checked, false),
      (seed) => this.#updated(seed, checked, true),
    );
  }

  findOneAndReplace(
    filter: Filter<TSchema>,
    replacement: WithoutId<TSchema>,
    options: FindOneAndReplaceOptions & { includeResultMetadata: true },
  ): Promise<ModifyResult<TSchema>>;
  findOneAndReplace(
    filter: Filter<TSchema>,
    replacement: WithoutId<TSchema>,
    options: FindOneAndReplaceOptions & { includeResultMetadata: false },
  ): Promise<WithId<TSchema> | null>;
  findOneAndReplace(
    filter: Filter<TSchema>,
    replacement: WithoutId<TSchema>,
    options: FindOneAndReplaceOptions,
  ): Promise<WithId<TSchema> | null>;
  findOneAndReplace(
    filter: Filter<TSchema>,
    replacement: WithoutId<TSchema>,
  ): Promise<WithId<TSchema> | null>;
  async findOneAndReplace(
    filter: Filter<TSchema>,
    replacement: WithoutId<TSchema>,
    options: FindOneAndOptions = {},
  ): Promise<unknown> {
    const checked = checkReplacement(replacement);
    return this.#findOneAndModify(
      plain(filter),
      options,
      (doc) => this.#replaced(doc, checked),
      (seed) => ({ ...(seed._id === undefined ? {} : { _id: seed._id }), ...cloneValue(checked) }),
      true,
    );
  }

  findOneAndDelete(
    filter: Filter<TSchema>,
    options: FindOneAndDeleteOptions & { includeResultMetadata: true },
  ): Promise<ModifyResult<TSchema>>;
  findOneAndDelete(
    filter: Filter<TSchema>,
    options: FindOneAndDeleteOptions & { includeResultMetadata: false },
  ): Promise<WithId<TSchema> | null>;
  findOneAndDelete(
    filter: Filter<TSchema>,
    options: FindOneAndDeleteOptions,
  ): Promise<WithId<TSchema> | null>;
  findOneAndDelete(filter: Filter<TSchema>): Promise<WithId<TSchema> | null>;
  async findOneAndDelete(
    filter: Filter<TSchema>,
    options: Omit<FindOneAndOptions, 'upsert' | 'returnDocument'> = {},
  ): Promise<unknown> {
    rejectUnsupported(options, 'findOneAndDelete');
    if (options.projection) parseProjection(options.projection, 'find');
    const match = this.#first(plain(filter), options.sort);
    if (match === undefined) return this.#output(null, options, { n: 0 });
    const removed = this.#write().removeAt(match.position);
    return this.#output(removed, options, { n: 1 });
  }

  async deleteOne(filter?: Filter<TSchema>): Promise<DeleteResult> {
    const [match] = this.#matching(plain(filter));
    if (match === undefined) return { acknowledged: true, deletedCount: 0 };
    this.#write().removeAt(match.position);
    return { acknowledged: true, deletedCount: 1 };
  }

  async deleteMany(filter?: Filter<TSchema>): Promise<DeleteResult> {
    const matches = this.#matching(plain(filter));
    if (matches.length === 0) return { acknowledged: true, deletedCount: 0 };
    const store = this.#write();
    for (const { position } of [...matches].reverse()) store.removeAt(position);
    return { acknowledged: true, deletedCount: matches.length };
  }

  async createIndex(keys: IndexSpecification, options: IndexOptions & DriverDocument = {}): Promise<string> {
    const key = normalizeKeys(keys);
    const store = this.#write();
    const index = makeIndex(key, options);
    const sameName = store.indexes.find((i) => i.name === index.name);
    const sameKey = store.indexes.find((i) => canonicalKey(i.key) === canonicalKey(key));
    const sameOptions = (i: typeof index): boolean =>
      i.unique === index.unique &&
      i.sparse === index.sparse &&
      canonicalKey(i.partialFilterExpression ?? null) === canonicalKey(index.partialFilterExpression ?? null);
    if (sameName) {
      if (canonicalKey(sameName.key) !== canonicalKey(key)) {
        throw serverError(
          86,
          `An existing index has the same name as the requested index. When index names are not specified, they are auto generated and can cause conflicts. Please refer to our documentation. Requested index: { v: 2, key: ${JSON.stringify(key)}, name: "${index.name}" }, existing index: { v: 2, key: ${JSON.stringify(sameName.key)}, name: "${sameName.name}" }`,
        );
      }
      if (!sameOptions(sameName)) {
        throw serverError(
          85,
          `An existing index has the same name as the requested index. Requested index: { name: "${index.name}" }`,
        );
      }
      return sameName.name;
    }
    if (sameKey && sameOptions(sameKey)) {
      if (options.name !== undefined) {
        throw serverError(85, `Index already exists with a different name: ${sameKey.name}`);
      }
      return sameKey.name;
    }
    store.addIndex(index);
    return index.name;
  }

  async createIndexes(specs: IndexDescription[]): Promise<string[]> {
    const names: string[] = [];
    for (const { key, ...options } of specs) names.push(await this.createIndex(key, options as IndexOptions));
    return names;
  }

  indexes(options: IndexInformationOptions & { full?: true }): Promise<IndexDescriptionInfo[]>;
  indexes(options: IndexInformationOptions & { full: false }): Promise<IndexDescriptionCompact>;
  indexes(options: IndexInformationOptions): Promise<IndexDescriptionCompact | IndexDescriptionInfo[]>;
  indexes(options?: ListIndexesOptions): Promise<IndexDescriptionInfo[]>;
  async indexes(
    options: IndexInformationOptions | ListIndexesOptions = {},
  ): Promise<IndexDescriptionCompact | IndexDescriptionInfo[]> {
    if ('full' in options && options.full === false) unsupportedMember('Collection.indexes({ full: false })');
    const store = this.#host.store(this.collectionName, false);
    if (!store) throw serverError(26, `ns does not exist: ${this.namespace}`);
    return store.indexes.map((i) => {
      const out: IndexDescriptionInfo = {
        v: 2,
        key: { ...i.key } as IndexDescriptionInfo['key'],
        name: i.name,
      };
      if (i.unique && i.name !== '_id_') out.unique = true;
      if (i.sparse) out.sparse = true;
      if (i.partialFilterExpression) out.partialFilterExpression = cloneValue(i.partialFilterExpression);
      return out;
    });
  }

  async dropIndex(indexName: string | DriverDocument): Promise<DriverDocument> {
    const store = this.#host.store(this.collectionName, false);
    if (!store) throw serverError(26, `ns not found ${this.namespace}`);
    const named = (i: { name: string; key: Document }): boolean =>
      typeof indexName === 'string' ? i.name === indexName : canonicalKey(i.key) === canonicalKey(indexName);
    if (typeof indexName !== 'string' && store.indexes.filter(named).length > 1) {
      throw serverError(
        181,
        `index keyPattern ${JSON.stringify(indexName)} matches more than one index, please use the index name to drop the index`,
      );
    }
    const at = store.indexes.findIndex(named);
    if (at === -1) {
      throw serverError(
        27,
        `index not found with name [${typeof indexName === 'string' ? indexName : JSON.stringify(indexName)}]`,
      );
    }
    if (store.indexes[at]!.name === '_id_') throw serverError(72, 'cannot drop _id index');
    const was = store.indexes.length;
    store.indexes.splice(at, 1);
    return { nIndexesWas: was, ok: 1 };
  }

  async drop(): Promise<boolean> {
    return this.#host.forget(this.collectionName);
  }

  // The engine has no read or write concerns, preferences or serialization options.
  get readConcern(): ReadConcern | undefined {
    return undefined;
  }
  get readPreference(): ReadPreference | undefined {
    return undefined;
  }
  get writeConcern(): WriteConcern | undefined {
    return undefined;
  }
  get bsonOptions(): BSONSerializeOptions {
    return {};
  }
  get timeoutMS(): number | undefined {
    return undefined;
  }
  get hint(): Hint | undefined {
    return undefined;
  }
  set hint(_hint: Hint | undefined) {
    unsupportedMember('Collection.hint');
  }

  // Driver members the engine does not implement.
  async bulkWrite(): Promise<never> {
    return unsupportedMember('Collection.bulkWrite()');
  }
  async rename(): Promise<never> {
    return unsupportedMember('Collection.rename()');
  }
  async options(): Promise<never> {
    return unsupportedMember('Collection.options()');
  }
  async isCapped(): Promise<never> {
    return unsupportedMember('Collection.isCapped()');
  }
  async dropIndexes(): Promise<never> {
    return unsupportedMember('Collection.dropIndexes()');
  }
  listIndexes(): never {
    return unsupportedMember('Collection.listIndexes() (use indexes())');
  }
  async indexExists(): Promise<never> {
    return unsupportedMember('Collection.indexExists()');
  }
  async indexInformation(): Promise<never> {
    return unsupportedMember('Collection.indexInformation()');
  }
  watch(): never {
    return unsupportedMember('Collection.watch()');
  }
  initializeUnorderedBulkOp(): never {
    return unsupportedMember('Collection.initializeUnorderedBulkOp()');
  }
  initializeOrderedBulkOp(): never {
    return unsupportedMember('Collection.initializeOrderedBulkOp()');
  }
  async count(): Promise<never> {
    return unsupportedMember('Collection.count() (deprecated by the driver; use countDocuments())');
  }
  listSearchIndexes(): never {
    return unsupportedMember('Collection.listSearchIndexes()');
  }
  async createSearchIndex(): Promise<never> {
    return unsupportedMember('Collection.createSearchIndex()');
  }
  async createSearchIndexes(): Promise<never> {
    return unsupportedMember('Collection.createSearchIndexes()');
  }
  async dropSearchIndex(): Promise<never> {
    return unsupportedMember('Collection.dropSearchIndex()');
  }
  async updateSearchIndex(): Promise<never> {
    return unsupportedMember('Collection.updateSearchIndex()');
  }
}

/** An `_id` value compared by plain equality (not an operator document, array or regex). */
function isPlainId(id: unknown): boolean {
  return id instanceof ObjectId || typeof id === 'string' || (typeof id === 'number' && !Number.isNaN(id));
}
