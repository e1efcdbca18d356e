/**
 * `let` on writes: source/crud/tests/unified/updateOne-let.json, updateMany-let.json,
 * deleteOne-let.json, deleteMany-let.json, bulkWrite-updateOne-let.json,
 * bulkWrite-updateMany-let.json and bulkWrite-replaceOne-let.json (mongodb/specifications). Not
 * ported: each file's "… unsupported (server-side error)" test, which runs on servers before 5.0
 * only (`maxServerVersion` 4.4.99 or 4.9); the engine answers as MongoDB 8.0.
 */
import type { Document } from 'bson';
import { type CollectionData, unified } from './runner.js';

const coll0 = (documents: Document[]): CollectionData[] => [
  { collectionName: 'coll0', databaseName: 'crud-tests', documents },
];
const entities = { databaseName: 'crud-tests', collections: { collection0: 'coll0' } };
const byId = { $expr: { $eq: ['$_id', '$$id'] } };
const byName = { $expr: { $eq: ['$name', '$$name'] } };
const setXY = [{ $set: { x: '$$x', y: '$$y' } }];
/**
 * These three tests give `let` inside a bulkWrite model. The driver's models have no `let` member
 * (its `let` is an option of the whole bulkWrite), and the engine refuses a model member it does not
 * know by name. Their stored expectations would not hold on MongoDB either: `{_id: {$gt: '$$id'}}`
 * outside `$expr` compares with the string '$$id', and the replaceOne outcome holds a document
 * `{_id: 3}` that no operation writes.
 */
const MODEL_LET = { name: 'let', reason: "a bulkWrite model's own let" };
const named = [{ _id: 1 }, { _id: 2, name: 'name' }, { _id: 3, name: 'name' }];

unified({
  file: 'updateOne-let.json',
  ...entities,
  initialData: coll0([{ _id: 1 }, { _id: 2 }]),
  tests: [
    // source/crud/tests/unified/updateOne-let.json, "UpdateOne with let option"
    {
      description: 'UpdateOne with let option',
      operations: [
        {
          name: 'updateOne',
          object: 'collection0',
          arguments: { filter: byId, update: setXY, let: { id: 1, x: 'foo', y: { $literal: 'bar' } } },
          expectResult: { matchedCount: 1, modifiedCount: 1, upsertedCount: 0 },
        },
      ],
      outcome: coll0([{ _id: 1, x: 'foo', y: 'bar' }, { _id: 2 }]),
    },
    // source/crud/tests/unified/updateOne-let.json, "UpdateOne with let option and dollar-prefixed $literal value"
    {
      description: 'UpdateOne with let option and dollar-prefixed $literal value',
      operations: [
        {
          name: 'updateOne',
          object: 'collection0',
          arguments: {
            filter: byId,
            update: setXY,
            let: { id: 1, x: 'foo', y: { $literal: '$bar' }, rand: { $rand: {} } },
          },
          expectResult: { matchedCount: 1, modifiedCount: 1, upsertedCount: 0 },
        },
      ],
      outcome: coll0([{ _id: 1, x: 'foo', y: '$bar' }, { _id: 2 }]),
    },
  ],
});

unified({
  file: 'updateMany-let.json',
  ...entities,
  initialData: coll0(named),
  tests: [
    // source/crud/tests/unified/updateMany-let.json, "UpdateMany with let option"
    {
      description: 'UpdateMany with let option',
      operations: [
        {
          name: 'updateMany',
          object: 'collection0',
          arguments: {
            filter: byName,
            update: setXY,
            let: { name: 'name', x: 'foo', y: { $literal: 'bar' } },
          },
          expectResult: { matchedCount: 2, modifiedCount: 2, upsertedCount: 0 },
        },
      ],
      outcome: coll0([
        { _id: 1 },
        { _id: 2, name: 'name', x: 'foo', y: 'bar' },
        { _id: 3, name: 'name', x: 'foo', y: 'bar' },
      ]),
    },
    // source/crud/tests/unified/updateMany-let.json, "UpdateMany with let option and dollar-prefixed $literal value"
    {
      description: 'UpdateMany with let option and dollar-prefixed $literal value',
      operations: [
        {
          name: 'updateMany',
          object: 'collection0',
          arguments: {
            filter: byName,
            update: setXY,
            let: { name: 'name', x: 'foo', y: { $literal: '$bar' } },
          },
          expectResult: { matchedCount: 2, modifiedCount: 2, upsertedCount: 0 },
        },
      ],
      outcome: coll0([
        { _id: 1 },
        { _id: 2, name: 'name', x: 'foo', y: '$bar' },
        { _id: 3, name: 'name', x: 'foo', y: '$bar' },
      ]),
    },
  ],
});

