import { describe, expect, it } from 'vitest';
import { enginesFor, fresh } from '../support/helpers.js';

const engines = await enginesFor('aggregate');

type Doc = Record<string, unknown>;

/** [description, documents, pipeline, MongoDB's result]. */
const cases: Array<[string, Doc[], Doc[], Doc[]]> = [
  [
    '$match then $project',
    [
      { _id: 1, a: 1, b: 2 },
      { _id: 2, a: 2 },
    ],
    [{ $match: { a: 1 } }, { $project: { b: 1 } }],
    [{ _id: 1, b: 2 }],
  ],
  [
    '$project excluding _id and computing a field',
    [{ _id: 1, a: 1 }],
    [{ $project: { _id: 0, s: { $add: ['$a', 1] } } }],
    [{ s: 2 }],
  ],
  [
    '$project puts computed fields after included ones',
    [{ _id: 1, a: 1, b: 2 }],
    [{ $project: { _id: 0, a: { $literal: 5 }, b: 1 } }],
    [{ b: 2, a: 5 }],
  ],
  ['$project with an exclusion', [{ _id: 1, a: 1, b: 2 }], [{ $project: { b: 0 } }], [{ _id: 1, a: 1 }]],
  [
    '$project of a dotted path through an array of documents',
    [{ _id: 1, a: [{ b: 1, c: 2 }, 3, { c: 4 }] }],
    [{ $project: { _id: 0, 'a.b': 1 } }],
    [{ a: [{ b: 1 }, {}] }],
  ],
  [
    '$project inclusion drops arrays nested in arrays',
    [{ _id: 1, a: [[{ b: 1, c: 2 }], { b: 2, c: 3 }] }],
    [{ $project: { _id: 0, 'a.b': 1 } }],
    [{ a: [{ b: 2 }] }],
  ],
  [
    '$project exclusion leaves arrays nested in arrays as they are',
    [{ _id: 1, a: [[{ b: 1, c: 2 }], { b: 2, c: 3 }] }],
    [{ $project: { 'a.b': 0 } }],
    [{ _id: 1, a: [[{ b: 1, c: 2 }], { c: 3 }] }],
  ],
  ['$project of a path through a missing parent', [{ _id: 1 }], [{ $project: { 'a.b': 1 } }], [{ _id: 1 }]],
  [
    '$project field path through an array',
    [{ _id: 1, b: [{ c: 1 }, { c: 2 }, {}] }],
    [{ $project: { _id: 0, a: '$b.c' } }],
    [{ a: [1, 2] }],
  ],
  [
    '$addFields merges into an embedded document',
    [{ _id: 1, a: { c: 1 } }],
    [{ $addFields: { a: { b: 5 } } }],
    [{ _id: 1, a: { c: 1, b: 5 } }],
  ],
  [
    '$set of a dotted path sets it in every element of an array',
    [{ _id: 1, a: [{ b: 1 }, { b: 2 }] }],
    [{ $set: { 'a.c': 1 } }],
    [
      {
        _id: 1,
        a: [
          { b: 1, c: 1 },
          { b: 2, c: 1 },
        ],
      },
    ],
  ],
  ['$set to a missing value removes the field', [{ _id: 1, a: 1 }], [{ $set: { a: '$nope' } }], [{ _id: 1 }]],
  [
    '$unset of a dotted path through an array',
    [{ _id: 1, a: [{ b: 1, c: 1 }, { b: 2 }] }],
    [{ $unset: 'a.b' }],
    [{ _id: 1, a: [{ c: 1 }, {}] }],
  ],
  ['$count', [{ a: 1 }, { a: 2 }], [{ $count: 'n' }], [{ n: 2 }]],
  ['$count of nothing returns no document', [{ a: 1 }], [{ $match: { a: 5 } }, { $count: 'n' }], []],
  ['$skip and $limit', [{ _id: 1 }, { _id: 2 }, { _id: 3 }], [{ $skip: 1 }, { $limit: 1 }], [{ _id: 2 }]],
  [
    '$group accumulators; $push and $addToSet skip missing values',
    [
      { _id: 1, k: 1, v: 2 },
      { _id: 2, k: 1, v: 'x' },
      { _id: 3, k: 2 },
      { _id: 4, k: 1, v: 2 },
    ],
    [
      {
        $group: {
          _id: '$k',
          s: { $sum: '$v' },
          f: { $first: '$v' },
          p: { $push: '$v' },
          u: { $addToSet: '$v' },
          mx: { $max: '$v' },
          mn: { $min: '$v' },
          n: { $sum: 1 },
        },
      },
      { $sort: { _id: 1 } },
    ],
    [
      { _id: 1, s: 4, f: 2, p: [2, 'x', 2], u: [2, 'x'], mx: 'x', mn: 2, n: 3 },
      { _id: 2, s: 0, f: null, p: [], u: [], mx: null, mn: null, n: 1 },
    ],
  ],
  [
    '$group by a missing field uses null',
    [{ _id: 1 }, { _id: 2, k: null }],
    [{ $group: { _id: '$k', n: { $sum: 1 } } }],
    [{ _id: null, n: 2 }],
  ],
  [
    '$group with a document key leaves out missing fields',
    [{ _id: 1, a: 1 }],
    [{ $group: { _id: { a: '$a', b: '$b' } } }],
    [{ _id: { a: 1 } }],
  ],
  [
    '$unwind drops empty, null and missing; keeps scalars',
    [{ _id: 1, a: [1, 2] }, { _id: 2, a: [] }, { _id: 3, a: 3 }, { _id: 4 }, { _id: 5, a: null }],
    [{ $unwind: '$a' }],
    [
      { _id: 1, a: 1 },
      { _id: 1, a: 2 },
      { _id: 3, a: 3 },
    ],
  ],
  [
    '$unwind preserving null and empty arrays, with an index',
    [{ _id: 1, a: [7] }, { _id: 2, a: [] }, { _id: 3 }, { _id: 4, a: null }],
    [{ $unwind: { path: '$a', preserveNullAndEmptyArrays: true, includeArrayIndex: 'i' } }],
    [
      { _id: 1, a: 7, i: 0 },
      { _id: 2, i: null },
      { _id: 3, i: null },
      { _id: 4, a: null, i: null },
    ],
  ],
  ['$replaceRoot', [{ _id: 1, a: { x: 1 } }], [{ $replaceRoot: { newRoot: '$a' } }], [{ x: 1 }]],
  [
    '$replaceWith',
    [{ _id: 1, a: { x: 1 } }],
    [{ $replaceWith: { $mergeObjects: ['$a', { y: 2 }] } }],
    [{ x: 1, y: 2 }],
  ],
  [
    '$facet runs each pipeline on the same input',
    [{ _id: 1 }, { _id: 2 }],
    [{ $facet: { total: [{ $count: 'n' }], page: [{ $limit: 1 }] } }],
    [{ total: [{ n: 2 }], page: [{ _id: 1 }] }],
  ],
  ['$facet with an empty input', [], [{ $facet: { total: [{ $count: 'n' }] } }], [{ total: [] }]],
  [
    'expressions: $cond, $ifNull, $in, $eq, $ne, $type, $size',
    [{ _id: 1, a: 1, arr: [1, 2] }],
    [
      {
        $project: {
          _id: 0,
          c: { $cond: [{ $eq: ['$a', 1] }, 'y', 'n'] },
          i: { $ifNull: ['$b', 'd'] },
          n: { $in: ['$a', '$arr'] },
          ne: { $ne: ['$a', 2] },
          t: { $type: '$missing' },
          ta: { $type: '$arr' },
          s: { $size: '$arr' },
        },
      },
    ],
    [{ c: 'y', i: 'd', n: true, ne: true, t: 'missing', ta: 'array', s: 2 }],
  ],
  [
    'expressions: $filter, $map, $first, $arrayElemAt, $concatArrays, $setUnion, $mergeObjects',
    [{ _id: 1, a: [1, 2, 3], o: { b: 1 } }],
    [
      {
        $project: {
          _id: 0,
          f: { $filter: { input: '$a', cond: { $gt: ['$$this', 1] } } },
          m: { $map: { input: '$a', as: 'v', in: { $add: ['$$v', 1] } } },
          first: { $first: '$a' },
          last: { $arrayElemAt: ['$a', -1] },
          c: { $concatArrays: ['$a', [4]] },
          cn: { $concatArrays: ['$a', '$nope'] },
          u: { $size: { $setUnion: ['$a', [1, 5]] } },
          mo: { $mergeObjects: ['$o', null, { c: 1 }] },
        },
      },
    ],
    [{ f: [2, 3], m: [2, 3, 4], first: 1, last: 3, c: [1, 2, 3, 4], cn: null, u: 4, mo: { b: 1, c: 1 } }],
  ],
];

