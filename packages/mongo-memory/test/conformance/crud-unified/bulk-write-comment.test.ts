/**
 * `comment` on a collection's bulkWrite: source/crud/tests/unified/bulkWrite-comment.json,
 * bulkWrite-delete-comment.json, bulkWrite-insertOne-comment.json,
 * bulkWrite-replaceOne-comment.json and bulkWrite-update-comment.json (mongodb/specifications).
 * Each tests a string comment and a document comment. Not ported: bulkWrite-comment.json's
 * "BulkWrite with comment - pre 4.4" (servers before 4.4 only).
 */
import type { Document } from 'bson';
import { type CollectionData, type UnifiedTest, unified } from './runner.js';

const STRING = 'comment';
const DOCUMENT = { key: 'value' };
const inCollection =
  (collectionName: string) =>
  (documents: Document[]): CollectionData[] => [{ collectionName, databaseName: 'crud-v2', documents }];
const entities = (collectionName: string, documents: Document[]) => ({
  databaseName: 'crud-v2',
  collections: { collection0: collectionName },
  initialData: inCollection(collectionName)(documents),
});
const xs = (ids: number[]): Document[] => ids.map((id) => ({ _id: id, x: id * 11 }));
const counts = (deleted: number, inserted: number, matched: number, modified: number, upserted: number) => ({
  deletedCount: deleted,
  insertedCount: inserted,
  matchedCount: matched,
  modifiedCount: modified,
  upsertedCount: upserted,
});

/** The file's two tests: `requests` with the string comment, then with the document comment. */
function both(
  descriptions: [string, string],
  requests: Document[],
  options: Document,
  expectResult: unknown,
  rest: Partial<UnifiedTest>,
): UnifiedTest[] {
  return [STRING, DOCUMENT].map((comment, i) => ({
    description: descriptions[i] ?? '',
    operations: [
      {
        object: 'collection0',
        name: 'bulkWrite',
        arguments: { requests, ...options, comment },
        expectResult,
      },
    ],
    ...rest,
  }));
}

/** The stored update `{x: …}` has no update operator, which the driver refuses before sending. */
const NO_OPERATORS =
  'an updateOne model whose update has no operator is refused as the driver refuses it ("Update document requires atomic operators")';

const mixed = inCollection('BulkWrite_update_comment');
unified({
  file: 'bulkWrite-comment.json',
  ...entities('BulkWrite_update_comment', xs([1, 2, 3, 4])),
  // source/crud/tests/unified/bulkWrite-comment.json, "BulkWrite with string comment"
  // source/crud/tests/unified/bulkWrite-comment.json, "BulkWrite with document comment"
  tests: both(
    ['BulkWrite with string comment', 'BulkWrite with document comment'],
    [
      { insertOne: { document: { _id: 5, x: 'inserted' } } },
      { replaceOne: { filter: { _id: 1 }, replacement: { _id: 1, x: 'replaced' } } },
      { updateOne: { filter: { _id: 2 }, update: { x: 'updated' } } },
      { deleteOne: { filter: { _id: 3 } } },
    ],
    {},
    null,
    {
      outcome: mixed([
        { _id: 1, x: 'replaced' },
        { _id: 2, x: 'updated' },
        { _id: 4, x: 44 },
        { _id: 5, x: 'inserted' },
      ]),
      // Also: the stored `expectResult` is null, where a bulkWrite answers a BulkWriteResult.
      differs: NO_OPERATORS,
    },
  ),
});

const deletes = inCollection('BulkWrite_delete_comment');
unified({
  file: 'bulkWrite-delete-comment.json',
  ...entities('BulkWrite_delete_comment', xs([1, 2, 3, 4])),
  tests: [
    // source/crud/tests/unified/bulkWrite-delete-comment.json, "BulkWrite deleteOne with string comment"
    // source/crud/tests/unified/bulkWrite-delete-comment.json, "BulkWrite deleteOne with document comment"
    ...both(
      ['BulkWrite deleteOne with string comment', 'BulkWrite deleteOne with document comment'],
      [{ deleteOne: { filter: { _id: 1 } } }, { deleteOne: { filter: { _id: 2 } } }],
      { ordered: true },
      { ...counts(2, 0, 0, 0, 0), insertedIds: { $$unsetOrMatches: {} }, upsertedIds: {} },
      { outcome: deletes(xs([3, 4])) },
    ),
    // source/crud/tests/unified/bulkWrite-delete-comment.json, "BulkWrite deleteMany with string comment"
    // source/crud/tests/unified/bulkWrite-delete-comment.json, "BulkWrite deleteMany with document comment"
    ...both(
      ['BulkWrite deleteMany with string comment', 'BulkWrite deleteMany with document comment'],
      [{ deleteMany: { filter: { _id: { $lt: 3 } } } }, { deleteMany: { filter: { _id: { $gte: 4 } } } }],
      { ordered: true },
      { ...counts(3, 0, 0, 0, 0), insertedIds: { $$unsetOrMatches: {} }, upsertedIds: {} },
      { outcome: deletes(xs([3])) },
    ),
  ],
});

