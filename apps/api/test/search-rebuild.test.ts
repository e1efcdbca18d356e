/**
 * `rebuildSearchFields` (the `reindex-search` command): records whose search fields an
 * earlier version wrote — with another fold — are found again by the words that should find them
 * once rebuilt, and nothing else of them changes.
 */
import { describe, expect, it } from 'vitest';
import { students } from '../src/collections/students.js';
import { rebuildSearchFields } from '../src/storage/search-rebuild.js';
import { build, pageOf } from './helper.js';

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
    const { _search: oldTokens, ...restBefore } = before;
    const { _search: newTokens, ...restAfter } = after;
    expect(oldTokens).not.toEqual(newTokens);
    expect(restAfter).toEqual(restBefore);
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
