/**
 * Sorting on dotted paths through arrays, with MongoDB's own expected orders: the documents and
 * answers of jstests/core/query/sort/sort_dotted_paths.js in the MongoDB server repository. A sort
 * key is built like a compound index key: keys inside one array pair up element by element, an
 * empty array at the end of a path is below null, and a path through an empty array is null.
 */
import type { Document } from 'bson';
import { describe, expect, it } from 'vitest';
import { enginesFor, fresh, ids } from '../support/helpers.js';

const engines = await enginesFor('sort-dotted-paths');

type Case = [sort: Record<string, 1 | -1>, expected: number[]];

const mixed: Document[] = [
  { _id: 1, a: 1, b: [2] },
  { _id: 2, a: 2, b: [] },
  { _id: 3, a: [], b: 4 },
  { _id: 4, a: [1], b: 4 },
  { _id: 5, a: [2, 3], b: 2 },
  { _id: 6, a: 2, b: [3, 5] },
  { _id: 7, a: 1, b: [1, 3] },
  { _id: 8, a: [1, 2], b: 3 },
  { _id: 9, a: 2, b: 3 },
];

const lengthTwo: Document[] = [
  { _id: 1, a: { b: 2 } },
  { _id: 2, a: { b: [] } },
  { _id: 3, a: { b: [2, 3] } },
  { _id: 4, a: { c: 1 } },
  { _id: 5, a: [] },
  { _id: 6, a: [{ b: [5] }] },
  { _id: 7, a: [{ b: [4, 5] }, { b: 7 }] },
  { _id: 8, a: [{ b: [1, 3] }, { b: [2, 5] }] },
  { _id: 9, a: [{ b: [] }, { b: [1, 3] }] },
];

/** A document whose `a` is an array of `{b, c}` pairs, as the jstest writes most of its documents. */
const pairs = (_id: number, ...a: Array<[b: unknown, c: unknown]>): Document => ({
  _id,
  a: a.map(([b, c]) => ({ b, c })),
});

const commonPrefix: Document[] = [
  pairs(1, [4, 1], [1, 2]),
  pairs(2, [2, 1], [4, 2]),
  pairs(3, [6, 1], [9, 2]),
  pairs(4, [4, 1], [5, 3]),
  pairs(5, [2, 1], [7, 3]),
  pairs(6, [5, 1], [3, 3]),
  pairs(7, [7, 2], [2, 3]),
  pairs(8, [3, 2], [8, 3]),
  pairs(9, [8, 2], [6, 3]),
];

const nestedCommonPrefix: Document[] = [
  pairs(1, [[4, 1], 1], [[1, 5], 2]),
  pairs(2, [2, [1, 3]], [4, [2, 4]]),
  pairs(3, [[6, 4], 1], [[9, 7], 2]),
  pairs(4, [4, [1, 2]], [5, [3, 2]]),
  pairs(5, [[2, 3], 1], [[7, 6], 3]),
  pairs(6, [5, []], [3, 3]),
  pairs(7, [[], 2], [2, 3]),
  pairs(8, [3, [2]], [8, [3]]),
  pairs(9, [[8], 2], [[6], 3]),
];

const noCommonPrefix: Document[] = [
  { _id: 1, a: { b: 1 }, c: [{ d: [4, 1] }, { d: [1, 5] }] },
  { _id: 2, a: [{ b: [1, 3] }, { b: [2, 4] }], c: { d: 2 } },
  { _id: 3, a: { b: 1 }, c: [{ d: [6, 4] }, { d: [9, 7] }] },
  { _id: 4, a: [{ b: [2] }, { b: [3, 2] }], c: { d: 4 } },
  { _id: 5, a: { b: 1 }, c: [{ d: [2, 3] }, { d: [7, 6] }] },
  { _id: 6, a: [{ b: [] }, { b: 3 }], c: { d: 4 } },
  { _id: 7, a: { b: 2 }, c: [{ d: [] }, { d: 2 }] },
  { _id: 8, a: [{ b: [2] }, { b: [3] }], c: { d: 3 } },
  { _id: 9, a: { b: 3 }, c: [{ d: [8] }, { d: [6] }] },
];

const lengthThree: Document[] = [
  { _id: 1, a: { b: { c: 2 } } },
  { _id: 2, a: { b: { c: [] } } },
  { _id: 3, a: [{ b: [] }, { b: { c: [] } }] },
  { _id: 4, a: [{ b: { c: 1 } }] },
  { _id: 5, a: { b: [{ c: 3 }, { d: 1 }] } },
  { _id: 6, a: { b: [{ c: [5] }] } },
  { _id: 7, a: [] },
  { _id: 8, a: { b: [{ c: [1, 3] }, { c: [2, 5] }] } },
  { _id: 9, a: [{ b: [{ c: [] }, { c: [1, 3] }] }] },
];

