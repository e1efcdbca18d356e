/**
 * The part of the MongoDB driver's `Db` and `Collection` that the workspace's tests use. The
 * driver's `Db` and the in-process engine's `MemoryDb` both satisfy it, so one test runs on either.
 */
import type { Document } from 'bson';

interface CursorLike<T> extends AsyncIterable<T> {
  toArray(): Promise<T[]>;
}

interface FindCursorLike<T> extends CursorLike<T> {
  sort(sort: Document): FindCursorLike<T>;
  skip(value: number): FindCursorLike<T>;
  limit(value: number): FindCursorLike<T>;
  project(projection: Document): FindCursorLike<Document>;
}

interface FindOptionsLike {
  projection?: Document;
  collation?: Document;
  sort?: Document;
  skip?: number;
  limit?: number;
}

interface UpdateResultLike {
  acknowledged: boolean;
  matchedCount: number;
  modifiedCount: number;
  upsertedCount: number;
  upsertedId: unknown;
}

/** The subset of the driver's `Collection` the project uses; `MemoryCollection` has it too. */
export interface CollectionLike {
  readonly collectionName: string;
  find(filter?: Document, options?: FindOptionsLike): FindCursorLike<Document>;
  findOne(filter?: Document, options?: FindOptionsLike): Promise<Document | null>;
  aggregate(pipeline?: Document[]): CursorLike<Document>;
  countDocuments(filter?: Document, options?: { skip?: number; limit?: number }): Promise<number>;
  estimatedDocumentCount(): Promise<number>;
  distinct(key: string, filter?: Document): Promise<unknown[]>;
  insertOne(doc: Document): Promise<{ acknowledged: boolean; insertedId: unknown }>;
  insertMany(
    docs: Document[],
    options?: { ordered?: boolean },
  ): Promise<{ acknowledged: boolean; insertedCount: number; insertedIds: Record<number, unknown> }>;
  updateOne(
    filter: Document,
    update: Document | Document[],
    options?: { upsert?: boolean },
  ): Promise<UpdateResultLike>;
  updateMany(
    filter: Document,
    update: Document | Document[],
    options?: { upsert?: boolean },
  ): Promise<UpdateResultLike>;
  replaceOne(
    filter: Document,
    replacement: Document,
    options?: { upsert?: boolean },
  ): Promise<UpdateResultLike>;
  findOneAndUpdate(
    filter: Document,
    update: Document | Document[],
    options?: {
      returnDocument?: 'before' | 'after';
      sort?: Document;
      upsert?: boolean;
      projection?: Document;
    },
  ): Promise<Document | null>;
  findOneAndDelete(
    filter: Document,
    options?: { sort?: Document; projection?: Document },
  ): Promise<Document | null>;
  deleteOne(filter?: Document): Promise<{ acknowledged: boolean; deletedCount: number }>;
  deleteMany(filter?: Document): Promise<{ acknowledged: boolean; deletedCount: number }>;
  createIndex(
    keys: Document,
    options?: { unique?: boolean; name?: string; sparse?: boolean; partialFilterExpression?: Document },
  ): Promise<string>;
  indexes(): Promise<Document[]>;
  dropIndex(name: string | Document): Promise<Document>;
  drop(): Promise<boolean>;
}

/** The subset of the driver's `Db` the project uses: both `Db` and `MemoryDb` satisfy it. */
export interface DbLike {
  readonly databaseName: string;
  collection(name: string): CollectionLike;
  listCollections(): { toArray(): Promise<Document[]> };
  dropDatabase(): Promise<boolean>;
}
