/**
 * A read over the query's cost budget (packages/query-dsl, "Cost budget") is refused with
 * `400 QUERY_TOO_COMPLEX` naming the estimate and the limit, before any record is read; the usual
 * reads stay far below it.
 */
import type { Db } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { build, expectError, expectOk } from './helper.js';

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
    const reply = await watched(() => t.get(`/api/students?populate=${EVERY_REFERENCE}&__per_page=100`));
    const error = expectError(reply, 400, 'QUERY_TOO_COMPLEX');
    expect(error.param).toBe('query');
    expect(error.message).toMatch(
      /^The query's estimated cost is 8200, over the limit of 5000 \(100 records a page/,
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
