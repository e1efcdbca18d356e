export { availableEngines, type Engine } from './available.js';
export type { CollectionLike, DbLike } from './db-like.js';
export { connectMongoDB, mongodbUri } from './mongodb.js';
