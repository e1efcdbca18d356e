/**
 * The in-process MongoDB engine (`@school/mongo-memory`): for tests and offline development,
 * never for production. See docs/in-process-engine.md, "Differences from MongoDB".
 */

export type { Document } from './bson/document.js';
export { type MemoryEngineOptions, MemoryMongoClient } from './client.js';
export type { FindOneAndOptions, FindOptions, UpdateOptions, UpdateResult } from './collection.js';
export { MemoryCollection } from './collection.js';
export { MemoryAggregationCursor } from './cursor/aggregation-cursor.js';
export { MemoryFindCursor } from './cursor/find-cursor.js';
export { MemoryListCollectionsCursor } from './cursor/list-collections-cursor.js';
export { MemoryDb } from './db.js';
export {
  MemoryEngineUnsupportedError,
  MemoryInvalidArgumentError,
  MemoryServerError,
  UNSUPPORTED_CODE,
} from './errors/engine-errors.js';

/** The engine's name and the mingo version it evaluates expressions with. */
export const ENGINE_NAME = 'in-process (mingo 7.2.7)';
