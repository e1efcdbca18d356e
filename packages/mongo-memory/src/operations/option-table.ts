/**
 * The one table of the options each method knows. An option is either honoured (it can change the
 * answer, and the engine answers as MongoDB does with it) or accepted (it changes no answer here:
 * there is one node, no replication, no validators, and cursors are read whole). Any other option
 * given — a driver option that would change an answer the engine cannot give (`collation`,
 * `arrayFilters`, `session`, `raw` …) or a name no driver knows — is refused by name by
 * `checkOptions` (options.ts), which every method's options pass.
 */

type Treatment = 'honoured' | 'accepted';
export type OptionTable = Readonly<Record<string, Treatment>>;

const accepted = (...names: string[]): OptionTable =>
  Object.fromEntries(names.map((name) => [name, 'accepted' as const]));
const honoured = (...names: string[]): OptionTable =>
  Object.fromEntries(names.map((name) => [name, 'honoured' as const]));

/**
 * Options of every command that change no answer: `enableUtf8Validation` only checks what a server
 * sends, `willRetryWrite` is the driver's own retry bookkeeping.
 */
const COMMAND = accepted('comment', 'enableUtf8Validation', 'willRetryWrite');
const READ = { ...COMMAND, ...accepted('readConcern', 'readPreference') };
const WRITE = { ...COMMAND, ...accepted('writeConcern') };
/** The engine has no schema validators (a `validator` on createCollection is refused). */
const VALIDATED_WRITE = { ...WRITE, ...accepted('bypassDocumentValidation') };
/** Cursor options that only shape how a server hands out batches. */
const CURSOR = accepted('batchSize', 'maxAwaitTimeMS', 'noCursorTimeout', 'timeout', 'allowDiskUse');

const FIND: OptionTable = {
  ...READ,
  ...CURSOR,
  // `allowPartialResults` concerns shards; `oplogReplay` is ignored by MongoDB since 4.4.
  ...accepted('singleBatch', 'allowPartialResults', 'oplogReplay'),
  ...honoured('projection', 'sort', 'skip', 'limit', 'maxTimeMS', 'hint', 'let'),
};

const AGGREGATE: OptionTable = {
  ...READ,
  ...CURSOR,
  ...accepted('cursor', 'writeConcern', 'bypassDocumentValidation'),
  ...honoured('maxTimeMS', 'hint', 'let'),
};

const FIND_ONE_AND: OptionTable = {
  ...VALIDATED_WRITE,
  ...honoured('sort', 'projection', 'includeResultMetadata', 'hint', 'let', 'maxTimeMS'),
};

const INDEX = {
  ...accepted('background', 'storageEngine', 'commitQuorum'),
  ...honoured('name', 'unique', 'sparse', 'partialFilterExpression'),
};

/** Every method that takes options, by the driver member's name, and the options it knows. */
export const OPTION_TABLE = {
  find: FIND,
  findOne: FIND,
  aggregate: AGGREGATE,
  countDocuments: { ...AGGREGATE, ...honoured('skip', 'limit') },
  count: { ...READ, ...honoured('skip', 'limit', 'maxTimeMS', 'hint') },
  estimatedDocumentCount: { ...READ, ...honoured('maxTimeMS') },
  distinct: { ...READ, ...honoured('maxTimeMS', 'hint') },
  insertOne: VALIDATED_WRITE,
  insertMany: { ...VALIDATED_WRITE, ...honoured('ordered') },
  updateOne: { ...VALIDATED_WRITE, ...honoured('upsert', 'sort', 'hint', 'let', 'arrayFilters') },
  updateMany: { ...VALIDATED_WRITE, ...honoured('upsert', 'hint', 'let', 'arrayFilters') },
  replaceOne: { ...VALIDATED_WRITE, ...honoured('upsert', 'sort', 'hint', 'let') },
  // `ordered` is the driver's DeleteOptions member; one delete statement has nothing to order.
  deleteOne: { ...WRITE, ...accepted('ordered'), ...honoured('hint', 'let') },
  deleteMany: { ...WRITE, ...accepted('ordered'), ...honoured('hint', 'let') },
  findOneAndUpdate: { ...FIND_ONE_AND, ...honoured('returnDocument', 'upsert', 'arrayFilters') },
  findOneAndReplace: { ...FIND_ONE_AND, ...honoured('returnDocument', 'upsert') },
  findOneAndDelete: FIND_ONE_AND,
  bulkWrite: { ...VALIDATED_WRITE, ...honoured('ordered') },
  // The members of each bulkWrite model but insertOne (whose document may stand under it itself,
  // operations/bulk-write.ts): `hint` and `collation` in a model are refused by name.
  'bulkWrite.updateOne': honoured('filter', 'update', 'upsert', 'sort', 'arrayFilters'),
  'bulkWrite.updateMany': honoured('filter', 'update', 'upsert', 'arrayFilters'),
  'bulkWrite.replaceOne': honoured('filter', 'replacement', 'upsert', 'sort'),
  'bulkWrite.deleteOne': honoured('filter'),
  'bulkWrite.deleteMany': honoured('filter'),
  createIndex: { ...WRITE, ...INDEX },
  createIndexes: { ...WRITE, ...accepted('commitQuorum') },
  indexes: { ...READ, ...honoured('full') },
  dropIndex: WRITE,
  drop: WRITE,
  'Db.collection': accepted('readConcern', 'readPreference', 'writeConcern'),
  'Db.createCollection': {
    ...WRITE,
    // A storage engine's settings, index defaults and pre-images change no answer here.
    ...accepted('storageEngine', 'indexOptionDefaults', 'changeStreamPreAndPostImages'),
  },
  'Db.listCollections': {
    ...READ,
    ...accepted('batchSize', 'authorizedCollections'),
    ...honoured('nameOnly'),
  },
  'Db.dropCollection': WRITE,
  'Db.dropDatabase': WRITE,
} as const satisfies Record<string, OptionTable>;

export type OptionsOf = keyof typeof OPTION_TABLE;
