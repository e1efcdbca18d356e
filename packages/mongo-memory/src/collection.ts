/**
 * `MemoryCollection`: the subset of the driver's `Collection` this project uses, same call and
 * result shapes. A thin facade: each method reads the driver's arguments and hands them to its
 * operation in `operations/` (one file per operation family). Every operation runs whole and
 * synchronously inside its async function, so concurrent callers interleave only between
 * operations. Documents are copied in and out.
 */
import type {
  AggregateOptions,
  AnyBulkWriteOperation,
  BulkWriteOptions,
  BulkWriteResult,
  Collection,
  CountDocumentsOptions,
  CountOptions,
  Db,
  DeleteOptions,
  DeleteResult,
  DistinctOptions,
  Document as DriverDocument,
  UpdateResult as DriverUpdateResult,
  EstimatedDocumentCountOptions,
  Filter,
  FindOneAndDeleteOptions,
  FindOneAndReplaceOptions,
  FindOneAndUpdateOptions,
  IndexDescription,
  IndexDescriptionCompact,
  IndexDescriptionInfo,
  IndexInformationOptions,
  IndexSpecification,
  InferIdType,
  InsertManyResult,
  InsertOneOptions,
  InsertOneResult,
  ListIndexesOptions,
  ModifyResult,
  OptionalUnlessRequiredId,
  UpdateFilter,
  WithId,
  WithoutId,
} from 'mongodb';
import { CollectionSettings } from './collection-settings.js';
import { MemoryAggregationCursor } from './cursor/aggregation-cursor.js';
import { MemoryFindCursor } from './cursor/find-cursor.js';
import { serverError, unsupportedMember } from './errors/engine-errors.js';
import type { IndexOptions } from './indexes/unique-index.js';
import { explainAggregate, runAggregate } from './operations/aggregate.js';
import { bulkWrite } from './operations/bulk-write.js';
import { count, countDocuments, distinct, estimatedCount } from './operations/count.js';
import { deleteMany, deleteOne } from './operations/delete.js';
import { explainFind, findSpec, runFind } from './operations/find.js';
import { findOneAndDelete, findOneAndModify } from './operations/find-and-modify.js';
import { createIndex, dropIndex, listIndexes } from './operations/indexes.js';
import { insertMany, insertOne } from './operations/insert.js';
import { letVariables } from './operations/let.js';
import { byReplacement, byUpdate } from './operations/modify.js';
import {
  checkOptions,
  type FindOneAndOptions,
  type FindOptions,
  plain,
  type UpdateOptions,
  type UpdateResult,
} from './operations/options.js';
import { type CollectionHost, Target } from './operations/target.js';
import { updateMatched } from './operations/update.js';
import { checkReplacement, checkUpdate } from './update/check.js';

export type { FindOneAndOptions, FindOptions, UpdateOptions, UpdateResult } from './operations/options.js';
export type { CollectionHost } from './operations/target.js';

