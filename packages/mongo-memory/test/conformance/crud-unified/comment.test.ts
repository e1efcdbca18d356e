/**
 * `comment` on single writes and find-and-modify: source/crud/tests/unified/insertOne-comment.json,
 * insertMany-comment.json, updateOne-comment.json, updateMany-comment.json,
 * replaceOne-comment.json, deleteOne-comment.json, deleteMany-comment.json,
 * findOneAndDelete-comment.json, findOneAndReplace-comment.json and findOneAndUpdate-comment.json
 * (mongodb/specifications). Each file tests a string comment and a document comment; the engine
 * accepts both (a comment changes no answer). Where a test asserts only the command sent
 * (`expectEvents`), its one other assertion stays: the operation succeeds.
 */
import type { Document } from 'bson';
import { type CollectionData, type Operation, type UnifiedTest, unified } from './runner.js';

const coll0 = (documents: Document[]): CollectionData[] => [
  { collectionName: 'coll0', databaseName: 'crud-tests', documents },
];
const entities = (documents: Document[]) => ({
  databaseName: 'crud-tests',
  collections: { collection0: 'coll0' },
  initialData: coll0(documents),
});
const STRING = 'comment';
const DOCUMENT = { key: 'value' };

/** The file's two tests: `operation` with the string comment, then with the document comment. */
function both(
  descriptions: [string, string],
  operation: (comment: unknown) => Operation,
  rest: Partial<UnifiedTest> = {},
): UnifiedTest[] {
  return [
    { description: descriptions[0], operations: [operation(STRING)], ...rest },
    { description: descriptions[1], operations: [operation(DOCUMENT)], ...rest },
  ];
}

const op = (name: string, args: Document, expectResult?: unknown) => (comment: unknown) => ({
  name,
  object: 'collection0',
  arguments: { ...args, comment },
  ...(expectResult === undefined ? {} : { expectResult }),
});

unified({
  file: 'insertOne-comment.json',
  ...entities([{ _id: 1, x: 11 }]),
  // source/crud/tests/unified/insertOne-comment.json, "insertOne with string comment"
  // source/crud/tests/unified/insertOne-comment.json, "insertOne with document comment"
  tests: both(
    ['insertOne with string comment', 'insertOne with document comment'],
    op('insertOne', { document: { _id: 2, x: 22 } }),
  ),
});

unified({
  file: 'insertMany-comment.json',
  ...entities([{ _id: 1, x: 11 }]),
  // source/crud/tests/unified/insertMany-comment.json, "insertMany with string comment"
  // source/crud/tests/unified/insertMany-comment.json, "insertMany with document comment"
  tests: both(
    ['insertMany with string comment', 'insertMany with document comment'],
    op('insertMany', { documents: [{ _id: 2, x: 22 }] }),
  ),
});

unified({
  file: 'updateOne-comment.json',
  ...entities([{ _id: 1, x: 11 }]),
  // source/crud/tests/unified/updateOne-comment.json, "UpdateOne with string comment"
  // source/crud/tests/unified/updateOne-comment.json, "UpdateOne with document comment"
  tests: both(
    ['UpdateOne with string comment', 'UpdateOne with document comment'],
    op('updateOne', { filter: { _id: 1 }, update: { x: 22 } }),
    {
      // The stored test's update `{x: 22}` has no update operator: the driver refuses it before
      // sending ("Update document requires atomic operators", a MongoInvalidArgumentError), and so
      // does the engine; the test expects the update to succeed.
      differs: 'an update document without operators is refused as the driver refuses it',
    },
  ),
});

unified({
  file: 'updateMany-comment.json',
  ...entities([{ _id: 1, x: 11 }]),
  // source/crud/tests/unified/updateMany-comment.json, "UpdateMany with string comment"
  // source/crud/tests/unified/updateMany-comment.json, "UpdateMany with document comment"
  tests: both(
    ['UpdateMany with string comment', 'UpdateMany with document comment'],
    op('updateMany', { filter: { _id: 1 }, update: [{ $set: { x: 22 } }] }),
  ),
});

unified({
  file: 'replaceOne-comment.json',
  ...entities([{ _id: 1, x: 11 }]),
  // source/crud/tests/unified/replaceOne-comment.json, "ReplaceOne with string comment"
  // source/crud/tests/unified/replaceOne-comment.json, "ReplaceOne with document comment"
  tests: both(
    ['ReplaceOne with string comment', 'ReplaceOne with document comment'],
    op('replaceOne', { filter: { _id: 1 }, replacement: { x: 22 } }),
  ),
});

unified({
  file: 'deleteOne-comment.json',
  ...entities([{ _id: 1 }, { _id: 2 }]),
  // source/crud/tests/unified/deleteOne-comment.json, "deleteOne with string comment"
  // source/crud/tests/unified/deleteOne-comment.json, "deleteOne with document comment"
  tests: both(
    ['deleteOne with string comment', 'deleteOne with document comment'],
    op('deleteOne', { filter: { _id: 1 } }, { deletedCount: 1 }),
    { outcome: coll0([{ _id: 2 }]) },
  ),
});

unified({
  file: 'deleteMany-comment.json',
  ...entities([{ _id: 1 }, { _id: 2 }]),
  // source/crud/tests/unified/deleteMany-comment.json, "deleteMany with string comment"
  // source/crud/tests/unified/deleteMany-comment.json, "deleteMany with document comment"
  tests: both(
    ['deleteMany with string comment', 'deleteMany with document comment'],
    op('deleteMany', { filter: { _id: 1 } }, { deletedCount: 1 }),
    { outcome: coll0([{ _id: 2 }]) },
  ),
});

unified({
  file: 'findOneAndDelete-comment.json',
  ...entities([{ _id: 1 }, { _id: 2 }]),
  // source/crud/tests/unified/findOneAndDelete-comment.json, "findOneAndDelete with string comment"
  // source/crud/tests/unified/findOneAndDelete-comment.json, "findOneAndDelete with document comment"
  tests: both(
    ['findOneAndDelete with string comment', 'findOneAndDelete with document comment'],
    op('findOneAndDelete', { filter: { _id: 1 } }, { _id: 1 }),
  ),
});

unified({
  file: 'findOneAndReplace-comment.json',
  ...entities([{ _id: 1 }, { _id: 2 }]),
  // source/crud/tests/unified/findOneAndReplace-comment.json, "findOneAndReplace with string comment"
  // source/crud/tests/unified/findOneAndReplace-comment.json, "findOneAndReplace with document comment"
  tests: both(
    ['findOneAndReplace with string comment', 'findOneAndReplace with document comment'],
    op('findOneAndReplace', { filter: { _id: 1 }, replacement: { x: 5 } }, { _id: 1 }),
  ),
});

unified({
  file: 'findOneAndUpdate-comment.json',
  ...entities([{ _id: 1 }, { _id: 2 }]),
  // source/crud/tests/unified/findOneAndUpdate-comment.json, "findOneAndUpdate with string comment"
  // source/crud/tests/unified/findOneAndUpdate-comment.json, "findOneAndUpdate with document comment"
  tests: both(
    ['findOneAndUpdate with string comment', 'findOneAndUpdate with document comment'],
    op('findOneAndUpdate', { filter: { _id: 1 }, update: [{ $set: { x: 5 } }] }, { _id: 1 }),
  ),
});
