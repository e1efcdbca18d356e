/**
 * Reads: source/crud/tests/unified/aggregate.json, find.json, findOne.json, find-comment.json,
 * countDocuments-comment.json, estimatedDocumentCount.json and estimatedDocumentCount-comment.json
 * (mongodb/specifications). `batchSize` and `comment` are accepted and change no answer here; the
 * tests that only assert the commands sent (`expectEvents`) keep their one other assertion: the
 * operation succeeds. Not ported: the tests for servers before 4.9 (`count` instead of
 * `$collStats`, comments refused before 4.4), and estimatedDocumentCount.json's "errors correctly
 * … command error" and "… socket error", which need a fail point.
 */
import type { Document } from 'bson';
import { type CollectionData, unified } from './runner.js';

const xs = (ids: number[]): Document[] => ids.map((id) => ({ _id: id, x: id * 11 }));
const data = (databaseName: string, documents: Document[]): CollectionData[] => [
  { collectionName: 'coll0', databaseName, documents },
];
const entities = (databaseName: string, documents: Document[]) => ({
  databaseName,
  collections: { collection0: 'coll0' },
  initialData: data(databaseName, documents),
});

unified({
  file: 'aggregate.json',
  ...entities('aggregate-tests', xs([1, 2, 3, 4, 5, 6])),
  tests: [
    // source/crud/tests/unified/aggregate.json, "aggregate with multiple batches works"
    {
      description: 'aggregate with multiple batches works',
      operations: [
        {
          name: 'aggregate',
          arguments: { pipeline: [{ $match: { _id: { $gt: 1 } } }], batchSize: 2 },
          object: 'collection0',
          expectResult: xs([2, 3, 4, 5, 6]),
        },
      ],
    },
    // source/crud/tests/unified/aggregate.json, "aggregate with a string comment"
    {
      description: 'aggregate with a string comment',
      operations: [
        {
          name: 'aggregate',
          arguments: { pipeline: [{ $match: { _id: { $gt: 1 } } }], comment: 'comment' },
          object: 'collection0',
        },
      ],
    },
    // source/crud/tests/unified/aggregate.json, "aggregate with a document comment"
    {
      description: 'aggregate with a document comment',
      operations: [
        {
          name: 'aggregate',
          arguments: { pipeline: [{ $match: { _id: { $gt: 1 } } }], comment: { content: 'test' } },
          object: 'collection0',
        },
      ],
    },
  ],
});

unified({
  file: 'find.json',
  ...entities('find-tests', xs([1, 2, 3, 4, 5, 6, 7, 8])),
  tests: [
    // source/crud/tests/unified/find.json, "find with multiple batches works"
    {
      description: 'find with multiple batches works',
      operations: [
        {
          name: 'find',
          arguments: { filter: { _id: { $gt: 1 } }, batchSize: 2 },
          object: 'collection0',
          expectResult: xs([2, 3, 4, 5, 6, 7, 8]),
        },
      ],
    },
  ],
});

unified({
  file: 'findOne.json',
  ...entities('find-tests', xs([1, 2, 3, 4, 5, 6])),
  tests: [
    // source/crud/tests/unified/findOne.json, "FindOne with filter"
    {
      description: 'FindOne with filter',
      operations: [
        {
          object: 'collection0',
          name: 'findOne',
          arguments: { filter: { _id: 1 } },
          expectResult: { _id: 1, x: 11 },
        },
      ],
    },
    // source/crud/tests/unified/findOne.json, "FindOne with filter, sort, and skip"
    {
      description: 'FindOne with filter, sort, and skip',
      operations: [
        {
          object: 'collection0',
          name: 'findOne',
          arguments: { filter: { _id: { $gt: 2 } }, sort: { _id: 1 }, skip: 2 },
          expectResult: { _id: 5, x: 55 },
        },
      ],
    },
  ],
});