export class MemoryCollection<TSchema extends DriverDocument = DriverDocument>
  extends CollectionSettings
  implements Collection<TSchema>
{
  readonly #target: Target;

  /** @internal Collections come from `db.collection(name)`. */
  constructor(host: CollectionHost, name: string) {
    super();
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
    checkOptions(options, 'find');
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
    checkOptions(options, 'findOne');
    // The driver's findOne is a find of limit 1, whatever limit the options give.
    return runFind(this.#target, findSpec(filter, { ...options, limit: 1 }))[0] ?? null;
  }

  aggregate<T extends DriverDocument = DriverDocument>(
    pipeline: DriverDocument[] = [],
    options: AggregateOptions = {},
  ): MemoryAggregationCursor<T> {
    checkOptions(options, 'aggregate');
    const target = this.#target;
    return new MemoryAggregationCursor<T>(
      target.namespace,
      pipeline,
      (stages) => runAggregate(target, stages, options),
      (stages, withStats) => explainAggregate(target, stages, withStats, options),
    );
  }

  async countDocuments(filter?: Filter<TSchema>, options: CountDocumentsOptions = {}): Promise<number> {
    return countDocuments(this.#target, plain(filter), checkOptions(options, 'countDocuments'));
  }

  /** The deprecated `count` (the driver's `count` command): see operations/count.ts. */
  async count(filter?: Filter<TSchema>, options: CountOptions = {}): Promise<number> {
    return count(this.#target, plain(filter), checkOptions(options, 'count'));
  }

  async estimatedDocumentCount(options: EstimatedDocumentCountOptions = {}): Promise<number> {
    return estimatedCount(this.#target, checkOptions(options, 'estimatedDocumentCount'));
  }

  // biome-ignore lint/suspicious/noExplicitAny: the driver's own return type for a key named by a string
  async distinct(key: string, filter?: Filter<TSchema>, options: DistinctOptions = {}): Promise<any[]> {
    return distinct(this.#target, key, plain(filter), checkOptions(options, 'distinct'));
  }

  async insertOne(
    input: OptionalUnlessRequiredId<TSchema>,
    options: InsertOneOptions = {},
  ): Promise<InsertOneResult<TSchema>> {
    checkOptions(options, 'insertOne');
    const insertedId = insertOne(this.#target, input) as InferIdType<TSchema>;
    return { acknowledged: true, insertedId };
  }

  async insertMany(
    docs: ReadonlyArray<OptionalUnlessRequiredId<TSchema>>,
    options: { ordered?: boolean } = {},
  ): Promise<InsertManyResult<TSchema>> {
    checkOptions(options, 'insertMany');
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
    options: UpdateOptions & { sort?: unknown; arrayFilters?: DriverDocument[] } = {},
  ): Promise<DriverUpdateResult<TSchema>> {
    return this.#update(filter, update, checkOptions(options, 'updateOne'), false);
  }

  #update(
    filter: object,
    update: unknown,
    options: UpdateOptions & { arrayFilters?: unknown },
    many: boolean,
  ): DriverUpdateResult<TSchema> {
    const { change, variables } = this.#change(filter, update, options);
    return this.#result(updateMatched(this.#target, plain(filter), change, { ...options, variables }, many));
  }

  /** An update's change (parsed once: its errors come whether or not a document matches). */
  #change(filter: object, update: unknown, options: { let?: unknown; arrayFilters?: unknown }) {
    const variables = letVariables(options.let);
    const { host } = this.#target;
    return {
      change: byUpdate(host, checkUpdate(update), plain(filter), options.arrayFilters, variables),
      variables,
    };
  }

  async updateMany(
    filter: Filter<TSchema>,
    update: UpdateFilter<TSchema> | DriverDocument[],
    options: UpdateOptions & { arrayFilters?: DriverDocument[] } = {},
  ): Promise<DriverUpdateResult<TSchema>> {
    return this.#update(filter, update, checkOptions(options, 'updateMany'), true);
  }

  async replaceOne(
    filter: Filter<TSchema>,
    replacement: WithoutId<TSchema>,
    options: UpdateOptions & { sort?: unknown } = {},
  ): Promise<DriverUpdateResult<TSchema>> {
    checkOptions(options, 'replaceOne');
    const change = byReplacement(checkReplacement(replacement));
    const variables = letVariables(options.let);
    return this.#result(updateMatched(this.#target, plain(filter), change, { ...options, variables }, false));
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
    options: FindOneAndOptions & { arrayFilters?: DriverDocument[] } = {},
  ): Promise<unknown> {
    checkOptions(options, 'findOneAndUpdate');
    const { change, variables } = this.#change(filter, update, options);
    return findOneAndModify(this.#target, plain(filter), change, { ...options, variables });
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
    checkOptions(options, 'findOneAndReplace');
    const change = byReplacement(checkReplacement(replacement));
    const variables = letVariables(options.let);
    return findOneAndModify(this.#target, plain(filter), change, { ...options, variables });
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
    checkOptions(options, 'findOneAndDelete');
    return findOneAndDelete(this.#target, plain(filter), {
      ...options,
      variables: letVariables(options.let),
    });
  }

  async bulkWrite(
    operations: ReadonlyArray<AnyBulkWriteOperation<TSchema>>,
    options: BulkWriteOptions = {},
  ): Promise<BulkWriteResult> {
    return bulkWrite(this.#target, operations, checkOptions(options, 'bulkWrite'));
  }

  async deleteOne(filter?: Filter<TSchema>, options: DeleteOptions = {}): Promise<DeleteResult> {
    checkOptions(options, 'deleteOne');
    return deleteOne(this.#target, plain(filter), {
      hint: options.hint,
      variables: letVariables(options.let),
    });
  }

  async deleteMany(filter?: Filter<TSchema>, options: DeleteOptions = {}): Promise<DeleteResult> {
    checkOptions(options, 'deleteMany');
    return deleteMany(this.#target, plain(filter), {
      hint: options.hint,
      variables: letVariables(options.let),
    });
  }

  async createIndex(keys: IndexSpecification, options: IndexOptions & DriverDocument = {}): Promise<string> {
    return createIndex(this.#target, keys, checkOptions(options, 'createIndex'));
  }

  async createIndexes(specs: IndexDescription[], options: DriverDocument = {}): Promise<string[]> {
    checkOptions(options, 'createIndexes');
    const names: string[] = [];
    for (const { key, ...spec } of specs)
      names.push(createIndex(this.#target, key, checkOptions(spec, 'createIndex')));
    return names;
  }

  indexes(options: IndexInformationOptions & { full?: true }): Promise<IndexDescriptionInfo[]>;
  indexes(options: IndexInformationOptions & { full: false }): Promise<IndexDescriptionCompact>;
  indexes(options: IndexInformationOptions): Promise<IndexDescriptionCompact | IndexDescriptionInfo[]>;
  indexes(options?: ListIndexesOptions): Promise<IndexDescriptionInfo[]>;
  async indexes(
    options: IndexInformationOptions | ListIndexesOptions = {},
  ): Promise<IndexDescriptionCompact | IndexDescriptionInfo[]> {
    checkOptions(options, 'indexes');
    if ('full' in options && options.full === false) unsupportedMember('Collection.indexes({ full: false })');
    return listIndexes(this.#target);
  }

  async dropIndex(indexName: string | DriverDocument, options: DriverDocument = {}): Promise<DriverDocument> {
    checkOptions(options, 'dropIndex');
    return dropIndex(this.#target, indexName);
  }

  async drop(options: DriverDocument = {}): Promise<boolean> {
    checkOptions(options, 'drop');
    return this.#target.host.forget(this.#target.name);
  }
}
