/**
 * A student update racing with the refresh of a rename ends with the current names: the student's
 * own change and its grade's new name both in its search text. The races are made exact by a
 * database wrapper that runs the other side at the moment one side writes.
 */
import { ObjectId } from 'bson';
import type {
  AnyBulkWriteOperation,
  BulkWriteOptions,
  Collection,
  Db,
  Document,
  UpdateFilter,
} from 'mongodb';
import { describe, expect, it } from 'vitest';
import { build, expectOk } from '../support/helper.js';

/**
 * Runs once, just before the next write of a student that `matches` (an `updateOne`, or a
 * `bulkWrite` holding one), then lets it through.
 */
let interception:
  | { matches: (update: UpdateFilter<Document>) => boolean; run: () => Promise<void> }
  | undefined;

function intercepting(db: Db): Db {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'collection') return Reflect.get(target, property, receiver);
      return (name: string) => {
        const collection = target.collection(name);
        if (name !== 'students') return collection;
        return new Proxy(collection, {
          get(inner: Collection, key, innerReceiver) {
            const original = Reflect.get(inner, key, innerReceiver);
            const before = async (updates: UpdateFilter<Document>[]) => {
              const now = interception;
              if (now && updates.some((update) => now.matches(update))) {
                interception = undefined;
                await now.run();
              }
            };
            if (key === 'updateOne') {
              return async (filter: Document, update: UpdateFilter<Document>) => {
                await before([update]);
                return inner.updateOne(filter, update);
              };
            }
            if (key === 'bulkWrite') {
              return async (operations: AnyBulkWriteOperation[], options?: BulkWriteOptions) => {
                await before(operations.flatMap((op) => ('updateOne' in op ? [op.updateOne.update] : [])));
                return inner.bulkWrite(operations, options);
              };
            }
            return typeof original === 'function' ? original.bind(inner) : original;
          },
        });
      };
    },
  });
}

/** The store writes `updated_at` with every change of a record; the refresher never does. */
const byStore = (update: UpdateFilter<Document>) => Boolean(update.$set && 'updated_at' in update.$set);
const byRefresher = (update: UpdateFilter<Document>) => !byStore(update);

const t = await build({ wrapDb: intercepting });
const school = t.schools.A;
const year = (await t.create('years', { school, name: '2026' }))._id as string;

async function studentInGrade(word: string) {
  const grade = await t.create('grades', { school, name: `Grado${word}` });
  const student = await t.create('students', {
    school,
    user: { name: 'Eva', surname: word },
    years: [{ year, group: grade._id }],
  });
  return { grade: grade._id as string, student: student._id as string };
}

const textOf = async (id: string) =>
  (await t.db.collection('students').findOne({ _id: new ObjectId(id) }))?.relational_data.all as string;

describe('a student update racing with the refresh of a rename', () => {
  it('an update that read the old grade name before the rename, and writes after the refresh, reads it again: the new name stays', async () => {
    const { grade, student } = await studentInGrade('Roble');
    // The update has read the student and the old grade name; before it writes, the grade is renamed
    // and the refresh runs: the update's compare-and-set on the old _rev must fail.
    interception = {
      matches: byStore,
      run: async () => {
        expectOk(await t.put(`/api/grades/${grade}`, { name: 'Quinto' }));
        expect(await t.refreshDependents()).toBe(1);
      },
    };
    expectOk(await t.put(`/api/students/${student}`, { user: { name: 'Elena' } }));
    expect(interception).toBeUndefined();
    const text = await textOf(student);
    expect(text).toContain('Elena');
    expect(text).toContain('Quinto');
    expect(text).not.toContain('GradoRoble');
  });

  it('an update landing between the refresh reading a student and writing it: the refresh reads it again, and the change stays', async () => {
    const { grade, student } = await studentInGrade('Fresno');
    expectOk(await t.put(`/api/grades/${grade}`, { name: 'Sexto' }));
    interception = {
      matches: byRefresher,
      run: async () => {
        expectOk(await t.put(`/api/students/${student}`, { user: { name: 'Elisa' } }));
      },
    };
    expect(await t.refreshDependents()).toBe(1);
    expect(interception).toBeUndefined();
    const text = await textOf(student);
    expect(text).toContain('Elisa');
    expect(text).toContain('Sexto');
    expect(text).not.toContain('Eva');
  });
});
