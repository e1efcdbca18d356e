/**
 * `let` on reads and find-and-modify: source/crud/tests/unified/find-let.json,
 * findOneAndDelete-let.json, findOneAndReplace-let.json and findOneAndUpdate-let.json
 * (mongodb/specifications). Not ported: each file's "… unsupported (server-side error)" tests,
 * which run on servers before 5.0 only (`maxServerVersion` 4.1.99 or 4.4.99).
 */
import { type CollectionData, unified } from './runner.js';

const twoIds: CollectionData[] = [
  { collectionName: 'coll0', databaseName: 'crud-tests', documents: [{ _id: 1 }, { _id: 2 }] },
];
const entities = { databaseName: 'crud-tests', collections: { collection0: 'coll0' }, initialData: twoIds };
const byId = { $expr: { $eq: ['$_id', '$$id'] } };
const outcome = (first: object): CollectionData[] => [
  { collectionName: 'coll0', databaseName: 'crud-tests', documents: [{ _id: 1, ...first }, { _id: 2 }] },
];

unified({
  file: 'find-let.json',
  ...entities,
  tests: [
    // source/crud/tests/unified/find-let.json, "find with let option"
    {
      description: 'find with let option',
      operations: [
        {
          name: 'find',
          object: 'collection0',
          arguments: { filter: byId, let: { id: 1 } },
          expectResult: [{ _id: 1 }],
        },
      ],
    },
  ],
});

unified({
  file: 'findOneAndDelete-let.json',
  ...entities,
  tests: [
    // source/crud/tests/unified/findOneAndDelete-let.json, "findOneAndDelete with let option"
    {
      description: 'findOneAndDelete with let option',
      operations: [
        { name: 'findOneAndDelete', object: 'collection0', arguments: { filter: byId, let: { id: 1 } } },
      ],
      outcome: [{ collectionName: 'coll0', databaseName: 'crud-tests', documents: [{ _id: 2 }] }],
    },
  ],
});

unified({
  file: 'findOneAndReplace-let.json',
  ...entities,
  tests: [
    // source/crud/tests/unified/findOneAndReplace-let.json, "findOneAndReplace with let option"
    {
      description: 'findOneAndReplace with let option',
      operations: [
        {
          name: 'findOneAndReplace',
          object: 'collection0',
          arguments: { filter: byId, replacement: { x: 'x' }, let: { id: 1 } },
          expectResult: { _id: 1 },
        },
      ],
      outcome: outcome({ x: 'x' }),
    },
  ],
});

unified({
  file: 'findOneAndUpdate-let.json',
  ...entities,
  tests: [
    // source/crud/tests/unified/findOneAndUpdate-let.json, "FindOneAndUpdate with let option"
    {
      description: 'FindOneAndUpdate with let option',
      operations: [
        {
          name: 'findOneAndUpdate',
          object: 'collection0',
          arguments: {
            filter: byId,
            update: [{ $set: { x: '$$x', y: '$$y' } }],
            let: { id: 1, x: 'foo', y: { $literal: 'bar' } },
          },
          expectResult: { _id: 1 },
        },
      ],
      outcome: outcome({ x: 'foo', y: 'bar' }),
    },
    // source/crud/tests/unified/findOneAndUpdate-let.json, "findOneAndUpdate with let option and dollar-prefixed $literal value"
    {
      description: 'findOneAndUpdate with let option and dollar-prefixed $literal value',
      operations: [
        {
          name: 'findOneAndUpdate',
          object: 'collection0',
          arguments: {
            filter: byId,
            update: [{ $set: { x: '$$x', y: '$$y' } }],
            let: { id: 1, x: 'foo', y: { $literal: '$bar' } },
          },
          expectResult: { _id: 1 },
        },
      ],
      outcome: outcome({ x: 'foo', y: '$bar' }),
    },
  ],
});
