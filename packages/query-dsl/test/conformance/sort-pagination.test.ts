/**
 * `__sort`, `__page` and `__per_page` (docs/query-conventions.md): both sort forms, nested fields,
 * asc/desc/1/-1, key order kept, `_id` as the final tie-breaker so pages never overlap; pages of
 * 1..max records, a page past the end is empty.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  andesOnly,
  codes,
  conformanceEngines,
  namesFor,
  records,
  rejected,
  scopedTo,
  students,
} from '../support/conformance.js';
import { SCHOOL, seed, studentId } from '../support/dataset.js';

const engines = await conformanceEngines('sort_pagination');
const andes = { baseFilter: andesOnly() };

/** Colegio Los Andes by surname, in MongoDB's binary order: accented capitals after Z. */
const BY_SURNAME = [6, 5, 13, 19, 14, 16, 17, 7, 20, 3, 8, 15, 11, 1, 9, 12, 10, 18, 2, 4];

describe.each(engines)('sort and pagination on $name', ({ db }) => {
  beforeAll(() => seed(db));

  /** Every page of a query, until the first empty one. */
  const allPages = async (query: string, options = {}) => {
    const pages: string[][] = [];
    for (let page = 1; page <= 50; page++) {
      const ids = (await records(db, `${query}&__page=${page}`, options)).map((doc) => String(doc._id));
      if (ids.length === 0) break;
      pages.push(ids);
    }
    return pages;
  };

  describe('__sort', () => {
    it('sorts by a nested field, ties broken by _id', async () => {
      expect(await namesFor(db, '__sort[user.surname]=asc', andes)).toEqual(students(...BY_SURNAME));
    });

    it('the JSON form sorts the same', async () => {
      expect(await namesFor(db, '__sort={"user.surname":"asc"}', andes)).toEqual(students(...BY_SURNAME));
    });

    it('desc reverses the order but the _id tie-breaker stays ascending', async () => {
      expect(await namesFor(db, '__sort={"user.surname":"desc"}', andes)).toEqual(
        students(4, 2, 18, 10, 12, 9, 1, 11, 15, 3, 8, 20, 7, 17, 16, 14, 19, 13, 5, 6),
      );
    });

    it('asc, desc, 1, -1 in any case', async () => {
      const newestFirst = students(20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1);
      const oldestFirst = [...newestFirst].reverse();
      expect(await namesFor(db, '__sort={"created_at":"desc"}', andes)).toEqual(newestFirst);
      expect(await namesFor(db, '__sort[created_at]=-1', andes)).toEqual(newestFirst);
      expect(await namesFor(db, '__sort[created_at]=DESC', andes)).toEqual(newestFirst);
      expect(await namesFor(db, '__sort={"created_at":1}', andes)).toEqual(oldestFirst);
      expect(await namesFor(db, '__sort[created_at]=Asc', andes)).toEqual(oldestFirst);
    });

    it('keeps the order of the keys', async () => {
      const inactiveFirst = students(14, 7, 10, 6, 5, 13, 19, 16, 17, 20, 3, 8, 15, 11, 1, 9, 12, 18, 2, 4);
      expect(await namesFor(db, '__sort={"active":"asc","user.surname":"asc"}', andes)).toEqual(
        inactiveFirst,
      );
      expect(await namesFor(db, '__sort[active]=asc&__sort[user.surname]=asc', andes)).toEqual(inactiveFirst);
      expect(await namesFor(db, '__sort={"user.surname":"asc","active":"asc"}', andes)).toEqual(
        students(...BY_SURNAME),
      );
    });

    it('sorts text as text, leading zeros first', async () => {
      expect(await namesFor(db, '__sort[user.id_card]=asc', andes)).toEqual(
        students(11, 9, 2, 12, 5, 14, 16, 18, 20, 3, 15, 19, 1, 10, 8, 4, 13, 7, 6, 17),
      );
    });

    it('a missing value sorts before any text', async () => {
      expect(await namesFor(db, 'citizenship[$ne]=EC&__sort[citizenship]=asc')).toEqual(
        students(28, 13, 3, 23),
      );
      expect(await namesFor(db, 'citizenship[$ne]=EC&__sort[citizenship]=desc')).toEqual(
        students(23, 3, 13, 28),
      );
    });

    it('an explicit _id sort is used as given', async () => {
      expect(await namesFor(db, '__sort[_id]=desc&__per_page=3', andes)).toEqual(students(20, 19, 18));
    });

    it('sorts within the base filter and the filters', async () => {
      expect(
        await namesFor(db, 'active=true&__sort[user.surname]=desc', {
          baseFilter: scopedTo(SCHOOL.pacifico),
        }),
      ).toEqual(students(22, 26, 23, 27, 25, 21));
    });
  });

  describe('pages', () => {
    it('__page and __per_page pick a slice of the sorted records', async () => {
      expect(await namesFor(db, '__page=2&__per_page=5', andes)).toEqual(students(6, 7, 8, 9, 10));
      expect(await namesFor(db, '__page=4&__per_page=5', andes)).toEqual(students(16, 17, 18, 19, 20));
    });

    it('a page past the end is empty', async () => {
      expect(await namesFor(db, '__page=5&__per_page=5', andes)).toEqual([]);
      expect(await namesFor(db, '__page=1000000')).toEqual([]);
    });

    it('the default page holds 20 records and the maximum is 100', async () => {
      expect(await records(db, '')).toHaveLength(20);
      expect(await namesFor(db, '__page=2')).toEqual(students(21, 22, 23, 24, 25, 26, 27, 28, 29, 30));
      expect(await records(db, '__per_page=100')).toHaveLength(30);
    });

    it('pages of a sort with many ties never overlap and cover every record once', async () => {
      const pages = await allPages('__sort[active]=asc&__per_page=3', andes);
      const id = (n: number) => studentId(n);
      expect(pages).toEqual([
        [id(7), id(10), id(14)],
        [id(1), id(2), id(3)],
        [id(4), id(5), id(6)],
        [id(8), id(9), id(11)],
        [id(12), id(13), id(15)],
        [id(16), id(17), id(18)],
        [id(19), id(20)],
      ]);
    });

    it.each([
      ['__sort[citizenship]=desc&__per_page=7', 5],
      ['__sort={"years.enrolled":"asc"}&__per_page=4', 8],
      ['__sort={"active":"desc","addresses.city":"asc"}&__per_page=6', 5],
      ['__sort[user.name]=asc&__per_page=1', 30],
    ])('walking every page of %s returns each record exactly once', async (query, pageCount) => {
      const pages = await allPages(query);
      expect(pages).toHaveLength(pageCount);
      const all = pages.flat();
      expect(new Set(all).size).toBe(all.length);
      expect([...all].sort()).toEqual(Array.from({ length: 30 }, (_, i) => studentId(i + 1)));
    });
  });

  describe('invalid sort and pagination', () => {
    it.each([
      ['__page=0', '__page'],
      ['__page=-1', '__page'],
      ['__page=1.5', '__page'],
      ['__page=abc', '__page'],
      ['__page=', '__page'],
      ['__page=1&__page=2', '__page'],
      ['__per_page=0', '__per_page'],
      ['__per_page=101', '__per_page'],
      ['__per_page=1e2', '__per_page'],
    ])('%s is INVALID_PAGINATION', async (query, param) => {
      expect(codes(await rejected(db, query))).toEqual([['INVALID_PAGINATION', param]]);
    });

    it.each([
      ['__sort[user.surname]=up', 'INVALID_SORT', '__sort'],
      ['__sort={"user":"asc"}', 'INVALID_SORT', '__sort'],
      ['__sort=user.surname', 'INVALID_SORT', '__sort'],
      ['__sort={"user.surname":', 'INVALID_JSON', '__sort'],
      ['__sort[nope]=asc', 'UNKNOWN_FIELD', '__sort'],
      ['__sort[_search]=asc', 'UNKNOWN_FIELD', '__sort'],
    ])('%s is %s', async (query, code, param) => {
      expect(codes(await rejected(db, query))).toEqual([[code, param]]);
    });
  });
});
