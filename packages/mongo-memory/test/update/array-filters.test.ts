/**
 * `$[<identifier>]` with `arrayFilters`: the manual's examples (the "$[<identifier>]" page) and
 * MongoDB's refusals of filters and paths that do not fit, raised before any document is read.
 */
import { describe, expect, it } from 'vitest';
import { enginesFor, freshDriver as fresh } from '../support/helpers.js';

const engines = await enginesFor('array-filters');

const grades = (...rows: Array<[number, number, number]>) =>
  rows.map(([grade, mean, std]) => ({ grade, mean, std }));
const twoStudents = () => [
  { _id: 1, grades: grades([80, 75, 6], [85, 90, 4], [85, 85, 6]) },
  { _id: 2, grades: grades([90, 75, 6], [87, 90, 3], [85, 85, 4]) },
];

describe.each(engines)('array filters on $name', ({ db }) => {
  it('set the elements that match the filter', async () => {
    const c = await fresh(db, [
      { _id: 1, grades: [95, 92, 90] },
      { _id: 2, grades: [98, 100, 102] },
      { _id: 3, grades: [95, 110, 100] },
    ]);
    const result = await c.updateMany(
      {},
      { $set: { 'grades.$[element]': 100 } },
      { arrayFilters: [{ element: { $gte: 100 } }] },
    );
    expect(result).toMatchObject({ matchedCount: 3, modifiedCount: 2 });
    expect(await c.find({}).toArray()).toEqual([
      { _id: 1, grades: [95, 92, 90] },
      { _id: 2, grades: [98, 100, 100] },
      { _id: 3, grades: [95, 100, 100] },
    ]);
  });

  it('reach a field of the matching documents of an array', async () => {
    const c = await fresh(db, twoStudents());
    await c.updateMany(
      {},
      { $set: { 'grades.$[elem].mean': 100 } },
      { arrayFilters: [{ 'elem.grade': { $gte: 85 } }] },
    );
    expect(await c.find({}).toArray()).toEqual([
      { _id: 1, grades: grades([80, 75, 6], [85, 100, 4], [85, 100, 6]) },
      { _id: 2, grades: grades([90, 100, 6], [87, 100, 3], [85, 100, 4]) },
    ]);
  });

  it('combine several conditions on one identifier', async () => {
    const c = await fresh(db, twoStudents());
    await c.updateMany(
      {},
      { $inc: { 'grades.$[elem].std': -1 } },
      { arrayFilters: [{ 'elem.grade': { $gte: 80 }, 'elem.std': { $gt: 5 } }] },
    );
    expect(await c.find({}).toArray()).toEqual([
      { _id: 1, grades: grades([80, 75, 5], [85, 90, 4], [85, 85, 5]) },
      { _id: 2, grades: grades([90, 75, 5], [87, 90, 3], [85, 85, 4]) },
    ]);
  });

  it('select by a negation', async () => {
    const c = await fresh(db, [
      { _id: 1, degrees: [{ level: 'Master' }, { level: 'Bachelor' }] },
      { _id: 2, degrees: [{ level: 'Bachelor' }] },
    ]);
    const result = await c.updateMany(
      {},
      { $set: { 'degrees.$[degree].gradcampaign': 1 } },
      { arrayFilters: [{ 'degree.level': { $ne: 'Bachelor' } }] },
    );
    expect(result).toMatchObject({ matchedCount: 2, modifiedCount: 1 });
    expect(await c.find({}).toArray()).toEqual([
      { _id: 1, degrees: [{ level: 'Master', gradcampaign: 1 }, { level: 'Bachelor' }] },
      { _id: 2, degrees: [{ level: 'Bachelor' }] },
    ]);
  });

  it('nest under $[]', async () => {
    const c = await fresh(db, [
      {
        _id: 1,
        grades: [
          { type: 'quiz', questions: [10, 8, 5] },
          { type: 'quiz', questions: [8, 9, 6] },
          { type: 'hw', questions: [5, 4, 3] },
          { type: 'exam', questions: [25, 10, 23, 0] },
        ],
      },
    ]);
    await c.updateMany(
      {},
      { $inc: { 'grades.$[].questions.$[score]': 2 } },
      { arrayFilters: [{ score: { $gte: 8 } }] },
    );
    expect(await c.findOne({ _id: 1 })).toEqual({
      _id: 1,
      grades: [
        { type: 'quiz', questions: [12, 10, 5] },
        { type: 'quiz', questions: [10, 11, 6] },
        { type: 'hw', questions: [5, 4, 3] },
        { type: 'exam', questions: [27, 12, 25, 0] },
      ],
    });
  });

  it('apply in updateOne and findOneAndUpdate', async () => {
    const c = await fresh(db, [{ _id: 1, a: [1, 2, 3] }]);
    await c.updateOne({ _id: 1 }, { $mul: { 'a.$[big]': 10 } }, { arrayFilters: [{ big: { $gt: 1 } }] });
    const after = await c.findOneAndUpdate(
      { _id: 1 },
      { $set: { 'a.$[one]': 0 } },
      { arrayFilters: [{ one: 1 }], returnDocument: 'after' },
    );
    expect(after).toEqual({ _id: 1, a: [0, 20, 30] });
  });

  it('refuse two identifiers that reach one element (code 40)', async () => {
    const c = await fresh(db, [{ _id: 1, a: [1, 2] }]);
    await expect(
      c.updateOne(
        { _id: 1 },
        { $set: { 'a.$[x]': 0, 'a.$[y]': 5 } },
        { arrayFilters: [{ x: 1 }, { y: { $lt: 2 } }] },
      ),
    ).rejects.toMatchObject({ code: 40 });
    expect(await c.findOne({ _id: 1 })).toEqual({ _id: 1, a: [1, 2] });
  });
});

