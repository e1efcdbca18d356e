/**
 * `MemoryCollection`: the subset of the driver's `Collection` this project uses, same call and
 * result shapes. A thin facade: each method reads the driver's arguments and hands them to its
 * operation in `operations/` (one file per operation family). Every operation runs whole and
 * synchronously inside its async function, so concurrent callers interleave only between
 * operations. Documents are copied in and out.
 */
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
import { MemoryAggregationCursor } from './cursor/aggregation-cursor.js';
import { MemoryFindCursor } from './cursor/find-cursor.js';
import { serverError, unsupportedMember } from './errors/engine-errors.js';
import type { IndexOptions } from './indexes/unique-index.js';
import { explainAggregate, runAggregate } from './operations/aggregate.js';
import { countDocuments, distinct } from './operations/count.js';
import { deleteMany, deleteOne } from './operations/delete.js';
import { explainFind, findSpec, runFind } from './operations/find.js';
import { findOneAndDelete, findOneAndModify } from './operations/find-and-modify.js';
import { createIndex, dropIndex, listIndexes } from './operations/indexes.js';
import { insertMany, insertOne } from './operations/insert.js';
import { byReplacement, byUpdate } from './operations/modify.js';
import {
  type FindOneAndOptions,
  type FindOptions,
  plain,
  rejectUnsupported,
  type UpdateOptions,
  type UpdateResult,
} from './operations/options.js';
import { type CollectionHost, Target } from './operations/target.js';
import { updateMatched } from './operations/update.js';
import { checkReplacement, checkUpdate } from './update/check.js';

export type { FindOneAndOptions, FindOptions, UpdateOptions, UpdateResult } from './operations/options.js';
export type { CollectionHost } from './operations/target.js';