unified({
  file: 'bulkWrite-insertOne-comment.json',
  ...entities('BulkWrite_insert_comment', []),
  // source/crud/tests/unified/bulkWrite-insertOne-comment.json, "BulkWrite insertOne with string comment"
  // source/crud/tests/unified/bulkWrite-insertOne-comment.json, "BulkWrite insertOne with document comment"
  tests: both(
    ['BulkWrite insertOne with string comment', 'BulkWrite insertOne with document comment'],
    [{ insertOne: { document: { _id: 1, x: 'foo' } } }, { insertOne: { document: { _id: 2, x: 'bar' } } }],
    {},
    { ...counts(0, 2, 0, 0, 0), upsertedIds: {} },
    {
      outcome: inCollection('BulkWrite_insert_comment')([
        { _id: 1, x: 'foo' },
        { _id: 2, x: 'bar' },
      ]),
    },
  ),
});

unified({
  file: 'bulkWrite-replaceOne-comment.json',
  ...entities('BulkWrite_replaceOne_comment', xs([1, 2])),
  // source/crud/tests/unified/bulkWrite-replaceOne-comment.json, "BulkWrite replaceOne with string comment"
  // source/crud/tests/unified/bulkWrite-replaceOne-comment.json, "BulkWrite replaceOne with document comment"
  tests: both(
    ['BulkWrite replaceOne with string comment', 'BulkWrite replaceOne with document comment'],
    [
      { replaceOne: { filter: { _id: 1 }, replacement: { _id: 1, x: 33 } } },
      { replaceOne: { filter: { _id: 2 }, replacement: { _id: 2, x: 44 } } },
    ],
    {},
    { ...counts(0, 0, 0, 2, 0), upsertedIds: {} },
    {
      outcome: inCollection('BulkWrite_replaceOne_comment')([
        { _id: 1, x: 33 },
        { _id: 2, x: 44 },
      ]),
      // The stored result has matchedCount 0 with modifiedCount 2: MongoDB counts a modified
      // document as matched too (2 and 2), as the engine does.
      differs: 'matchedCount is 2, not the stored 0 (a modified document is also matched)',
    },
  ),
});

const updates = inCollection('BulkWrite_update_comment');
unified({
  file: 'bulkWrite-update-comment.json',
  ...entities('BulkWrite_update_comment', xs([1, 2, 3, 4])),
  tests: [
    // source/crud/tests/unified/bulkWrite-update-comment.json, "BulkWrite updateOne with string comment"
    // source/crud/tests/unified/bulkWrite-update-comment.json, "BulkWrite updateOne with document comment"
    ...both(
      ['BulkWrite updateOne with string comment', 'BulkWrite updateOne with document comment'],
      [
        { updateOne: { filter: { _id: 1 }, update: { x: 'foo' } } },
        { updateOne: { filter: { _id: 2 }, update: { x: 'bar' } } },
      ],
      {},
      { ...counts(0, 0, 2, 2, 0), insertedIds: { $$unsetOrMatches: {} }, upsertedIds: {} },
      {
        outcome: updates([{ _id: 1, x: 'foo' }, { _id: 2, x: 'bar' }, ...xs([3, 4])]),
        differs: NO_OPERATORS,
      },
    ),
    // source/crud/tests/unified/bulkWrite-update-comment.json, "BulkWrite updateMany with string comment"
    // source/crud/tests/unified/bulkWrite-update-comment.json, "BulkWrite updateMany with document comment"
    ...both(
      ['BulkWrite updateMany with string comment', 'BulkWrite updateMany with document comment'],
      [
        { updateMany: { filter: { _id: { $lt: 3 } }, update: { $inc: { x: 100 } } } },
        { updateMany: { filter: { _id: { $gte: 4 } }, update: { $inc: { x: 200 } } } },
      ],
      { ordered: true },
      { ...counts(0, 0, 3, 3, 0), insertedIds: { $$unsetOrMatches: {} }, upsertedIds: {} },
      {
        outcome: updates([
          { _id: 1, x: 111 },
          { _id: 2, x: 122 },
          { _id: 3, x: 33 },
          { _id: 4, x: 244 },
        ]),
      },
    ),
  ],
});