/** [what, update, arrayFilters, code, message]: each refused on an empty collection, nothing read. */
const refusals: Array<[string, object, unknown, number, string | undefined]> = [
  [
    'an identifier without a filter',
    { $set: { 'a.$[x]': 1 } },
    undefined,
    2,
    "No array filter found for identifier 'x' in path 'a.$[x]'",
  ],
  [
    'a filter the update does not use',
    { $set: { a: 1 } },
    [{ x: 1 }],
    9,
    "The array filter for identifier 'x' was not used in the update { $set: { a: 1 } }",
  ],
  [
    'an identifier in the first position',
    { $set: { '$[x]': 1 } },
    [{ x: 1 }],
    2,
    "Cannot have array filter identifier (i.e. '$[<id>]') element in the first position in path '$[x]'",
  ],
  [
    'a top-level name beginning with a capital',
    { $set: { 'a.$[X]': 1 } },
    [{ X: 1 }],
    2,
    "The top-level field name must be an alphanumeric string beginning with a lowercase letter, found 'X'",
  ],
  [
    'a top-level name that is not alphanumeric',
    { $set: { 'a.$[x_y]': 1 } },
    [{ x_y: 1 }],
    2,
    "The top-level field name must be an alphanumeric string beginning with a lowercase letter, found 'x_y'",
  ],
  [
    'two top-level names in one filter',
    { $set: { 'a.$[x]': 1 } },
    [{ x: 1, y: 1 }],
    9,
    "Expected a single top-level field name, found 'x' and 'y'",
  ],
  [
    'a filter without a field',
    { $set: { 'a.$[x]': 1 } },
    [{}],
    9,
    'Cannot use an expression without a top-level field name in arrayFilters',
  ],
  [
    'two filters for one identifier',
    { $set: { 'a.$[x]': 1 } },
    [{ x: 1 }, { x: 2 }],
    9,
    'Found multiple array filters with the same top-level field name x',
  ],
];

describe.each(engines)('array filters refused on $name', ({ db }) => {
  it.each(refusals)('refuses %s', async (_what, update, arrayFilters, code, message) => {
    const c = await fresh(db);
    const options = arrayFilters === undefined ? {} : { arrayFilters: arrayFilters as object[] };
    await expect(c.updateOne({}, update, options)).rejects.toMatchObject({
      code,
      ...(message ? { message } : {}),
    });
  });

  it('refuses array filters with a pipeline update (code 9)', async () => {
    const c = await fresh(db, [{ _id: 1 }]);
    await expect(c.updateOne({}, [{ $set: { a: 1 } }], { arrayFilters: [{ x: 1 }] })).rejects.toMatchObject({
      code: 9,
    });
  });
});
