/**
 * source/crud/tests/unified/bulkWrite.json (mongodb/specifications), every test: a collection's
 * `bulkWrite` with each model, ordered and unordered, and an unordered one that fails part way.
 */
import type { Document } from 'bson';
import { type Operation, unified } from './runner.js';

const coll = (documents: Document[]) => [{ collectionName: 'coll', databaseName: 'crud-v1', documents }];
const bulkWrite = (requests: Document[], ordered: boolean, expectResult: Document): Operation => ({
  object: 'collection0',
  name: 'bulkWrite',
  arguments: { requests, ordered },
  expectResult,
});
const counts = (deleted: number, inserted: number, matched: number, modified: number, upserted: number) => ({
  deletedCount: deleted,
  insertedCount: inserted,
  matchedCount: matched,
  modifiedCount: modified,
  upsertedCount: upserted,
});
const noInserts = { insertedIds: { $$unsetOrMatches: {} } };

unified({
  file: 'bulkWrite.json',
  databaseName: 'crud-v1',
  collections: { collection0: 'coll' },
  initialData: coll([
    { _id: 1, x: 11 },
    { _id: 2, x: 22 },
  ]),
  tests: [
    // source/crud/tests/unified/bulkWrite.json, "BulkWrite with deleteOne operations"
    {
      description: 'BulkWrite with deleteOne operations',
      operations: [
        bulkWrite([{ deleteOne: { filter: { _id: 3 } } }, { deleteOne: { filter: { _id: 2 } } }], true, {
          ...counts(1, 0, 0, 0, 0),
          ...noInserts,
          upsertedIds: {},
        }),
      ],
      outcome: coll([{ _id: 1, x: 11 }]),
    },
    // source/crud/tests/unified/bulkWrite.json, "BulkWrite with deleteMany operations"
    {
      description: 'BulkWrite with deleteMany operations',
      operations: [
        bulkWrite(
          [{ deleteMany: { filter: { x: { $lt: 11 } } } }, { deleteMany: { filter: { x: { $lte: 22 } } } }],
          true,
          { ...counts(2, 0, 0, 0, 0), ...noInserts, upsertedIds: {} },
        ),
      ],
      outcome: coll([]),
    },
    // source/crud/tests/unified/bulkWrite.json, "BulkWrite with insertOne operations"
    {
      description: 'BulkWrite with insertOne operations',
      operations: [
        bulkWrite(
          [{ insertOne: { document: { _id: 3, x: 33 } } }, { insertOne: { document: { _id: 4, x: 44 } } }],
          true,
          { ...counts(0, 2, 0, 0, 0), insertedIds: { $$unsetOrMatches: { 0: 3, 1: 4 } }, upsertedIds: {} },
        ),
      ],
      outcome: coll([
        { _id: 1, x: 11 },
        { _id: 2, x: 22 },
        { _id: 3, x: 33 },
        { _id: 4, x: 44 },
      ]),
    },
    // source/crud/tests/unified/bulkWrite.json, "BulkWrite with replaceOne operations"
    {
      description: 'BulkWrite with replaceOne operations',
      operations: [
        bulkWrite(
          [
            { replaceOne: { filter: { _id: 3 }, replacement: { x: 33 } } },
            { replaceOne: { filter: { _id: 1 }, replacement: { x: 12 } } },
            { replaceOne: { filter: { _id: 3 }, replacement: { x: 33 }, upsert: true } },
          ],
          true,
          { ...counts(0, 0, 1, 1, 1), ...noInserts, upsertedIds: { 2: 3 } },
        ),
      ],
      outcome: coll([
        { _id: 1, x: 12 },
        { _id: 2, x: 22 },
        { _id: 3, x: 33 },
      ]),
    },
    // source/crud/tests/unified/bulkWrite.json, "BulkWrite with updateOne operations"
    {
      description: 'BulkWrite with updateOne operations',
      operations: [
        bulkWrite(
          [
            { updateOne: { filter: { _id: 0 }, update: { $set: { x: 0 } } } },
            { updateOne: { filter: { _id: 1 }, update: { $set: { x: 11 } } } },
            { updateOne: { filter: { _id: 2 }, update: { $inc: { x: 1 } } } },
            { updateOne: { filter: { _id: 3 }, update: { $set: { x: 33 } }, upsert: true } },
          ],
          true,
          { ...counts(0, 0, 2, 1, 1), ...noInserts, upsertedIds: { 3: 3 } },
        ),
      ],
      outcome: coll([
        { _id: 1, x: 11 },
        { _id: 2, x: 23 },
        { _id: 3, x: 33 },
      ]),
    },
    // source/crud/tests/unified/bulkWrite.json, "BulkWrite with updateMany operations"
    {
      description: 'BulkWrite with updateMany operations',
      operations: [
        bulkWrite(
          [
            { updateMany: { filter: { x: { $lt: 11 } }, update: { $set: { x: 0 } } } },
            { updateMany: { filter: { x: { $lte: 22 } }, update: { $unset: { y: 1 } } } },
            { updateMany: { filter: { x: { $lte: 22 } }, update: { $inc: { x: 1 } } } },
            { updateMany: { filter: { _id: 3 }, update: { $set: { x: 33 } }, upsert: true } },
          ],
          true,
          { ...counts(0, 0, 4, 2, 1), ...noInserts, upsertedIds: { 3: 3 } },
        ),
      ],
      outcome: coll([
        { _id: 1, x: 12 },
        { _id: 2, x: 23 },
        { _id: 3, x: 33 },
      ]),
    },
    // source/crud/tests/unified/bulkWrite.json, "BulkWrite with mixed ordered operations"
    {
      description: 'BulkWrite with mixed ordered operations',
      operations: [
        bulkWrite(
          [
            { insertOne: { document: { _id: 3, x: 33 } } },
            { updateOne: { filter: { _id: 2 }, update: { $inc: { x: 1 } } } },
            { updateMany: { filter: { _id: { $gt: 1 } }, update: { $inc: { x: 1 } } } },
            { insertOne: { document: { _id: 4, x: 44 } } },
            { deleteMany: { filter: { x: { $nin: [24, 34] } } } },
            { replaceOne: { filter: { _id: 4 }, replacement: { _id: 4, x: 44 }, upsert: true } },
          ],
          true,
          {
            ...counts(2, 2, 3, 3, 1),
            insertedIds: { $$unsetOrMatches: { 0: 3, 3: 4 } },
            upsertedIds: { 5: 4 },
          },
        ),
      ],
      outcome: coll([
        { _id: 2, x: 24 },
        { _id: 3, x: 34 },
        { _id: 4, x: 44 },
      ]),
    },
    // source/crud/tests/unified/bulkWrite.json, "BulkWrite with mixed unordered operations"
    {
      description: 'BulkWrite with mixed unordered operations',
      operations: [
        bulkWrite(
          [
            { replaceOne: { filter: { _id: 3 }, replacement: { _id: 3, x: 33 }, upsert: true } },
            { deleteOne: { filter: { _id: 1 } } },
            { updateOne: { filter: { _id: 2 }, update: { $inc: { x: 1 } } } },
          ],
          false,
          { ...counts(1, 0, 1, 1, 1), ...noInserts, upsertedIds: { 0: 3 } },
        ),
      ],
      outcome: coll([
        { _id: 2, x: 23 },
        { _id: 3, x: 33 },
      ]),
    },
    // source/crud/tests/unified/bulkWrite.json, "BulkWrite continue-on-error behavior with unordered (preexisting duplicate key)"
    {
      description: 'BulkWrite continue-on-error behavior with unordered (preexisting duplicate key)',
      operations: [
        {
          object: 'collection0',
          name: 'bulkWrite',
          arguments: {
            requests: [
              { insertOne: { document: { _id: 2, x: 22 } } },
              { insertOne: { document: { _id: 3, x: 33 } } },
              { insertOne: { document: { _id: 4, x: 44 } } },
            ],
            ordered: false,
          },
          expectError: { isError: true, expectResult: { ...counts(0, 2, 0, 0, 0), upsertedIds: {} } },
        },
      ],
      outcome: coll([
        { _id: 1, x: 11 },
        { _id: 2, x: 22 },
        { _id: 3, x: 33 },
        { _id: 4, x: 44 },
      ]),
    },
    // source/crud/tests/unified/bulkWrite.json, "BulkWrite continue-on-error behavior with unordered (duplicate key in requests)"
    {
      description: 'BulkWrite continue-on-error behavior with unordered (duplicate key in requests)',
      operations: [
        {
          object: 'collection0',
          name: 'bulkWrite',
          arguments: {
            requests: [
              { insertOne: { document: { _id: 3, x: 33 } } },
              { insertOne: { document: { _id: 3, x: 33 } } },
              { insertOne: { document: { _id: 4, x: 44 } } },
            ],
            ordered: false,
          },
          expectError: { isError: true, expectResult: { ...counts(0, 2, 0, 0, 0), upsertedIds: {} } },
        },
      ],
      outcome: coll([
        { _id: 1, x: 11 },
        { _id: 2, x: 22 },
        { _id: 3, x: 33 },
        { _id: 4, x: 44 },
      ]),
    },
  ],
});