/** [description, pipeline, error code]. */
const rejected: Array<[string, Doc[], number]> = [
  ['$elemMatch in $project (find projections only)', [{ $project: { a: { $elemMatch: { x: 1 } } } }], 168],
  ['$elemMatch in $addFields', [{ $addFields: { a: { $elemMatch: { x: 1 } } } }], 168],
  ['$elemMatch in $set', [{ $set: { a: { $elemMatch: { x: 1 } } } }], 168],
  ['an unknown expression operator', [{ $project: { a: { $foo: 1 } } }], 168],
  ['$limit 0', [{ $limit: 0 }], 15958],
  ['a negative $limit', [{ $limit: -1 }], 15958],
  ['a fractional $limit', [{ $limit: 1.5 }], 15958],
  ['a $limit that is not a number', [{ $limit: '1' }], 15957],
  ['a negative $skip', [{ $skip: -1 }], 15956],
  ['a $project mixing exclusion into inclusion', [{ $project: { a: 1, b: 0 } }], 31254],
  ['a $project mixing inclusion into exclusion', [{ $project: { b: 0, a: 1 } }], 31253],
  ['a $project naming a path and its parent', [{ $project: { a: 1, 'a.b': 1 } }], 31250],
  ['a $project naming a path and its child', [{ $project: { 'a.b': 1, a: 1 } }], 31250],
  ['an empty $project', [{ $project: {} }], 51272],
  ['a $count name starting with $', [{ $count: '$n' }], 40158],
  ['a $count name with a dot', [{ $count: 'a.b' }], 40160],
  ['an empty $count name', [{ $count: '' }], 40157],
  ['$group without _id', [{ $group: { n: { $sum: 1 } } }], 15955],
  ['$group with an unknown accumulator', [{ $group: { _id: null, n: { $foo: 1 } } }], 15952],
  ['$sort with an empty specification', [{ $sort: {} }], 15976],
  ['$sort with a bad direction', [{ $sort: { a: 2 } }], 15975],
  ['an unknown stage', [{ $foo: {} }], 40324],
  ['a stage with two fields', [{ $match: {}, $limit: 1 }], 40323],
  ['$replaceRoot to a non-document', [{ $replaceRoot: { newRoot: '$a' } }], 40228],
  ['$size of a missing field', [{ $project: { s: { $size: '$nope' } } }], 17124],
  ['$unwind path without $', [{ $unwind: 'a' }], 28818],
  ['$facet inside $facet', [{ $facet: { a: [{ $facet: { b: [] } }] } }], 40600],
];