unified({
  file: 'deleteOne-let.json',
  ...entities,
  initialData: coll0([{ _id: 1 }, { _id: 2 }]),
  tests: [
    // source/crud/tests/unified/deleteOne-let.json, "DeleteOne with let option"
    {
      description: 'DeleteOne with let option',
      operations: [
        {
          name: 'deleteOne',
          object: 'collection0',
          arguments: { filter: byId, let: { id: 1 } },
          expectResult: { deletedCount: 1 },
        },
      ],
      outcome: coll0([{ _id: 2 }]),
    },
  ],
});

unified({
  file: 'deleteMany-let.json',
  ...entities,
  initialData: coll0(named),
  tests: [
    // source/crud/tests/unified/deleteMany-let.json, "DeleteMany with let option"
    {
      description: 'DeleteMany with let option',
      operations: [
        {
          name: 'deleteMany',
          object: 'collection0',
          arguments: { filter: byName, let: { name: 'name' } },
          expectResult: { deletedCount: 2 },
        },
      ],
      outcome: coll0([{ _id: 1 }]),
    },
  ],
});

unified({
  file: 'bulkWrite-updateOne-let.json',
  ...entities,
  initialData: coll0([
    { _id: 1, x: 20 },
    { _id: 2, x: 21 },
  ]),
  tests: [
    // source/crud/tests/unified/bulkWrite-updateOne-let.json, "BulkWrite updateOne with let option"
    {
      description: 'BulkWrite updateOne with let option',
      refused: MODEL_LET,
      operations: [
        {
          object: 'collection0',
          name: 'bulkWrite',
          arguments: {
            requests: [
              { updateOne: { filter: { _id: { $gt: '$$id' } }, update: { $inc: { x: 1 } }, let: { id: 1 } } },
            ],
          },
        },
      ],
      outcome: coll0([
        { _id: 1, x: 20 },
        { _id: 2, x: 22 },
      ]),
    },
  ],
});

unified({
  file: 'bulkWrite-updateMany-let.json',
  ...entities,
  initialData: coll0([
    { _id: 1, x: 20 },
    { _id: 2, x: 21 },
  ]),
  tests: [
    // source/crud/tests/unified/bulkWrite-updateMany-let.json, "BulkWrite updateMany with let option"
    {
      description: 'BulkWrite updateMany with let option',
      refused: MODEL_LET,
      operations: [
        {
          object: 'collection0',
          name: 'bulkWrite',
          arguments: {
            requests: [
              { updateOne: { filter: { _id: { $gt: '$$id' } }, update: { $inc: { x: 1 } }, let: { id: 0 } } },
            ],
          },
        },
      ],
      outcome: coll0([
        { _id: 1, x: 21 },
        { _id: 2, x: 22 },
      ]),
    },
  ],
});

unified({
  file: 'bulkWrite-replaceOne-let.json',
  ...entities,
  initialData: coll0([{ _id: 1 }, { _id: 2 }]),
  tests: [
    // source/crud/tests/unified/bulkWrite-replaceOne-let.json, "BulkWrite replaceOne with let option"
    {
      description: 'BulkWrite replaceOne with let option',
      refused: MODEL_LET,
      operations: [
        {
          object: 'collection0',
          name: 'bulkWrite',
          arguments: { requests: [{ replaceOne: { filter: byId, replacement: { x: 3 }, let: { id: 1 } } }] },
        },
      ],
      outcome: coll0([{ _id: 2, x: 3 }, { _id: 3 }]),
    },
  ],
});
