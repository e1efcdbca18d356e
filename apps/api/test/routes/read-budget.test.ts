/**
 * A read over the query's cost budget (packages/query-dsl, "Cost budget") is refused with
 * `400 QUERY_TOO_COMPLEX` naming the estimate and the limit, before any record is read; the usual
 * reads stay far below it. The estimate counts the filter's work over the school's records too: a
 * page of one record whose `$nin` lists make the database test every student is refused on a
 * school of thousands.
 */
import { ObjectId } from 'bson';
import type { Db } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { build, expectError, expectOk } from '../support/helper.js';

/** The collections the app reads from the database, in order, while `watching` is set. */
const read: string[] = [];
let watching = false;

function watchReads(db: Db): Db {
  return new Proxy(db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property !== 'collection') return typeof value === 'function' ? value.bind(target) : value;
      return (name: string, ...rest: unknown[]) => {
        if (watching) read.push(name);
        return (target.collection as (...args: unknown[]) => unknown)(name, ...rest);
      };
    },
  });
}

const t = await build({ wrapDb: watchReads });
await t.seed();

/** Every reference of a student, populated as deep as populate goes. */
const EVERY_REFERENCE = encodeURIComponent(
  JSON.stringify({
    school: '',
    'parents.school': '',
    'years.year.school': '',
    'years.group.school': '',
    'years.group.section.school': '',
  }),
);

async function watched<T>(request: () => Promise<T>): Promise<T> {
  read.length = 0;
  watching = true;
  try {
    return await request();
  } finally {
    watching = false;
  }
}

describe('the read cost budget over HTTP', () => {
  it('refuses a page of 100 students with every reference populated, naming the estimate and the limit', async () => {
    // The count of the students the read may examine is kept from this earlier read.
    expectOk(await t.get('/api/students?__per_page=1'));
    const reply = await watched(() => t.get(`/api/students?populate=${EVERY_REFERENCE}&__per_page=100`));
    const error = expectError(reply, 400, 'QUERY_TOO_COMPLEX');
    expect(error.param).toBe('query');
    // 8200 for the page; examining the few seeded students adds 1.
    expect(error.message).toMatch(
      /^The query's estimated cost is 8201, over the limit of 5000: 8200 for the page \(100 records a page/,
    );
    expect(error.message).toMatch(/__per_page/);
    expect(read).toEqual([]);
  });

  it('answers the same populate on a page of 50, and the default populate on the largest page', async () => {
    const half = await t.get(`/api/students?populate=${EVERY_REFERENCE}&__per_page=50`);
    expect(expectOk(half)).toHaveLength(6);
    const usual = await t.get('/api/students?populate=true&__per_page=100&__sort[user.surname]=asc');
    expect(expectOk(usual)).toHaveLength(6);
  });

  it('answers GET /:id with every reference populated (its estimate takes the default page of 20)', async () => {
    const [first] = expectOk(await t.get('/api/students?select=_id&__per_page=1'));
    const reply = await t.get(`/api/students/${first._id}?populate=${EVERY_REFERENCE}`);
    expect(expectOk(reply)._id).toBe(first._id);
  });
});

/** `count` ids, as a JSON list in the query string. */
const idList = (count: number) =>
  `[${Array.from({ length: count }, () => `"${new ObjectId().toHexString()}"`).join(',')}]`;

/**
 * The read of issue #25: one record a page, three `$nin` lists over array fields, with totals (80
 * ids a list: the quotes a request sends percent-encoded keep the query string within 8 KiB).
 */
const HEAVY_NIN = `years.group[$nin]=${idList(80)}&years.year[$nin]=${idList(80)}&parents[$nin]=${idList(80)}&__include_totals=true&__per_page=1`;

describe('the filter’s work in the budget, on a school of 3000 students', () => {
  const big = build();

  it('refuses the page of one with $nin lists over array fields, naming the estimate, the limit and what to change', async () => {
    const app = await big;
    await app.db.collection('students').insertMany(
      Array.from({ length: 3000 }, (_, n) => ({
        school: new ObjectId(app.schools.A),
        user: { name: `Student ${n}`, surname: 'Test' },
        years: [{ year: new ObjectId(), group: new ObjectId() }],
        parents: [new ObjectId()],
        active: true,
      })),
    );
    const reply = await app.get(`/api/students?${HEAVY_NIN}`, { token: 'schoolA' });
    const error = expectError(reply, 400, 'QUERY_TOO_COMPLEX');
    expect(error.param).toBe('query');
    expect(error.message).toMatch(
      /^The query's estimated cost is \d+, over the limit of 5000: 25 for the page .* for the filter's work \(3000 records examined 3 times × 2401 comparisons each \+ 3000 for actual_total, ÷ 1000\)\./,
    );
    expect(error.message).toContain(
      'Narrow the filter by an indexed field (_id, school, parents, years.year, years.group, user.id_card, global_search)',
    );
    expect(error.message).toContain('leave out __include_totals');
  });

  it('answers a normal page of the same school, with totals', async () => {
    const app = await big;
    const reply = await app.get('/api/students?active=true&__include_totals=true&__per_page=20', {
      token: 'schoolA',
    });
    expect(expectOk(reply)).toMatchObject({ total: 3000, actual_total: 3000 });
  });

  it('answers the same lists narrowed to one group by its index', async () => {
    const app = await big;
    const student = await app.db.collection('students').findOne({ 'user.surname': 'Test' });
    if (!student) throw new Error('the students were not stored');
    const group = (student.years as Array<{ group: ObjectId }>)[0]!.group.toHexString();
    const narrowed = `years.group=${group}&years.year[$nin]=${idList(80)}&parents[$nin]=${idList(80)}&__include_totals=true`;
    const reply = await app.get(`/api/students?${narrowed}`, { token: 'schoolA' });
    expect(expectOk(reply)).toMatchObject({ total: 1 });
  });
});