describe.each(engines)('aggregate on $name', ({ db, inProcess }) => {
  it.each(cases)('%s', async (_description, docs, pipeline, expected) => {
    const collection = await fresh(db, docs);
    expect(await collection.aggregate(pipeline).toArray()).toEqual(expected);
  });

  it.each(rejected)('rejects %s', async (_description, pipeline, code) => {
    const collection = await fresh(db, [{ _id: 1, a: 1 }]);
    await expect(collection.aggregate(pipeline).toArray()).rejects.toMatchObject({
      name: 'MongoServerError',
      code,
    });
  });

  it('says which expression it does not recognise', async () => {
    const collection = await fresh(db, [{ _id: 1, a: [{ x: 1 }] }]);
    await expect(
      collection.aggregate([{ $project: { a: { $elemMatch: { x: 1 } } } }]).toArray(),
    ).rejects.toThrow(/Unrecognized expression '\$elemMatch'/);
  });

  it('reports path collisions by path', async () => {
    const collection = await fresh(db, [{ _id: 1 }]);
    await expect(collection.aggregate([{ $project: { a: 1, 'a.b': 1 } }]).toArray()).rejects.toThrow(
      /^Path collision at a\.b/,
    );
  });

  it('iterates an aggregation cursor asynchronously', async () => {
    const collection = await fresh(db, [{ _id: 1 }, { _id: 2 }]);
    const seen: unknown[] = [];
    for await (const doc of collection.aggregate([{ $sort: { _id: -1 } }])) seen.push(doc._id);
    expect(seen).toEqual([2, 1]);
  });

  it.runIf(inProcess)('names the stage it does not support', async () => {
    const collection = await fresh(db, [{ _id: 1 }]);
    await expect(collection.aggregate([{ $sample: { size: 1 } }]).toArray()).rejects.toMatchObject({
      name: 'MemoryEngineUnsupportedError',
      message: expect.stringContaining('$sample'),
    });
  });
});

