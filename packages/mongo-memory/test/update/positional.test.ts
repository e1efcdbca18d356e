/**
 * The positional update `$`: the first array element the query matched, with the manual's examples
 * for `$` (the "$ (update)" page) and `$[]` (the "$[] (update)" page), and MongoDB's errors.
 */
import { describe, expect, it } from 'vitest';
import { enginesFor, freshDriver as fresh } from '../support/helpers.js';

const engines = await enginesFor('positional');

const students = [
  { _id: 1, grades: [85, 80, 80] },
  { _id: 2, grades: [88, 90, 92] },
  { _id: 3, grades: [85, 100, 90] },
];
const graded = (std: number[], means = [75, 90, 85], grade = [80, 85, 85]) =>
  std.map((s, i) => ({ grade: grade[i], mean: means[i], std: s }));

describe.each(engines)('the positional $ on $name', ({ db }) => {
  it('sets the first element the query matched', async () => {
    const c = await fresh(db, students);
    const result = await c.updateOne({ _id: 1, grades: 80 }, { $set: { 'grades.$': 82 } });
    expect(result).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
    expect(await c.findOne({ _id: 1 })).toEqual({ _id: 1, grades: [85, 82, 80] });
  });

  it('reaches into the matched document of an array', async () => {
    const c = await fresh(db, [{ _id: 4, grades: graded([8, 5, 8]) }]);
    await c.updateOne({ _id: 4, 'grades.grade': 85 }, { $set: { 'grades.$.std': 6 } });
    expect(await c.findOne({ _id: 4 })).toEqual({ _id: 4, grades: graded([8, 6, 8]) });
  });

  it('takes the element $elemMatch matched on several fields', async () => {
    const grades = graded([8, 5, 3], [75, 90, 85], [80, 85, 90]);
    const c = await fresh(db, [{ _id: 5, grades }]);
    await c.updateOne(
      { _id: 5, grades: { $elemMatch: { grade: { $lte: 90 }, mean: { $gt: 80 } } } },
      { $set: { 'grades.$.std': 6 } },
    );
    expect(await c.findOne({ _id: 5 })).toEqual({
      _id: 5,
      grades: graded([8, 6, 3], [75, 90, 85], [80, 85, 90]),
    });
  });

  it('takes each document its own position in updateMany', async () => {
    const c = await fresh(db, students);
    const result = await c.updateMany({ grades: { $gte: 90 } }, { $inc: { 'grades.$': 1 } });
    expect(result).toMatchObject({ matchedCount: 2, modifiedCount: 2 });
    expect(await c.find({}).toArray()).toEqual([
      { _id: 1, grades: [85, 80, 80] },
      { _id: 2, grades: [88, 91, 92] },
      { _id: 3, grades: [85, 101, 90] },
    ]);
  });

  it('works in findOneAndUpdate, $unset leaving null in the array', async () => {
    const c = await fresh(db, students);
    const after = await c.findOneAndUpdate(
      { _id: 3, grades: 100 },
      { $unset: { 'grades.$': '' } },
      { returnDocument: 'after' },
    );
    expect(after).toEqual({ _id: 3, grades: [85, null, 90] });
  });

  it('refuses a query that matched no array element (code 2), whatever the document', async () => {
    const c = await fresh(db, students);
    for (const filter of [
      { _id: 1 },
      { _id: 1, grades: { $ne: 100 } },
      { $or: [{ grades: 85 }, { x: 1 }] },
    ]) {
      await expect(c.updateOne(filter, { $set: { 'grades.$': 0 } })).rejects.toMatchObject({
        code: 2,
        message: 'The positional operator did not find the match needed from the query.',
      });
    }
    expect(await c.find({}).toArray()).toEqual(students);
  });

  it('refuses $ in the document an upsert inserts (code 2), storing nothing', async () => {
    const c = await fresh(db);
    await expect(
      c.updateOne({ _id: 9, grades: 80 }, { $set: { 'grades.$': 1 } }, { upsert: true }),
    ).rejects.toMatchObject({
      code: 2,
      message: 'The positional operator did not find the match needed from the query.',
    });
    expect(await c.countDocuments()).toBe(0);
  });

  it('refuses two $ in one path, or $ first, before reading a document', async () => {
    const c = await fresh(db);
    await expect(c.updateOne({}, { $set: { 'a.$.b.$': 1 } })).rejects.toMatchObject({
      code: 2,
      message: "Too many positional (i.e. '$') elements found in path 'a.$.b.$'",
    });
    await expect(c.updateOne({}, { $set: { '$.a': 1 } })).rejects.toMatchObject({
      code: 2,
      message: "Cannot have positional (i.e. '$') element in the first position in path '$.a'",
    });
  });

  it('keeps a unique index over the array exact', async () => {
    const c = await fresh(db, students.slice(0, 2));
    await c.createIndex({ grades: 1 }, { unique: true });
    await c.updateOne({ _id: 1, grades: 80 }, { $set: { 'grades.$': 70 } });
    expect(await c.find({ grades: 70 }).toArray()).toEqual([{ _id: 1, grades: [85, 70, 80] }]);
    await expect(c.updateOne({ _id: 1, grades: 70 }, { $set: { 'grades.$': 92 } })).rejects.toMatchObject({
      code: 11000,
    });
    expect(await c.find({ grades: 92 }).toArray()).toEqual([{ _id: 2, grades: [88, 90, 92] }]);
  });
});

describe.each(engines)('the all-positional $[] on $name', ({ db }) => {
  it('increments every element of every document', async () => {
    const c = await fresh(db, students);
    await c.updateMany({}, { $inc: { 'grades.$[]': 10 } });
    expect(await c.find({}).toArray()).toEqual([
      { _id: 1, grades: [95, 90, 90] },
      { _id: 2, grades: [98, 100, 102] },
      { _id: 3, grades: [95, 110, 100] },
    ]);
  });

  it('upserts through the array the query equality seeds', async () => {
    const c = await fresh(db);
    await c.updateOne({ myArray: [5, 8] }, { $set: { 'myArray.$[]': 10 } }, { upsert: true });
    expect(await c.find({}, { projection: { _id: 0 } }).toArray()).toEqual([{ myArray: [10, 10] }]);
  });

  it('refuses a missing or non-array path (code 2)', async () => {
    const c = await fresh(db, [{ _id: 1, a: 1 }]);
    await expect(c.updateOne({ _id: 1 }, { $set: { 'b.$[]': 1 } })).rejects.toMatchObject({
      code: 2,
      message: "The path 'b' must exist in the document in order to apply array updates.",
    });
    await expect(c.updateOne({ _id: 1 }, { $set: { 'a.$[]': 1 } })).rejects.toMatchObject({
      code: 2,
      message: 'Cannot apply array updates to non-array element a: 1',
    });
    await expect(c.updateOne({}, { $set: { 'x.$[]': 1 } }, { upsert: true })).rejects.toMatchObject({
      code: 2,
    });
  });
});
