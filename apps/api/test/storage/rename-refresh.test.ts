/**
 * A grade or section renamed: the request answers as soon as the rename is stored; its students'
 * search text (which holds the names of their grades and sections) is rewritten afterwards by the
 * refresher, from the marker the rename left in the database, in batches — by any instance, also
 * one that takes over the job of an instance that died. The refresher is driven by hand and its
 * clock moved by the test (apps/api/docs/collections.md, "Search text after a rename").
 */
import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { students } from '../../src/collections/students.js';
import { DependentsRefresher } from '../../src/storage/dependents-refresh.js';
import { build, expectOk, type Json, pageOf } from '../support/helper.js';
import { ManualClock } from '../sync/clock.js';
import { waitFor } from '../sync/fixture.js';

const LEASE_MS = 60_000;
const clock = new ManualClock();
/** The batch after which the app's refresher dies (simulated), if any. */
let crashAfterBatch: number | undefined;
const batches: number[] = [];
let afterBatch: ((batch: number) => Promise<void>) | undefined;

const t = await build({
  refresh: {
    autoStart: false,
    batchSize: 2,
    leaseMs: LEASE_MS,
    now: clock.now,
    afterBatch: async (_job, batch) => {
      batches.push(batch);
      await afterBatch?.(batch);
      if (batch === crashAfterBatch) throw new Error('simulated crash');
    },
  },
});
const school = t.schools.A;
const year = (await t.create('years', { school, name: '2026' }))._id as string;

/** A section, a grade in it and `count` students of the grade, with `word` in their surname. */
async function group(word: string, count: number) {
  const section = await t.create('sections', { school, name: `Sección${word}` });
  const grade = await t.create('grades', { school, name: `Grado${word}`, section: section._id });
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const user = { name: `Alumno${i}`, surname: word };
    ids.push((await t.create('students', { school, user, years: [{ year, group: grade._id }] }))._id);
  }
  return { section: section._id as string, grade: grade._id as string, students: ids };
}

/** The ids of the students `global_search` finds. */
async function found(search: string): Promise<string[]> {
  const reply = await t.find(students, { search, select: ['_id'], perPage: 100 });
  return pageOf(students, reply)
    .map((record: Json) => record._id as string)
    .sort();
}

const stored = (id: string) => t.db.collection('students').findOne({ _id: new ObjectId(id) });

describe('a rename answers before its students are refreshed, and they converge after', () => {
  it('a grade renamed: right after the PUT its students still hold the old name; after the refresh, global_search finds them by the new one and the old finds none', async () => {
    const g = await group('Olmo', 3);
    expectOk(await t.put(`/api/grades/${g.grade}`, { name: 'Decimo' }));
    expect(await found('olmo gradoolmo')).toEqual([...g.students].sort());
    expect(await found('olmo decimo')).toEqual([]);
    expect(await t.app.school.refresher.jobs.pending()).toBe(1);

    expect(await t.refreshDependents()).toBe(1);
    expect(await found('olmo decimo')).toEqual([...g.students].sort());
    expect(await found('olmo gradoolmo')).toEqual([]);
    expect(await t.app.school.refresher.jobs.pending()).toBe(0);
  });

  it('a section renamed: the students of its grades converge to the new name', async () => {
    const g = await group('Pino', 2);
    expectOk(await t.put(`/api/sections/${g.section}`, { name: 'Nogal' }));
    expect(await found('pino nogal')).toEqual([]);
    await t.refreshDependents();
    expect(await found('pino nogal')).toEqual([...g.students].sort());
    expect(await found('pino seccionpino')).toEqual([]);
  });

  it("the refresh bumps each rewritten student's _rev, so no compare-and-set on the old _rev passes", async () => {
    const g = await group('Cedro', 2);
    const before = await Promise.all(g.students.map(async (id) => (await stored(id))?._rev as number));
    expectOk(await t.put(`/api/grades/${g.grade}`, { name: 'Undecimo' }));
    await t.refreshDependents();
    for (const [index, id] of g.students.entries()) {
      expect((await stored(id))?._rev).toBe(before[index]! + 1);
      const stale = await t.db
        .collection('students')
        .updateOne({ _id: new ObjectId(id), _rev: before[index] }, { $set: { 'relational_data.all': 'x' } });
      expect(stale.matchedCount).toBe(0);
    }
  });

  it('students are rewritten in batches (2 here), and the marker is hidden from the API', async () => {
    const g = await group('Sauce', 5);
    expectOk(await t.put(`/api/grades/${g.grade}`, { name: 'Duodecimo' }));
    expect(expectOk(await t.get(`/api/grades/${g.grade}`))).not.toHaveProperty('_refresh');
    batches.length = 0;
    await t.refreshDependents();
    expect(batches).toEqual([1, 2, 3]);
    expect(await found('sauce duodecimo')).toHaveLength(5);
  });

  it('a rename made while the refresh runs leaves the marker, and the next run writes the newest name', async () => {
    const g = await group('Tilo', 3);
    expectOk(await t.put(`/api/grades/${g.grade}`, { name: 'Primero' }));
    afterBatch = async (batch) => {
      if (batch === 1) expectOk(await t.put(`/api/grades/${g.grade}`, { name: 'Segundo' }));
    };
    try {
      expect(await t.app.school.refresher.runOnce()).toBe('renamed-again');
    } finally {
      afterBatch = undefined;
    }
    expect(await t.app.school.refresher.jobs.pending()).toBe(1);
    await t.refreshDependents();
    expect(await found('tilo segundo')).toHaveLength(3);
    expect(await found('tilo primero')).toEqual([]);
  });

  it('a job left by an instance that died mid-way is completed by another once its lease runs out', async () => {
    const g = await group('Haya', 5);
    expectOk(await t.put(`/api/grades/${g.grade}`, { name: 'Tercero' }));
    crashAfterBatch = 1;
    try {
      await expect(t.app.school.refresher.runOnce()).rejects.toThrow('simulated crash');
    } finally {
      crashAfterBatch = undefined;
    }
    // Two students rewritten, three not: the job is still marked, and claimed by the dead instance.
    expect(await found('haya tercero')).toHaveLength(2);
    const other = new DependentsRefresher({ db: t.db, log: t.app.log, now: clock.now, leaseMs: LEASE_MS });
    expect(await other.runOnce()).toBeUndefined();
    clock.advance(LEASE_MS + 1);
    expect(await other.runOnce()).toBe('done');
    expect(await found('haya tercero')).toEqual([...g.students].sort());
    expect(await other.jobs.pending()).toBe(0);
  });
});

describe('the refresher an app starts', () => {
  it('refreshes a rename on its own, nudged by it', async () => {
    const running = await build({ refresh: { pollIntervalMs: 50 } });
    const inA = { school: running.schools.A };
    const section = await running.create('sections', { ...inA, name: 'Alerce' });
    const grade = await running.create('grades', { ...inA, name: 'Kinder', section: section._id });
    const { _id: own } = await running.create('years', { ...inA, name: '2026' });
    const student = await running.create('students', {
      ...inA,
      user: { name: 'Iris', surname: 'Arrayán' },
      years: [{ year: own, group: grade._id }],
    });
    expectOk(await running.put(`/api/sections/${section._id}`, { name: 'Laurel' }));
    await waitFor(async () => {
      const page = pageOf(students, await running.find(students, { search: 'iris laurel', select: ['_id'] }));
      return page.some((record: Json) => record._id === student._id);
    }, 'the student to be found by the new section name');
  });
});
