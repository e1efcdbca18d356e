/**
 * Values are coerced by the field's schema type, never guessed (docs/query-conventions.md): strings keep their
 * leading zeros, 24-hex values on identifier fields become ObjectIds, booleans, numbers and
 * dates are read as such, and a value that does not fit its field is INVALID_VALUE.
 */
import type { MongoDocument } from '@school/query-dsl';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  andesOnly,
  codes,
  conformanceEngines,
  namesFor,
  records,
  rejected,
  students,
} from '../support/conformance.js';
import { DELETED_PARENT, GRADE, SCHOOL, seed, ZONE } from '../support/dataset.js';

const engines = await conformanceEngines('coercion');

const yearNames = (docs: MongoDocument[]) => docs.map((doc) => doc.name);

describe.each(engines)('value coercion on $name', ({ db }) => {
  beforeAll(() => seed(db));

  describe('strings', () => {
    it('keeps the leading zero of a bare identification number', async () => {
      expect(await namesFor(db, 'user.id_card=0912345678')).toEqual(students(2));
      expect(await namesFor(db, 'user.id_card=0100000001')).toEqual(students(11));
    });

    it('reads a quoted value as the same string', async () => {
      expect(await namesFor(db, 'user.id_card="0912345678"')).toEqual(students(2));
    });

    it('never turns a numeric-looking value into a number on a string field', async () => {
      expect(await namesFor(db, 'user.id_card=912345678')).toEqual([]);
      expect(await namesFor(db, 'user.id_card=1712345678')).toEqual(students(1));
      expect(await namesFor(db, 'emergency.contacts.phones.mobile=0990000001')).toEqual(students(1));
    });

    it('reads bare true, false and digits on a string field as text', async () => {
      expect(await namesFor(db, 'user.name=true')).toEqual([]);
      expect(await namesFor(db, 'user.name=123')).toEqual([]);
      expect(yearNames(await records(db, 'name=2025', { collection: 'years' }))).toEqual([
        '2025',
        '2025',
        '2025',
      ]);
    });

    it('decodes + and percent escapes in a value', async () => {
      expect(await namesFor(db, 'user.name=María+José')).toEqual(students(2));
      expect(await namesFor(db, 'user.name=Mar%C3%ADa%20Jos%C3%A9')).toEqual(students(2));
    });

    it('takes a value that opens a quote but is not a JSON string as the text sent, and refuses it where text is no value', async () => {
      expect(await namesFor(db, 'user.name="Ana')).toEqual([]);
      expect(codes(await rejected(db, 'active="tru'))).toEqual([['INVALID_JSON', 'active']]);
    });
  });

  describe('null', () => {
    it('matches a missing field', async () => {
      expect(await namesFor(db, 'citizenship=null')).toEqual(students(28));
    });

    it('matches every record that lacks the nested field', async () => {
      expect(await namesFor(db, 'user.second_name=null', { baseFilter: andesOnly() })).toEqual(
        students(2, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 16, 17, 18, 19, 20),
      );
    });

    it('matches nothing on a field every record has', async () => {
      expect(await namesFor(db, 'user.name=null')).toEqual([]);
    });
  });

  describe('identifiers', () => {
    it('reads a 24-hex value, bare or quoted, as an ObjectId', async () => {
      const pacifico = students(21, 22, 23, 24, 25, 26, 27);
      expect(await namesFor(db, `school=${SCHOOL.pacifico}`)).toEqual(pacifico);
      expect(await namesFor(db, `school="${SCHOOL.pacifico}"`)).toEqual(pacifico);
    });

    it('accepts upper-case hexadecimal digits', async () => {
      expect(await namesFor(db, `school=${SCHOOL.pacifico.toUpperCase()}`)).toEqual(
        students(21, 22, 23, 24, 25, 26, 27),
      );
    });

    it('coerces identifiers inside arrays of subdocuments and arrays of references', async () => {
      expect(await namesFor(db, `addresses.city_zone=${ZONE.cumbaya}`)).toEqual(students(3, 9));
      expect(await namesFor(db, `years.group=${GRADE.sierra10A}`)).toEqual(students(28, 29, 30));
      expect(await namesFor(db, `parents=${DELETED_PARENT}`)).toEqual(students(3));
    });

    it('rejects a value that is not 24 hexadecimal digits', async () => {
      expect(codes(await rejected(db, 'school=123'))).toEqual([['INVALID_VALUE', 'school']]);
      expect(codes(await rejected(db, 'school=5a000000000000000000000z'))).toEqual([
        ['INVALID_VALUE', 'school'],
      ]);
      expect(codes(await rejected(db, 'school=true'))).toEqual([['INVALID_VALUE', 'school']]);
      expect(codes(await rejected(db, 'years.group=8vo'))).toEqual([['INVALID_VALUE', 'years.group']]);
      expect(codes(await rejected(db, '_id=5d00000000000000000000011'))).toEqual([['INVALID_VALUE', '_id']]);
    });
  });

  describe('booleans', () => {
    it('reads bare true and false as booleans', async () => {
      expect(await namesFor(db, 'active=true', { baseFilter: andesOnly() })).toEqual(
        students(1, 2, 3, 4, 5, 6, 8, 9, 11, 12, 13, 15, 16, 17, 18, 19, 20),
      );
      expect(await namesFor(db, 'years.registered=false')).toEqual(students(8, 14));
    });

    it('rejects anything else on a boolean field', async () => {
      for (const value of ['yes', '1', 'TRUE', 'False', '']) {
        expect(codes(await rejected(db, `active=${value}`))).toEqual([['INVALID_VALUE', 'active']]);
      }
    });
  });

  describe('numbers', () => {
    it('reads a bare number on a number field', async () => {
      expect(await records(db, 'passing_score=7', { collection: 'years' })).toHaveLength(6);
      expect(await records(db, 'passing_score=7.0', { collection: 'years' })).toHaveLength(6);
      expect(await records(db, 'passing_score=7e0', { collection: 'years' })).toHaveLength(6);
      expect(await records(db, 'score_decimals=2', { collection: 'years' })).toHaveLength(6);
    });

    it('compares numbers as numbers', async () => {
      expect(await records(db, 'passing_score[$gt]=6.5', { collection: 'years' })).toHaveLength(6);
      expect(await records(db, 'passing_score[$gt]=7', { collection: 'years' })).toHaveLength(0);
      expect(
        await records(db, 'passing_score[$lte]=10&base_score[$gte]=10', { collection: 'years' }),
      ).toHaveLength(6);
    });

    it('reads booleans of the years collection', async () => {
      expect(yearNames(await records(db, 'new_promotion_logic=true', { collection: 'years' }))).toEqual([
        '2025',
        '2025',
        '2025',
      ]);
    });

    it('rejects text on a number field and a fraction on an integer field', async () => {
      expect(codes(await rejected(db, 'passing_score=seven', { collection: 'years' }))).toEqual([
        ['INVALID_VALUE', 'passing_score'],
      ]);
      expect(codes(await rejected(db, 'score_decimals=2.5', { collection: 'years' }))).toEqual([
        ['INVALID_VALUE', 'score_decimals'],
      ]);
      expect(codes(await rejected(db, 'passing_score=Infinity', { collection: 'years' }))).toEqual([
        ['INVALID_VALUE', 'passing_score'],
      ]);
    });
  });

  describe('dates', () => {
    it('reads an ISO date-time as a Date', async () => {
      expect(await namesFor(db, 'created_at=2025-02-01T15:30:00Z')).toEqual(students(20));
      expect(await namesFor(db, 'created_at=2025-02-01T15:30:00.000Z')).toEqual(students(20));
      expect(await namesFor(db, 'created_at="2025-02-01T15:30:00Z"')).toEqual(students(20));
    });

    it('honours a time-zone offset', async () => {
      expect(await namesFor(db, 'created_at=2025-02-01T10:30:00-05:00')).toEqual(students(20));
    });

    it('reads a bare date as midnight UTC', async () => {
      expect(await namesFor(db, 'created_at=2025-02-01')).toEqual([]);
      expect(await namesFor(db, 'created_at[$gte]=2025-01-01')).toEqual(students(18, 19, 20));
      expect(await namesFor(db, 'created_at[$gte]=2025-02-01&created_at[$lt]=2025-02-02')).toEqual(
        students(20),
      );
    });

    it('rejects text and numbers that are not ISO dates', async () => {
      expect(codes(await rejected(db, 'created_at=yesterday'))).toEqual([['INVALID_VALUE', 'created_at']]);
      expect(codes(await rejected(db, 'created_at=1700000000'))).toEqual([['INVALID_VALUE', 'created_at']]);
      expect(codes(await rejected(db, 'created_at=2025-13-01'))).toEqual([['INVALID_VALUE', 'created_at']]);
    });

    it('rejects a calendar day that does not exist', async () => {
      expect(codes(await rejected(db, 'created_at=2025-02-30'))).toEqual([['INVALID_VALUE', 'created_at']]);
      expect(codes(await rejected(db, 'created_at=2024-04-31T08:00:00Z'))).toEqual([
        ['INVALID_VALUE', 'created_at'],
      ]);
    });
  });
});
