/**
 * `__include_totals=true` (docs/query-conventions.md): `{ results, total, actual_total, active,
 * inactive }` where `total` counts what the pages range over, `actual_total` the caller's scope
 * without the request's filters and search, and `active + inactive = total`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  andesOnly,
  codes,
  conformanceEngines,
  fullNames,
  records,
  rejected,
  scopedTo,
  students,
  totals,
} from '../support/conformance.js';
import { GRADE, SCHOOL, seed } from '../support/dataset.js';

const engines = await conformanceEngines('totals');

describe.each(engines)('__include_totals on $name', ({ db }) => {
  beforeAll(() => seed(db));

  /** The counts of a totals response, and the names of its results. */
  const counted = async (query: string, options = {}) => {
    const { results, ...counts } = await totals(db, query, options);
    return { names: fullNames(results), ...counts };
  };

  describe('without a base filter', () => {
    it('counts every record, split by the active flag', async () => {
      const response = await counted('__include_totals=true');
      expect(response).toEqual({
        names: students(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20),
        total: 30,
        actual_total: 30,
        active: 25,
        inactive: 5,
      });
    });

    it('total follows the filters while actual_total does not', async () => {
      expect(await counted('__include_totals=true&user.name=Ana')).toEqual({
        names: students(3, 4, 12, 22),
        total: 4,
        actual_total: 30,
        active: 4,
        inactive: 0,
      });
    });

    it('counts the matches of every page, not the page', async () => {
      expect(await counted('__include_totals=true&__page=3&__per_page=10&active=false')).toEqual({
        names: [],
        total: 5,
        actual_total: 30,
        active: 0,
        inactive: 5,
      });
    });
  });

  describe('with a base filter', () => {
    const andes = { baseFilter: scopedTo(SCHOOL.andes) };

    it('actual_total is the scope', async () => {
      const { names, ...counts } = await counted('__include_totals=true', andes);
      expect(names).toHaveLength(20);
      expect(counts).toEqual({ total: 20, actual_total: 20, active: 17, inactive: 3 });
    });

    it('total, active and inactive follow the filters inside the scope', async () => {
      expect(await counted(`__include_totals=true&years.group=${GRADE.andes8A}`, andes)).toEqual({
        names: students(1, 2, 4, 5, 6, 14, 16),
        total: 7,
        actual_total: 20,
        active: 6,
        inactive: 1,
      });
    });

    it('total follows the search', async () => {
      expect(await counted('__include_totals=true&global_search=1712', andes)).toEqual({
        names: students(1, 3, 4, 8, 10, 15, 19),
        total: 7,
        actual_total: 20,
        active: 6,
        inactive: 1,
      });
    });

    it('total follows elemMatch', async () => {
      const elemMatch = JSON.stringify({ property: 'years', parameters: { enrolled: false } });
      expect(await counted(`__include_totals=true&elemMatch=${elemMatch}`, andes)).toEqual({
        names: students(6, 14),
        total: 2,
        actual_total: 20,
        active: 1,
        inactive: 1,
      });
    });

    it('a filter on the active flag itself', async () => {
      expect(await counted('__include_totals=true&active=false', { baseFilter: andesOnly() })).toEqual({
        names: students(7, 10, 14),
        total: 3,
        actual_total: 20,
        active: 0,
        inactive: 3,
      });
    });

    it('a filter on another school counts nothing', async () => {
      expect(await counted(`__include_totals=true&school=${SCHOOL.sierra}`, andes)).toEqual({
        names: [],
        total: 0,
        actual_total: 20,
        active: 0,
        inactive: 0,
      });
    });

    it('counts parents and staff of the scope', async () => {
      expect(await counted('__include_totals=true', { ...andes, collection: 'parents' })).toEqual({
        names: ['Roberto Pérez', 'Rosa Gómez', 'Pedro Álvarez', 'Klaus Müller', 'Lucía Vega'],
        total: 5,
        actual_total: 5,
        active: 4,
        inactive: 1,
      });
      expect(
        await counted('__include_totals=true&role=teacher', {
          baseFilter: scopedTo(SCHOOL.pacifico),
          collection: 'staff',
        }),
      ).toEqual({ names: ['Mónica Zambrano'], total: 1, actual_total: 1, active: 1, inactive: 0 });
    });
  });

  describe('the parameter', () => {
    it('include_totals without the prefix is the same parameter', async () => {
      const { results, ...counts } = await totals(db, 'include_totals=true&active=false');
      expect(fullNames(results)).toEqual(students(7, 10, 14, 24, 29));
      expect(counts).toEqual({ total: 5, actual_total: 30, active: 0, inactive: 5 });
    });

    it('false gives the array form', async () => {
      expect(await records(db, '__include_totals=false&active=false')).toHaveLength(5);
    });

    it.each([
      ['__include_totals=yes', '__include_totals'],
      ['__include_totals=1', '__include_totals'],
      ['__include_totals=', '__include_totals'],
      ['include_totals=TRUE', 'include_totals'],
      ['__include_totals=true&__include_totals=true', '__include_totals'],
      ['__include_totals=true&include_totals=false', '__include_totals'],
    ])('%s is INVALID_PAGINATION', async (query, param) => {
      expect(codes(await rejected(db, query))).toEqual([['INVALID_PAGINATION', param]]);
    });
  });
});