export class MemoryCollection<TSchema extends DriverDocument = DriverDocument>
  implements Collection<TSchema>
{
  readonly #target: Target;

  constructor(host: CollectionHost, name: string) {
    if (typeof name !== 'string' || name === '' || name.includes('$') || name.includes('\0')) {
      throw serverError(73, `Invalid collection name: ${String(name)}`);
    }
    this.#target = new Target(host, name);
  }

  get db(): Db {
    return this.#target.host;
  }

  get collectionName(): string {
    return this.#target.name;
  }

  get dbName(): string {
    return this.#target.host.databaseName;
  }

  get namespace(): string {
    return this.#target.namespace;
  }

  find(): MemoryFindCursor<WithId<TSchema>>;
  find(filter: Filter<TSchema>, options?: FindOptions): MemoryFindCursor<WithId<TSchema>>;
  find<T extends DriverDocument>(filter: Filter<TSchema>, options?: FindOptions): MemoryFindCursor<T>;
  find(filter?: Filter<TSchema>, options: FindOptions = {}): MemoryFindCursor<DriverDocument> {
    rejectUnsupported(options, 'find');
    const target = this.#target;
    return new MemoryFindCursor<DriverDocument>(
      target.namespace,
      findSpec(filter, options),
      (spec) => runFind(target, spec),
      (spec, withStats) => explainFind(target, spec, withStats),
    );
  }

  findOne(): Promise<WithId<TSchema> | null>;
  findOne(filter: Filter<TSchema>): Promise<WithId<TSchema> | null>;
  findOne(filter: Filter<TSchema>, options: FindOptions): Promise<WithId<TSchema> | null>;
  findOne<T = TSchema>(): Promise<T | null>;
  findOne<T = TSchema>(filter: Filter<TSchema>): Promise<T | null>;
  findOne<T = TSchema>(filter: Filter<TSchema>, options?: FindOptions): Promise<T | null>;
  async findOne(filter?: Filter<TSchema>, options: FindOptions = {}): Promise<unknown> {
    rejectUnsupported(options, 'findOne');
    // The driver's findOne is a find of limit 1, whatever limit the options give.
    return runFind(this.#target, findSpec(filter, { ...options, limit: 1 }))[0] ?? null;
  }

  aggregate<T extends DriverDocument = DriverDocument>(
    pipeline: DriverDocument[] = [],
    options: AggregateOptions = {},
  ): MemoryAggregationCursor<T> {
    rejectUnsupported(options, 'aggregate');
    const target = this.#target;
    return new MemoryAggregationCursor<T>(
      target.namespace,
      pipeline,
      (stages) => runAggregate(target, stages, options.maxTimeMS),
      (stages, withStats) => explainAggregate(target, stages, withStats),
    );
  }

  async countDocuments(filter?: Filter<TSchema>, options: CountDocumentsOptions = {}): Promise<number> {
    rejectUnsupported(options, 'countDocuments');
    return countDocuments(this.#target, plain(filter), options);
  }

  async estimatedDocumentCount(): Promise<number> {
    return this.#target.read().length;
  }

  // biome-ignore lint/suspicious/noExplicitAny: the driver's own return type for a key named by a string
  async distinct(key: string, filter?: Filter<TSchema>): Promise<any[]> {
    return distinct(this.#target, key, plain(filter));
  }

  async insertOne(input: OptionalUnlessRequiredId<TSchema>): Promise<InsertOneResult<TSchema>> {
    const insertedId = insertOne(this.#target, input) as InferIdType<TSchema>;
    return { acknowledged: true, insertedId };
  }

  async insertMany(
    docs: ReadonlyArray<OptionalUnlessRequiredId<TSchema>>,
    options: { ordered?: boolean } = {},
  ): Promise<InsertManyResult<TSchema>> {
    const insertedIds = insertMany(this.#target, docs, options.ordered !== false) as Record<
      number,
      InferIdType<TSchema>
    >;
    return { acknowledged: true, insertedCount: docs.length, insertedIds };
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
    const change = byUpdate(this.#target.host, checkUpdate(update));
    return this.#result(updateMatched(this.#target, plain(filter), change, options, false, options.sort));
  }

  async updateMany(
    filter: Filter<TSchema>,
    update: UpdateFilter<TSchema> | DriverDocument[],
    options: UpdateOptions = {},
  ): Promise<DriverUpdateResult<TSchema>> {
    rejectUnsupported(options, 'updateMany');
    const change = byUpdate(this.#target.host, checkUpdate(update));
    return this.#result(updateMatched(this.#target, plain(filter), change, options, true));
  }

  async replaceOne(
    filter: Filter<TSchema>,
    replacement: WithoutId<TSchema>,
    options: UpdateOptions = {},
  ): Promise<DriverUpdateResult<TSchema>> {
    rejectUnsupported(options, 'replaceOne');
    const change = byReplacement(checkReplacement(replacement));
    return this.#result(updateMatched(this.#target, plain(filter), change, options, false));
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
    const change = byUpdate(this.#target.host, checkUpdate(update));
    return findOneAndModify(this.#target, plain(filter), change, options, 'findOneAndUpdate');
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
    const change = byReplacement(checkReplacement(replacement));
    return findOneAndModify(this.#target, plain(filter), change, options, 'findOneAndReplace');
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
    return findOneAndDelete(this.#target, plain(filter), options);
  }

  async deleteOne(filter?: Filter<TSchema>): Promise<DeleteResult> {
    return deleteOne(this.#target, plain(filter));
  }

  async deleteMany(filter?: Filter<TSchema>): Promise<DeleteResult> {
    return deleteMany(this.#target, plain(filter));
  }

  async createIndex(keys: IndexSpecification, options: IndexOptions & DriverDocument = {}): Promise<string> {
    return createIndex(this.#target, keys, options);
  }

  async createIndexes(specs: IndexDescription[]): Promise<string[]> {
    const names: string[] = [];
    for (const { key, ...options } of specs)
      names.push(createIndex(this.#target, key, options as IndexOptions));
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
    return listIndexes(this.#target);
  }

  async dropIndex(indexName: string | DriverDocument): Promise<DriverDocument> {
    return dropIndex(this.#target, indexName);
  }

  async drop(): Promise<boolean> {
    return this.#target.host.forget(this.#target.name);
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
