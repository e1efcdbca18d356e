/**
 * `_id`s of every BSON type, written by each way a document is inserted:
 * source/crud/tests/unified/create-id-types.json and create-null-ids.json (mongodb/specifications).
 * Both files are a table — one test per type and way, "inserting _id with type <type> via <way>",
 * and for regex and array "drivers should not prevent _id with type <type> to insert via <way>" —
 * ported as the table below, each test named by its description. Values are read from the files'
 * extended JSON with the bson package's EJSON (canonical), as the Node driver's runner reads them;
 * that reads `{"$undefined": true}` as null. Not ported: the "via clientBulkWrite" tests
 * (client-level bulk writes).
 */
import { type Document, EJSON } from 'bson';
import { type Operation, type UnifiedTest, unified } from './runner.js';

/** Each type's `_id`, as the files write it in extended JSON. */
const TYPES: [string, unknown][] = [
  ['double', { $numberDouble: 'NaN' }],
  ['string', ''],
  ['object', {}],
  ['binData', { $binary: { base64: '', subType: '00' } }],
  ['undefined', { $undefined: true }],
  ['objectId', { $oid: '507f1f77bcf86cd799439011' }],
  ['bool', false],
  ['date', { $date: { $numberLong: '0' } }],
  ['null', null],
  ['dbPointer', { $dbPointer: { $ref: 'a.b', $id: { $oid: '507f1f77bcf86cd799439011' } } }],
  ['javascript', { $code: '' }],
  ['javascriptWithScope', { $code: '', $scope: {} }],
  ['symbol', { $symbol: '' }],
  ['int', { $numberInt: '0' }],
  ['timestamp', { $timestamp: { t: 0, i: 0 } }],
  ['long', { $numberLong: '0' }],
  ['decimal', { $numberDecimal: '0' }],
  ['minKey', { $minKey: 1 }],
  ['maxKey', { $maxKey: 1 }],
];

const value = (json: unknown): unknown => EJSON.deserialize({ v: json }, { relaxed: false }).v;
const inCollection = (args: Document, name: string): Operation => ({
  name,
  object: 'collection',
  arguments: args,
});

/** The operation each way runs, for an `_id` given in extended JSON. */
const WAYS: Record<string, (json: unknown) => Operation> = {
  insertOne: (json) => inCollection({ document: { _id: value(json) } }, 'insertOne'),
  insertMany: (json) => inCollection({ documents: [{ _id: value(json) }] }, 'insertMany'),
  updateOne: (json) =>
    inCollection({ filter: { _id: value(json) }, update: { $unset: { a: '' } }, upsert: true }, 'updateOne'),
  updateMany: (json) =>
    inCollection({ filter: { _id: value(json) }, update: { $unset: { a: '' } }, upsert: true }, 'updateMany'),
  replaceOne: (json) =>
    inCollection({ filter: {}, replacement: { _id: value(json) }, upsert: true }, 'replaceOne'),
  bulkWrite: (json) =>
    inCollection({ requests: [{ insertOne: { document: { _id: value(json) } } }] }, 'bulkWrite'),
};

const drop: Operation = {
  name: 'dropCollection',
  object: 'database',
  arguments: { collection: 'type_tests' },
};

/** "inserting _id with type <type> via <way>": the collection then holds that one document. */
function inserting(type: string, json: unknown, way: string): UnifiedTest {
  const operation = WAYS[way];
  if (!operation) throw new Error(`no way ${way}`);
  return {
    description: `inserting _id with type ${type} via ${way}`,
    operations: [drop, operation(json)],
    outcome: [{ databaseName: 'crud_id', collectionName: 'type_tests', documents: [{ _id: value(json) }] }],
  };
}

/** "drivers should not prevent _id with type <type> to insert via <way>": the server refuses it. */
function refusedByServer(type: string, json: unknown, way: string): UnifiedTest {
  const operation = WAYS[way];
  if (!operation) throw new Error(`no way ${way}`);
  return {
    description: `drivers should not prevent _id with type ${type} to insert via ${way}`,
    operations: [drop, { ...operation(json), expectError: { isClientError: false } }],
  };
}

const ALL_WAYS = ['insertOne', 'insertMany', 'updateOne', 'updateMany', 'replaceOne', 'bulkWrite'];
/**
 * The ways the driver sends the `_id` as given. Through `insertOne`, `insertMany` and a bulkWrite's
 * `insertOne`, the Node driver (7.x, as installed) gives a missing or null `_id` a new ObjectId
 * before it sends the document, so a server stores an ObjectId: the engine answers as the driver
 * does (test/operations/crud.test.ts, "a null _id"), and those tests (in both files) do not apply.
 */
const SENT_AS_GIVEN = ['updateOne', 'updateMany', 'replaceOne'];
/** The ways a test of an `_id` of `type` applies to. */
const waysFor = (type: string) => (type === 'null' || type === 'undefined' ? SENT_AS_GIVEN : ALL_WAYS);
const entities = {
  databaseName: 'crud_id',
  databaseId: 'database',
  collections: { collection: 'type_tests' },
};

unified({
  file: 'create-id-types.json',
  ...entities,
  tests: [
    ...TYPES.flatMap(([type, json]) => waysFor(type).map((way) => inserting(type, json, way))),
    ...['insertOne', 'insertMany', 'replaceOne', 'bulkWrite'].map((way) =>
      refusedByServer('regex', { $regularExpression: { pattern: 'abc', options: 'i' } }, way),
    ),
    ...ALL_WAYS.map((way) => refusedByServer('array', [], way)),
  ],
});

unified({
  file: 'create-null-ids.json',
  ...entities,
  tests: [
    ...SENT_AS_GIVEN.map((way) => inserting('undefined', { $undefined: true }, way)),
    ...SENT_AS_GIVEN.map((way) => inserting('null', null, way)),
  ],
});
