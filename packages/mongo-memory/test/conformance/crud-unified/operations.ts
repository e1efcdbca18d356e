/**
 * A unified test's operation (`name`, `object`, `arguments`) as the driver's call it stands for:
 * the unified format names the driver's own methods and options, so the arguments pass through
 * as the call's parameters and its options.
 */
import type { Document } from 'bson';
import type { AnyBulkWriteOperation, Db } from 'mongodb';
import type { Operation, UnifiedFile } from './runner.js';

async function onDatabase(db: Db, operation: Operation): Promise<unknown> {
  const { collection, ...options } = operation.arguments ?? {};
  if (operation.name === 'dropCollection') return db.dropCollection(String(collection), options);
  if (operation.name === 'createCollection') return db.createCollection(String(collection), options);
  throw new Error(`database operation ${operation.name} is not ported`);
}

/** The unified format spells `returnDocument` `Before`/`After`; the driver takes `before`/`after`. */
const driverOptions = ({ returnDocument, ...options }: Document): Document =>
  returnDocument === undefined
    ? options
    : { ...options, returnDocument: String(returnDocument).toLowerCase() };

export async function runOperation(db: Db, file: UnifiedFile, operation: Operation): Promise<unknown> {
  if (operation.object === (file.databaseId ?? 'database0')) return onDatabase(db, operation);
  const name = file.collections[operation.object];
  if (name === undefined) throw new Error(`entity ${operation.object} is not ported`);
  const c = db.collection(name);
  const {
    filter = {},
    update,
    replacement,
    document,
    documents,
    requests,
    pipeline,
    fieldName,
    ...rest
  } = operation.arguments ?? {};
  const options = driverOptions(rest);
  switch (operation.name) {
    case 'insertOne':
      return c.insertOne(document, options);
    case 'insertMany':
      return c.insertMany(documents, options);
    case 'updateOne':
      return c.updateOne(filter, update, options);
    case 'updateMany':
      return c.updateMany(filter, update, options);
    case 'replaceOne':
      return c.replaceOne(filter, replacement, options);
    case 'deleteOne':
      return c.deleteOne(filter, options);
    case 'deleteMany':
      return c.deleteMany(filter, options);
    case 'findOneAndUpdate':
      return c.findOneAndUpdate(filter, update, options);
    case 'findOneAndReplace':
      return c.findOneAndReplace(filter, replacement, options);
    case 'findOneAndDelete':
      return c.findOneAndDelete(filter, options);
    case 'find':
      return c.find(filter, options).toArray();
    case 'findOne':
      return c.findOne(filter, options);
    case 'aggregate':
      return c.aggregate(pipeline, options).toArray();
    case 'countDocuments':
      return c.countDocuments(filter, options);
    case 'estimatedDocumentCount':
      return c.estimatedDocumentCount(options);
    case 'distinct':
      return c.distinct(String(fieldName), filter, options);
    case 'bulkWrite':
      return c.bulkWrite(requests as AnyBulkWriteOperation[], options);
    default:
      throw new Error(`collection operation ${operation.name} is not ported`);
  }
}
