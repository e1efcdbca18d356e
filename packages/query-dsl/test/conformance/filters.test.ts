/**
 * Filters (docs/query-conventions.md): any field is a key, several keys all apply, dotted
 * paths go through objects and arrays of objects with MongoDB's meaning, unknown and hidden
 * fields are rejected, and the caller's base filter is never widened.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  andesOnly,
  codes,
  conformanceEngines,
  namesFor,
  rejected,
  scopedTo,
  students,
  totals,
} from '../support/conformance.js';
import { GRADE, parentId, SCHOOL, seed, studentId, YEAR } from '../support/dataset.js';

const engines = await conformanceEngines('filters');

describe.each(engines)('filters on $name', ({ db }) => {
  beforeAll(() => seed(db));

  describe('a field as a key', () => {
    it('matches a quoted string exactly', async () => {
      expect(await namesFor(db, 'user.name="Ana"')).toEqual(students(3, 4, 12, 22));
    });

    it('reads a bare value on a string field as the same string', async () => {
      expect(await namesFor(db, 'user.name=Ana')).toEqual(students(3, 4, 12, 22));
    });

    it('compares case and accents exactly (equality is not search)', async () => {
      expect(await namesFor(db, 'user.name="ana"')).toEqual([]);
      expect(await namesFor(db, 'user.surname="Muller"')).toEqual([]);
      expect(await namesFor(db, 'user.surname="Müller"')).toEqual(students(3, 8));
    });

    it('applies every key given (AND)', async () => {
      expect(await namesFor(db, 'user.name="Ana"&user.surname="Müller"')).toEqual(students(3));
      expect(await namesFor(db, 'user.name="Ana"&school=' + SCHOOL.pacifico)).toEqual(students(22));
    });

    it('reads bracket-nested keys as dotted paths', async () => {
      expect(await namesFor(db, 'user[name]=Ana&user[surname]=Ñandú')).toEqual(students(4));
    });

    it('filters a boolean field', async () => {
      expect(await namesFor(db, 'active=false')).toEqual(students(7, 10, 14, 24, 29));
    });

    it('filters a reference by its identifier', async () => {
      expect(await namesFor(db, `school=${SCHOOL.pacifico}`)).toEqual(students(21, 22, 23, 24, 25, 26, 27));
      expect(await namesFor(db, `_id=${studentId(5)}`)).toEqual(students(5));
      expect(await namesFor(db, 'user._id=7a0000000000000000000001')).toEqual(students(1));
    });

    it('matches an array of references when one of its identifiers is the value', async () => {
      expect(await namesFor(db, `parents=${parentId(4)}`)).toEqual(students(3, 8));
    });

    it('filters the read-only relational data like any other field', async () => {
      expect(await namesFor(db, 'relational_data.email="ana.muller@school.org"')).toEqual(students(3));
    });
  });

  describe('dotted paths through objects and arrays of objects', () => {
    it('years.year matches a student when any of its years is that year', async () => {
      expect(await namesFor(db, `years.year=${YEAR.andes2024}`)).toEqual(students(1, 4, 6, 9));
    });

    it('years.group matches any year in that group', async () => {
      expect(await namesFor(db, `years.group=${GRADE.andes8B}`)).toEqual(students(3, 8, 9, 13, 20));
    });

    it('years.enrolled and years.registered reach the flags of every element', async () => {
      expect(await namesFor(db, 'years.enrolled=false')).toEqual(students(6, 14));
      expect(await namesFor(db, 'years.registered=false')).toEqual(students(8, 14));
    });

    it('two dotted filters on one array may be satisfied by different elements', async () => {
      // Josefina was enrolled in 2024 and is not enrolled in 2025: each condition holds for some element.
      expect(await namesFor(db, `years.year=${YEAR.andes2024}&years.enrolled=false`)).toEqual(students(6));
    });

    it('addresses.name and addresses.city match any address', async () => {
      expect(await namesFor(db, 'addresses.name="Trabajo"')).toEqual(students(1, 13, 25));
      expect(await namesFor(db, 'addresses.city="Cumbayá"')).toEqual(students(3, 9));
      expect(await namesFor(db, 'addresses.city=Cumbay%C3%A1')).toEqual(students(3, 9));
    });

    it('emergency.contacts.phones.mobile goes through an object, an array and an object', async () => {
      expect(await namesFor(db, 'emergency.contacts.phones.mobile=0980000003')).toEqual(students(3));
      expect(await namesFor(db, 'emergency.contacts.phones.mobile="0990000012"')).toEqual(students(12));
      expect(await namesFor(db, 'emergency.contacts.name=Klaus%20M%C3%BCller')).toEqual(students(3));
    });
  });

  describe('fields that cannot be filtered', () => {
    it('rejects a field the collection does not have', async () => {
      expect(codes(await rejected(db, 'user.nmae="Ana"'))).toEqual([['UNKNOWN_FIELD', 'user.nmae']]);
    });

    it('suggests the closest field name for a typo', async () => {
      const [issue] = await rejected(db, 'user.nmae="Ana"');
      expect(issue?.message).toContain('user.name');
    });

    it('rejects the hidden search tokens and sync state as unknown fields', async () => {
      expect(codes(await rejected(db, '_search=jose'))).toEqual([['UNKNOWN_FIELD', '_search']]);
      expect(codes(await rejected(db, '_sync.external_id=ext-st01'))).toEqual([
        ['UNKNOWN_FIELD', '_sync.external_id'],
      ]);
    });

    it('reports every bad key at once', async () => {
      expect(codes(await rejected(db, 'nope=1&active=maybe&user.nmae=x'))).toEqual([
        ['UNKNOWN_FIELD', 'nope'],
        ['INVALID_VALUE', 'active'],
        ['UNKNOWN_FIELD', 'user.nmae'],
      ]);
    });
  });

  describe('the base filter is never widened', () => {
    it('a filter on another school returns nothing', async () => {
      expect(await namesFor(db, `school=${SCHOOL.pacifico}`, { baseFilter: andesOnly() })).toEqual([]);
      expect(await namesFor(db, `school=${SCHOOL.pacifico}`, { baseFilter: scopedTo(SCHOOL.andes) })).toEqual(
        [],
      );
    });

    it('operators and lists naming other schools return only the scoped school', async () => {
      const baseFilter = scopedTo(SCHOOL.andes);
      expect(await namesFor(db, `school[$ne]=${SCHOOL.andes}`, { baseFilter })).toEqual([]);
      expect(
        await namesFor(db, `school[$in]=["${SCHOOL.pacifico}","${SCHOOL.sierra}"]`, { baseFilter }),
      ).toEqual([]);
      expect(
        await namesFor(db, `school=${SCHOOL.andes}&school=${SCHOOL.sierra}&user.name=Ana`, { baseFilter }),
      ).toEqual(students(3, 4, 12));
    });

    it("an identifier of another school's student returns nothing", async () => {
      expect(await namesFor(db, `_id=${studentId(21)}`, { baseFilter: andesOnly() })).toEqual([]);
    });

    it('a filter that matches inside the scope keeps to the scope', async () => {
      expect(await namesFor(db, 'user.name="Ana"', { baseFilter: andesOnly() })).toEqual(students(3, 4, 12));
      expect(await namesFor(db, 'user.name="José"', { baseFilter: scopedTo(SCHOOL.pacifico) })).toEqual(
        students(21),
      );
    });

    it('totals of a filter on another school are zero, and actual_total is the scope', async () => {
      expect(
        await totals(db, `school=${SCHOOL.pacifico}&__include_totals=true`, { baseFilter: andesOnly() }),
      ).toEqual({ results: [], total: 0, actual_total: 20, active: 0, inactive: 0 });
    });
  });
});
