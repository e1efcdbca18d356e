/**
 * `rebuildSearchFields` (the `reindex-search` command): records whose search fields an
 * earlier version wrote — with another fold — are found again by the words that should find them
 * once rebuilt, and nothing else of them changes.
 */
import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { students } from '../../src/collections/students.js';
import { rebuildSearchFields } from '../../src/storage/search-rebuild.js';
import { build, pageOf } from '../support/helper.js';

const t = await build();
const { A } = await t.seed();
const { _id: id } = await t.create('students', {
  school: A.school,
  user: { name: 'Stanisław', surname: 'Łukasiewicz' },
  years: [{ year: A.year, enrolled: true, group: A.grade }],
});
const stored = () => t.db.collection('students').findOne({ 'user.name': 'Stanisław' });
const found = async (search: string) =>
  pageOf(students, await t.find(students, { search })).map((record) => record._id);

describe('rebuilding the search fields', () => {
  it('makes a record written with an older fold findable again, changing nothing else', async () => {
    // What the previous fold stored: marks stripped, but `ł` and `Ł` kept as they are.
    await t.db
      .collection('students')
      .updateOne({ 'user.name': 'Stanisław' }, { $set: { _search: ['stanisław', 'łukasiewicz'] } });
    const before = await stored();
    expect(await found('stanislaw')).toEqual([]);

    const report = await rebuildSearchFields(t.app.school.database.db);

    expect(await found('stanislaw')).toEqual([id]);
    const after = await stored();
    if (!before || !after) throw new Error('the record is gone');
    const { _search: oldTokens, _rev: revBefore, ...restBefore } = before;
    const { _search: newTokens, _rev: revAfter, ...restAfter } = after;
    expect(oldTokens).not.toEqual(newTokens);
    expect(restAfter).toEqual(restBefore);
    // A write of the record's search text, as every one is: a compare-and-set on the old _rev fails.
    expect(revAfter).toBe(Number(revBefore) + 1);
    expect(report.find((entry) => entry.collection === 'students')).toMatchObject({ rewritten: 1 });
  });

  it('writes nothing when every record is current, and reports what it read', async () => {
    const report = await rebuildSearchFields(t.app.school.database.db);
    const total = async (name: string) => t.db.collection(name).countDocuments({});
    expect(report.map((entry) => entry.collection).sort()).toEqual(['parents', 'staff', 'students']);
    for (const entry of report) {
      expect(entry).toEqual({
        collection: entry.collection,
        read: await total(entry.collection),
        rewritten: 0,
      });
    }
  });
});

describe('rebuilding while the record changes', () => {
  it('a record updated between the rebuild reading it and writing it keeps the update’s search text', async () => {
    const { _id: other } = await t.create('students', {
      school: A.school,
      user: { name: 'Bolesław', surname: 'Prus' },
    });
    // An older fold's tokens, as in the test above.
    await t.db
      .collection('students')
      .updateOne({ 'user.name': 'Bolesław' }, { $set: { _search: ['bolesław'] } });
    const db = t.app.school.database.db;
    let updated = false;
    // The store's update lands just before the rebuild writes this student.
    const racing = new Proxy(db, {
      get(target, property, receiver) {
        if (property !== 'collection') return Reflect.get(target, property, receiver);
        return (name: string) => {
          const collection = target.collection(name);
          if (name !== 'students') return collection;
          return new Proxy(collection, {
            get(inner, key, innerReceiver) {
              const original = Reflect.get(inner, key, innerReceiver);
              if (key !== 'updateOne')
                return typeof original === 'function' ? original.bind(inner) : original;
              return async (...args: Parameters<typeof inner.updateOne>) => {
                if (!updated && String(args[0]._id) === other) {
                  updated = true;
                  await t.put(`/api/students/${other}`, { user: { name: 'Aleksander' } });
                }
                return inner.updateOne(...args);
              };
            },
          });
        };
      },
    });
    const report = await rebuildSearchFields(racing);
    expect(updated).toBe(true);
    const after = await t.db.collection('students').findOne({ _id: new ObjectId(other) });
    expect(after?._search).toContain('aleksander');
    expect(after?._search).not.toContain('bolesław');
    expect(report.find((entry) => entry.collection === 'students')).toMatchObject({ rewritten: 0 });
  });
});
