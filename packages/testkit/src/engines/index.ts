export { availableEngines, type Engine, type InProcessEngine, MONGODB_URI_ENGINE } from './available.js';
export type {
  CollectionLike,
  CursorLike,
  DbLike,
  FindCursorLike,
  FindOptionsLike,
  UpdateResultLike,
} from './db-like.js';
export { connectMongoDB, type MongoDatabase, mongodbUri, uniqueDatabaseName } from './mongodb.js';
