import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { enginesFor, fresh } from '../support/helpers.js';

const engines = await enginesFor('lookup');

const p1 = new ObjectId('64b7f0000000000000000001');
const p2 = new ObjectId('64b7f0000000000000000002');
const p3 = new ObjectId('64b7f0000000000000000003');

describe.each(engines)('$lookup on $name', ({ db }) => {
  async function setup() {
    const parents = await fresh(db, [
      { _id: p3, name: 'Cy' },
      { _id: p1, name: 'Al' },
      { _id: p2, name: 'Bo' },
    ]);
    const students = await fresh(db, [
      { _id: 1, parents: [p2, p1, new ObjectId()] },
      { _id: 2, parents: p3 },
      { _id: 3, parents: [] },
      { _id: 4 },
    ]);
    return { parents, students, from: parents.collectionName };
  }

  it('returns only the matching foreign documents for an array local field, in natural order, without nulls', async () => {
    const { students, from } = await setup();
    const out = await students
      .aggregate([
        { $match: { _id: 1 } },
        { $lookup: { from, localField: 'parents', foreignField: '_id', as: 'ps' } },
        { $project: { names: '$ps.name' } },
      ])
      .toArray();
    expect(out).toEqual([{ _id: 1, names: ['Al', 'Bo'] }]);
  });

  it('matches a scalar local field', async () => {
    const { students, from } = await setup();
    const [out] = await students
      .aggregate([
        { $match: { _id: 2 } },
        { $lookup: { from, localField: 'parents', foreignField: '_id', as: 'ps' } },
      ])
      .toArray();
    expect(out?.ps).toEqual([{ _id: p3, name: 'Cy' }]);
  });

  it('matches a missing local field with foreign documents whose field is null or missing', async () => {
    const grades = await fresh(db, [{ _id: 'g1', school: null }, { _id: 'g2' }, { _id: 'g3', school: 's' }]);
    const from = grades.collectionName;
    const students = await fresh(db, [{ _id: 1 }]);
    const [out] = await students
      .aggregate([{ $lookup: { from, localField: 'school', foreignField: 'school', as: 'g' } }])
      .toArray();
    expect((out!.g as Array<{ _id: string }>).map((g) => g._id)).toEqual(['g1', 'g2']);
  });

  it('treats an empty local array like a missing value: it matches foreign null or missing fields', async () => {
    const grades = await fresh(db, [
      { _id: 'g1', school: null },
      { _id: 'g2', school: 's' },
    ]);
    const students = await fresh(db, [{ _id: 1, school: [] }]);
    const [out] = await students
      .aggregate([
        { $lookup: { from: grades.collectionName, localField: 'school', foreignField: 'school', as: 'g' } },
      ])
      .toArray();
    expect((out!.g as Array<{ _id: string }>).map((g) => g._id)).toEqual(['g1']);
  });

  it('collects local values along a dotted path through an array of documents, each foreign match once', async () => {
    const years = await fresh(db, [
      { _id: 'y1', label: '2024' },
      { _id: 'y2', label: '2025' },
      { _id: 'y3', label: '2026' },
    ]);
    const from = years.collectionName;
    const students = await fresh(db, [
      { _id: 1, years: [{ year: 'y2' }, { year: 'y1' }, { year: 'y2' }, { other: 1 }] },
    ]);
    const [out] = await students
      .aggregate([
        { $lookup: { from, localField: 'years.year', foreignField: '_id', as: 'ys' } },
        { $project: { ys: '$ys._id' } },
      ])
      .toArray();
    expect(out).toEqual({ _id: 1, ys: ['y1', 'y2'] });
  });

  it('matches a foreign array field on any of its elements', async () => {
    const classes = await fresh(db, [
      { _id: 'c1', students: [1, 2] },
      { _id: 'c2', students: [3] },
    ]);
    const from = classes.collectionName;
    const students = await fresh(db, [{ _id: 2 }]);
    const [out] = await students
      .aggregate([{ $lookup: { from, localField: '_id', foreignField: 'students', as: 'cs' } }])
      .toArray();
    expect((out!.cs as Array<{ _id: string }>).map((c) => c._id)).toEqual(['c1']);
  });

  it('runs the concise sub-pipeline on the matched documents', async () => {
    const { students, from } = await setup();
    const [out] = await students
      .aggregate([
        { $match: { _id: 1 } },
        {
          $lookup: {
            from,
            localField: 'parents',
            foreignField: '_id',
            as: 'ps',
            pipeline: [{ $sort: { name: -1 } }, { $project: { _id: 0, name: 1 } }],
          },
        },
      ])
      .toArray();
    expect(out?.ps).toEqual([{ name: 'Bo' }, { name: 'Al' }]);
  });

  it('exposes let variables to $expr in the sub-pipeline', async () => {
    const { students, from } = await setup();
    const out = await students
      .aggregate([
        { $match: { _id: { $in: [1, 2] } } },
        {
          $lookup: {
            from,
            let: { ids: { $cond: [{ $isArray: '$parents' }, '$parents', ['$parents']] } },
            pipeline: [{ $match: { $expr: { $in: ['$_id', '$$ids'] } } }, { $project: { _id: 0, name: 1 } }],
            as: 'ps',
          },
        },
        { $project: { ps: 1 } },
      ])
      .toArray();
    expect(out).toEqual([
      { _id: 1, ps: [{ name: 'Al' }, { name: 'Bo' }] },
      { _id: 2, ps: [{ name: 'Cy' }] },
    ]);
  });

  it('gives an empty array for a collection that does not exist', async () => {
    const students = await fresh(db, [{ _id: 1, x: 1 }]);
    const [out] = await students
      .aggregate([{ $lookup: { from: 'nope_never', localField: 'x', foreignField: 'x', as: 'r' } }])
      .toArray();
    expect(out?.r).toEqual([]);
  });

  it('returns copies: changing a looked-up document does not change the stored one', async () => {
    const { students, parents, from } = await setup();
    const [out] = await students
      .aggregate([
        { $match: { _id: 2 } },
        { $lookup: { from, localField: 'parents', foreignField: '_id', as: 'ps' } },
      ])
      .toArray();
    (out!.ps as Array<Record<string, unknown>>)[0]!.name = 'changed';
    expect((await parents.findOne({ _id: p3 }))?.name).toBe('Cy');
  });

  it('rejects a $lookup with only one of localField and foreignField', async () => {
    const students = await fresh(db, [{ _id: 1 }]);
    await expect(
      students.aggregate([{ $lookup: { from: 'x', localField: 'a', as: 'r' } }]).toArray(),
    ).rejects.toMatchObject({
      name: 'MongoServerError',
    });
  });

  it('looks up a page of 20 students among 5000 parents quickly', async () => {
    const parents = await fresh(
      db,
      Array.from({ length: 5000 }, (_, i) => ({ _id: i, name: `p${i}` })),
    );
    const from = parents.collectionName;
    const students = await fresh(
      db,
      Array.from({ length: 200 }, (_, i) => ({ _id: i, parents: [i * 7, i * 13] })),
    );
    const started = performance.now();
    const page = await students
      .aggregate([
        { $sort: { _id: 1 } },
        { $skip: 20 },
        { $limit: 20 },
        { $lookup: { from, localField: 'parents', foreignField: '_id', as: 'ps' } },
      ])
      .toArray();
    expect(page).toHaveLength(20);
    expect(page[0]?.ps).toHaveLength(2);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('sees inserts, updates and deletes in the foreign collection made between two aggregates', async () => {
    const grades = await fresh(db, [
      { _id: 'g1', code: 'a', name: 'one' },
      { _id: 'g2', code: 'b', name: 'two' },
    ]);
    const from = grades.collectionName;
    const students = await fresh(db, [
      { _id: 1, grade: 'g1', code: 'a' },
      { _id: 2, grade: ['g2', 'g3'], code: ['b', 'c'] },
    ]);
    const run = async () => {
      const out = await students
        .aggregate([
          { $sort: { _id: 1 } },
          { $lookup: { from, localField: 'grade', foreignField: '_id', as: 'byId' } },
          { $lookup: { from, localField: 'code', foreignField: 'code', as: 'byCode' } },
          { $project: { byId: '$byId.name', byCode: '$byCode.name' } },
        ])
        .toArray();
      return out.map((d) => [d.byId, d.byCode]);
    };
    expect(await run()).toEqual([
      [['one'], ['one']],
      [['two'], ['two']],
    ]);

    await grades.insertOne({ _id: 'g3', code: 'c', name: 'three' });
    expect(await run()).toEqual([
      [['one'], ['one']],
      [
        ['two', 'three'],
        ['two', 'three'],
      ],
    ]);

    await grades.updateOne({ _id: 'g1' }, { $set: { name: 'uno', code: 'c' } });
    expect(await run()).toEqual([
      [['uno'], []],
      [
        ['two', 'three'],
        ['uno', 'two', 'three'],
      ],
    ]);

    await grades.replaceOne({ _id: 'g2' }, { code: 'a', name: 'dos' });
    expect(await run()).toEqual([
      [['uno'], ['dos']],
      [
        ['dos', 'three'],
        ['uno', 'three'],
      ],
    ]);

    await grades.deleteOne({ _id: 'g1' });
    await grades.findOneAndDelete({ code: 'c' });
    expect(await run()).toEqual([
      [[], ['dos']],
      [['dos'], []],
    ]);

    // Deleted and inserted again: now last in natural order.
    await grades.insertOne({ _id: 'g1', code: 'b', name: 'one again' });
    await grades.insertMany([{ _id: 'g4', code: 'b', name: 'four' }]);
    await students.updateOne({ _id: 2 }, { $set: { grade: ['g4', 'g1', 'g2'] } });
    expect(await run()).toEqual([
      [['one again'], ['dos']],
      [
        ['dos', 'one again', 'four'],
        ['one again', 'four'],
      ],
    ]);

    await grades.drop();
    expect(await run()).toEqual([
      [[], []],
      [[], []],
    ]);
    await grades.insertOne({ _id: 'g1', code: 'a', name: 'new' });
    expect(await run()).toEqual([
      [['new'], ['new']],
      [['new'], []],
    ]);
  });

  it('looks up by _id values of any type, missing and null included', async () => {
    const things = await fresh(db, [
      { _id: 1, name: 'int' },
      { _id: 'x', name: 'string' },
      { _id: { a: 1 }, name: 'document' },
      { _id: p1, name: 'oid' },
    ]);
    // An insert's null `_id` becomes an ObjectId in the driver; an upsert keeps it.
    await things.updateOne({ _id: null }, { $set: { name: 'null' } }, { upsert: true });
    const from = things.collectionName;
    const students = await fresh(db, [
      { _id: 1, ref: 1.0 },
      { _id: 2, ref: [{ a: 1 }, 'x', new ObjectId(p1.toHexString())] },
      { _id: 3 },
      { _id: 4, ref: [] },
      { _id: 5, ref: { a: 1, b: 2 } },
    ]);
    const out = await students
      .aggregate([
        { $sort: { _id: 1 } },
        { $lookup: { from, localField: 'ref', foreignField: '_id', as: 'r' } },
        { $project: { _id: 0, r: '$r.name' } },
      ])
      .toArray();
    expect(out).toEqual([
      { r: ['int'] },
      { r: ['string', 'document', 'oid'] },
      { r: ['null'] },
      { r: ['null'] },
      { r: [] },
    ]);
  });
});