describe.each(engines)('aggregation leaves the stored documents alone on $name', ({ db }) => {
  it('after every kind of stage, including $lookup into a dotted field and $replaceRoot', async () => {
    const docs = [
      { _id: 1, a: { b: [{ c: 1 }, { c: 2 }] }, t: [1, 2], o: { p: 1 } },
      { _id: 2, a: { b: [] }, t: [], o: { p: 2 } },
    ];
    const collection = await fresh(db, docs);
    const from = collection.collectionName;
    const results = await collection
      .aggregate([
        { $lookup: { from, localField: '_id', foreignField: '_id', as: 'o.self' } },
        { $set: { 'a.b.c': 9, 'o.q': 1 } },
        { $unwind: { path: '$t', preserveNullAndEmptyArrays: true } },
        { $unset: 'a.b.c' },
        { $facet: { all: [{ $replaceRoot: { newRoot: '$o' } }, { $set: { p: 0 } }], n: [{ $count: 'n' }] } },
      ])
      .toArray();
    const all = results[0]?.all as Array<Record<string, unknown>>;
    (all[0]!.self as Array<Record<string, unknown>>)[0]!.t = 'changed';
    expect(await collection.find({}).toArray()).toEqual(docs);
  });

  it('keeps what a copy would give after $set, $project and $unset (missing values in arrays are null)', async () => {
    const collection = await fresh(db, [{ _id: 1, k: { l: [1, { m: 2 }] } }]);
    const out = await collection
      .aggregate([
        { $replaceWith: { _id: '$_id', a: ['$missing', 1], k: '$k' } },
        { $set: { 'k.n': 3 } },
        { $project: { a: 1, k: 1, first: { $type: { $arrayElemAt: ['$a', 0] } } } },
        { $set: { again: { $type: { $arrayElemAt: ['$a', 0] } } } },
        { $unset: 'k.l' },
      ])
      .toArray();
    expect(out).toEqual([{ _id: 1, a: [null, 1], k: { n: 3 }, first: 'null', again: 'null' }]);
    expect(await collection.find({}).toArray()).toEqual([{ _id: 1, k: { l: [1, { m: 2 }] } }]);
  });

  it('stores a pipeline update that shares nothing with the previous version or the update', async () => {
    const collection = await fresh(db, [{ _id: 1, a: { b: [{ c: 1 }] }, d: { e: 1 } }]);
    const literal = { x: [1] };
    await collection.updateOne({ _id: 1 }, [
      { $set: { 'a.b.f': 2, lit: { $literal: literal } } },
      { $project: { a: 1, d: 1, lit: 1 } },
    ]);
    literal.x.push(2);
    const [stored] = await collection.find({}).toArray();
    expect(stored).toEqual({ _id: 1, a: { b: [{ c: 1, f: 2 }] }, d: { e: 1 }, lit: { x: [1] } });
    (stored!.a as { b: Array<Record<string, unknown>> }).b[0]!.c = 'changed';
    expect(await collection.findOne({ _id: 1 })).toEqual({
      _id: 1,
      a: { b: [{ c: 1, f: 2 }] },
      d: { e: 1 },
      lit: { x: [1] },
    });
  });
});