const groups: Array<[string, Document[], Case[]]> = [
  [
    'a and b, each an array in some documents',
    mixed,
    [
      [{ a: 1, b: 1, _id: 1 }, [3, 7, 1, 8, 4, 2, 5, 6, 9]],
      [{ a: 1, b: -1, _id: 1 }, [3, 4, 7, 8, 1, 6, 9, 5, 2]],
      [{ a: -1, b: 1, _id: 1 }, [5, 2, 6, 8, 9, 7, 1, 4, 3]],
      [{ a: -1, b: -1, _id: 1 }, [5, 6, 8, 9, 2, 4, 7, 1, 3]],
    ],
  ],
  [
    'a path of length 2',
    lengthTwo,
    [
      [{ 'a.b': 1, _id: 1 }, [2, 9, 4, 5, 8, 1, 3, 7, 6]],
      [{ 'a.b': 1, _id: -1 }, [9, 2, 5, 4, 8, 3, 1, 7, 6]],
      [{ 'a.b': -1, _id: 1 }, [7, 6, 8, 3, 9, 1, 4, 5, 2]],
      [{ 'a.b': -1, _id: -1 }, [7, 8, 6, 9, 3, 1, 5, 4, 2]],
    ],
  ],
  [
    'two paths of length 2 with a common prefix',
    commonPrefix,
    [
      [{ 'a.c': 1, 'a.b': 1, _id: 1 }, [2, 5, 1, 4, 6, 3, 8, 7, 9]],
      [{ 'a.c': 1, 'a.b': -1, _id: 1 }, [3, 6, 1, 4, 2, 5, 9, 7, 8]],
      [{ 'a.c': -1, 'a.b': 1, _id: 1 }, [7, 6, 4, 9, 5, 8, 1, 2, 3]],
      [{ 'a.c': -1, 'a.b': -1, _id: 1 }, [8, 5, 9, 4, 6, 7, 3, 2, 1]],
      [{ 'a.c': 1, a: 1, _id: 1 }, [2, 5, 1, 4, 6, 3, 8, 7, 9]],
      [{ 'a.c': 1, a: -1, _id: 1 }, [3, 6, 1, 4, 2, 5, 9, 7, 8]],
      [{ 'a.c': -1, a: 1, _id: 1 }, [7, 6, 4, 9, 5, 8, 1, 2, 3]],
      [{ 'a.c': -1, a: -1, _id: 1 }, [8, 5, 9, 4, 6, 7, 3, 2, 1]],
    ],
  ],
  [
    'two paths with a common prefix and arrays below it',
    nestedCommonPrefix,
    [
      [{ 'a.c': 1, 'a.b': 1, _id: 1 }, [6, 1, 2, 5, 3, 4, 7, 8, 9]],
      [{ 'a.c': 1, 'a.b': -1, _id: 1 }, [6, 3, 1, 4, 5, 2, 9, 8, 7]],
      [{ 'a.c': -1, 'a.b': 1, _id: 1 }, [2, 7, 6, 4, 5, 9, 8, 1, 3]],
      [{ 'a.c': -1, 'a.b': -1, _id: 1 }, [2, 8, 5, 9, 4, 6, 7, 3, 1]],
      [{ 'a.b': 1, a: 1, _id: 1 }, [7, 1, 2, 5, 6, 8, 4, 3, 9]],
      [{ 'a.b': 1, a: -1, _id: 1 }, [7, 1, 5, 2, 8, 6, 3, 4, 9]],
      [{ 'a.b': -1, a: 1, _id: 1 }, [3, 8, 9, 5, 6, 4, 1, 2, 7]],
      [{ 'a.b': -1, a: -1, _id: 1 }, [3, 9, 8, 5, 1, 4, 6, 2, 7]],
      [{ 'a.0.b': 1, _id: 1 }, [7, 1, 2, 5, 8, 3, 4, 6, 9]],
      [{ 'a.0.b': 1, _id: -1 }, [7, 1, 5, 2, 8, 4, 3, 6, 9]],
      [{ 'a.0.b': -1, _id: 1 }, [9, 3, 6, 1, 4, 5, 8, 2, 7]],
      [{ 'a.0.b': -1, _id: -1 }, [9, 3, 6, 4, 1, 8, 5, 2, 7]],
    ],
  ],
  [
    'two paths of length 2 without a common prefix',
    noCommonPrefix,
    [
      [{ 'a.b': 1, 'c.d': 1, _id: 1 }, [6, 1, 2, 5, 3, 7, 8, 4, 9]],
      [{ 'a.b': 1, 'c.d': -1, _id: 1 }, [6, 3, 5, 1, 2, 4, 8, 7, 9]],
      [{ 'a.b': -1, 'c.d': 1, _id: 1 }, [2, 8, 4, 6, 9, 7, 1, 5, 3]],
      [{ 'a.b': -1, 'c.d': -1, _id: 1 }, [2, 9, 4, 6, 8, 7, 3, 5, 1]],
    ],
  ],
  [
    'a path of length 3',
    lengthThree,
    [
      [{ 'a.b.c': 1, _id: 1 }, [2, 3, 9, 5, 7, 4, 8, 1, 6]],
      [{ 'a.b.c': 1, _id: -1 }, [9, 3, 2, 7, 5, 8, 4, 1, 6]],
      [{ 'a.b.c': -1, _id: 1 }, [6, 8, 5, 9, 1, 4, 3, 7, 2]],
      [{ 'a.b.c': -1, _id: -1 }, [8, 6, 9, 5, 1, 4, 7, 3, 2]],
    ],
  ],
];

describe.each(engines)('sorting on dotted paths on $name, as MongoDB’s jstests expect', ({ db }) => {
  describe.each(groups)('%s', (_name, docs, cases) => {
    it.each(cases)('%j', async (sort, expected) => {
      const collection = await fresh(db, docs);
      expect(
        ids(
          await collection
            .find({}, { projection: { _id: 1 } })
            .sort(sort)
            .toArray(),
        ),
      ).toEqual(expected);
      expect(ids(await collection.find({}).sort(sort).limit(500).toArray())).toEqual(expected);
      expect(ids(await collection.aggregate([{ $sort: sort }]).toArray())).toEqual(expected);
    });
  });
});