unified({
  file: 'find-comment.json',
  ...entities('crud-tests', [{ _id: 1 }, { _id: 2 }]),
  tests: [
    // source/crud/tests/unified/find-comment.json, "find with string comment"
    {
      description: 'find with string comment',
      operations: [
        {
          name: 'find',
          object: 'collection0',
          arguments: { filter: { _id: 1 }, comment: 'comment' },
          expectResult: [{ _id: 1 }],
        },
      ],
    },
    // source/crud/tests/unified/find-comment.json, "find with document comment"
    {
      description: 'find with document comment',
      operations: [
        {
          name: 'find',
          object: 'collection0',
          arguments: { filter: { _id: 1 }, comment: { key: 'value' } },
          expectResult: [{ _id: 1 }],
        },
      ],
    },
  ],
});

unified({
  file: 'countDocuments-comment.json',
  ...entities('countDocuments-comments-test', xs([1, 2, 3])),
  tests: [
    // source/crud/tests/unified/countDocuments-comment.json, "countDocuments with document comment on 4.4.0 or greater"
    {
      description: 'countDocuments with document comment on 4.4.0 or greater',
      operations: [
        {
          name: 'countDocuments',
          object: 'collection0',
          arguments: { filter: {}, comment: { key: 'value' } },
          expectResult: 3,
        },
      ],
    },
    // source/crud/tests/unified/countDocuments-comment.json, "countDocuments with string comment on less than 4.4.0"
    {
      description: 'countDocuments with string comment on less than 4.4.0',
      operations: [
        {
          name: 'countDocuments',
          object: 'collection0',
          arguments: { filter: {}, comment: 'comment' },
          expectResult: 3,
        },
      ],
    },
  ],
});

unified({
  file: 'estimatedDocumentCount.json',
  ...entities('edc-tests', xs([1, 2, 3])),
  collections: { collection0: 'coll0', collection1: 'coll1' },
  tests: [
    // source/crud/tests/unified/estimatedDocumentCount.json, "estimatedDocumentCount uses $collStats on 4.9.0 or greater"
    {
      description: 'estimatedDocumentCount uses $collStats on 4.9.0 or greater',
      operations: [{ name: 'estimatedDocumentCount', object: 'collection0', expectResult: 3 }],
    },
    // source/crud/tests/unified/estimatedDocumentCount.json, "estimatedDocumentCount with maxTimeMS on 4.9.0 or greater"
    {
      description: 'estimatedDocumentCount with maxTimeMS on 4.9.0 or greater',
      operations: [
        {
          name: 'estimatedDocumentCount',
          object: 'collection0',
          arguments: { maxTimeMS: 6000 },
          expectResult: 3,
        },
      ],
    },
    // source/crud/tests/unified/estimatedDocumentCount.json, "estimatedDocumentCount on non-existent collection on 4.9.0 or greater"
    {
      description: 'estimatedDocumentCount on non-existent collection on 4.9.0 or greater',
      operations: [{ name: 'estimatedDocumentCount', object: 'collection1', expectResult: 0 }],
    },
    // source/crud/tests/unified/estimatedDocumentCount.json, "estimatedDocumentCount with comment on 4.9.0 or greater"
    {
      description: 'estimatedDocumentCount with comment on 4.9.0 or greater',
      operations: [
        {
          name: 'estimatedDocumentCount',
          object: 'collection0',
          arguments: { comment: { key: 'value' } },
          expectResult: 3,
        },
      ],
    },
  ],
});

unified({
  file: 'estimatedDocumentCount-comment.json',
  ...entities('edc-comment-tests', xs([1, 2, 3])),
  tests: [
    // source/crud/tests/unified/estimatedDocumentCount-comment.json, "estimatedDocumentCount with document comment - post 4.9"
    {
      description: 'estimatedDocumentCount with document comment - post 4.9',
      operations: [
        {
          name: 'estimatedDocumentCount',
          object: 'collection0',
          arguments: { comment: { key: 'value' } },
          expectResult: 3,
        },
      ],
    },
  ],
});
