/**
 * Operators beyond equality (docs/query-conventions.md): `field[$op]=value` or `field={"$op": value}` with
 * `$eq $ne $gt $gte $lt $lte $in $nin $exists`; `$in`/`$nin` take a JSON array; a repeated key
 * means `$in`; any other `$`-key anywhere in the input is UNSUPPORTED_OPERATOR.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  andesOnly,
  codes,
  conformanceEngines,
  namesFor,
  rejected,
  students,
} from '../support/conformance.js';
import { SCHOOL, seed, YEAR } from '../support/dataset.js';

const engines = await conformanceEngines('operators');
const json = JSON.stringify;

describe.each(engines)('operators on $name', ({ db }) => {
  beforeAll(() => seed(db));

  describe('bracket and JSON forms mean the same', () => {
    it.each([
      ['created_at[$gte]=2025-01-01', 'created_at={"$gte":"2025-01-01"}'],
      ['created_at[$gt]=2025-01-10T08:00:00Z', 'created_at={"$gt":"2025-01-10T08:00:00Z"}'],
    ])('%s and %s return the students created since', async (bracket, jsonForm) => {
      const expected = await namesFor(db, bracket);
      expect(await namesFor(db, jsonForm)).toEqual(expected);
    });

    it('$gte and $gt on a date', async () => {
      expect(await namesFor(db, 'created_at[$gte]=2025-01-01')).toEqual(students(18, 19, 20));
      expect(await namesFor(db, 'created_at={"$gt":"2025-01-10T08:00:00Z"}')).toEqual(students(19, 20));
    });

    it('a range with two operators in bracket form', async () => {
      expect(await namesFor(db, 'created_at[$gte]=2024-03-01&created_at[$lt]=2024-04-01')).toEqual(
        students(4, 5, 23),
      );
    });

    it('a range with two operators in one JSON object', async () => {
      expect(await namesFor(db, 'created_at={"$gte":"2024-03-01","$lt":"2024-04-01"}')).toEqual(
        students(4, 5, 23),
      );
    });

    it('$lt and $lte on strings compare in binary order', async () => {
      expect(await namesFor(db, 'user.id_card[$lte]=0199999999')).toEqual(students(11));
      expect(await namesFor(db, 'user.id_card={"$lt":"0600000002"}')).toEqual(students(11, 28));
    });

    it('$gt on text puts accented capitals after Z, as MongoDB compares UTF-8 bytes', async () => {
      expect(await namesFor(db, 'user.surname[$gt]=V', { baseFilter: andesOnly() })).toEqual(
        students(2, 4, 18),
      );
    });

    it('$eq says the same as a plain value', async () => {
      expect(await namesFor(db, 'user.name[$eq]=Ana')).toEqual(students(3, 4, 12, 22));
      expect(await namesFor(db, 'user.name={"$eq":"Ana"}')).toEqual(students(3, 4, 12, 22));
    });
  });

  describe('$ne, $in, $nin and $exists', () => {
    it('$ne also matches records without the field', async () => {
      expect(await namesFor(db, 'citizenship[$ne]=EC')).toEqual(students(3, 13, 23, 28));
    });

    it('$in takes a JSON array in bracket form', async () => {
      expect(await namesFor(db, 'user.id_card[$in]=["0912345678","1712345678"]')).toEqual(students(1, 2));
    });

    it('$in takes repeated bracket values', async () => {
      expect(await namesFor(db, 'user.id_card[$in][]=0912345678&user.id_card[$in][]=1712345678')).toEqual(
        students(1, 2),
      );
    });

    it('$in takes a JSON array in JSON form, and a bare JSON array means $in', async () => {
      expect(await namesFor(db, 'user.id_card={"$in":["0912345678","1712345678"]}')).toEqual(students(1, 2));
      expect(await namesFor(db, 'user.id_card=["0912345678","1712345678"]')).toEqual(students(1, 2));
    });

    it('$in coerces each identifier of the list', async () => {
      expect(
        await namesFor(db, `years.year[$in]=${json([YEAR.andes2024, YEAR.pacifico2024, YEAR.sierra2024])}`),
      ).toEqual(students(1, 4, 6, 9, 22, 30));
    });

    it('$nin also matches records without the field', async () => {
      expect(await namesFor(db, 'citizenship[$nin]=["EC"]')).toEqual(students(3, 13, 23, 28));
      expect(await namesFor(db, 'citizenship={"$nin":["EC","DE"]}')).toEqual(students(13, 23, 28));
    });

    it('$exists false finds records without the field, even through an empty array', async () => {
      expect(await namesFor(db, 'citizenship[$exists]=false')).toEqual(students(28));
      expect(await namesFor(db, 'emergency[$exists]=false')).toEqual(students(17));
      expect(await namesFor(db, 'years.year[$exists]=false')).toEqual(students(17));
    });

    it('$exists true in JSON form', async () => {
      expect(await namesFor(db, 'user.second_name={"$exists":true}', { baseFilter: andesOnly() })).toEqual(
        students(1, 3, 4, 12),
      );
    });

    it('$in must be given a list and $exists a boolean', async () => {
      expect(codes(await rejected(db, 'citizenship={"$in":"EC"}'))).toEqual([
        ['INVALID_VALUE', 'citizenship'],
      ]);
      expect(codes(await rejected(db, 'citizenship[$exists]=maybe'))).toEqual([
        ['INVALID_VALUE', 'citizenship'],
      ]);
    });

    it('every value of a list must fit the field', async () => {
      expect(codes(await rejected(db, `school[$in]=["${SCHOOL.andes}","nope"]`))).toEqual([
        ['INVALID_VALUE', 'school'],
      ]);
    });
  });

  describe('repeated keys', () => {
    it('a repeated key means $in', async () => {
      expect(await namesFor(db, 'citizenship=DE&citizenship=CO')).toEqual(students(3, 13));
      expect(await namesFor(db, 'user.name=Ana&user.name=Lucas', { baseFilter: andesOnly() })).toEqual(
        students(3, 4, 8, 12),
      );
    });

    it('repeated identifiers are each coerced', async () => {
      expect(await namesFor(db, `school=${SCHOOL.sierra}&school="${SCHOOL.pacifico}"&active=false`)).toEqual(
        students(24, 29),
      );
    });

    it('a repeated key and a bracket operator on the same field both apply (issue 8.7)', async () => {
      const andes = { baseFilter: andesOnly() };
      expect(await namesFor(db, 'user.name=Ana&user.name=Lucas&user.name[$ne]=Lucas', andes)).toEqual(
        students(3, 4, 12),
      );
      expect(await namesFor(db, 'user.name[$ne]=Lucas&user.name=Ana&user.name=Lucas', andes)).toEqual(
        students(3, 4, 12),
      );
    });

    it('repeated values and an explicit $in must both hold', async () => {
      expect(await namesFor(db, 'citizenship=DE&citizenship=CO&citizenship[$in]=["CO","EC"]')).toEqual(
        students(13),
      );
    });

    it('$in with one bare value is refused, not read as a list of one (issue 10.5)', async () => {
      expect(codes(await rejected(db, 'user.id_card[$in]="0912345678"'))).toEqual([
        ['INVALID_VALUE', 'user.id_card'],
      ]);
    });

    it('repeated operators on one field all apply', async () => {
      expect(await namesFor(db, 'created_at[$gte]=2025-01-01&created_at[$lt]=2025-02-01')).toEqual(
        students(18, 19),
      );
    });
  });

  describe('operators outside the allow-list', () => {
    it.each([
      ['user.name[$regex]=^A', 'user.name'],
      ['user.name={"$regex":"^A"}', 'user.name'],
      ['user.name[$where]=1', 'user.name'],
      ['user.name={"$where":"sleep(1000)"}', 'user.name'],
      ['$where=1', '$where'],
      ['$expr={"$eq":[1,1]}', '$expr'],
      ['user.name={"$function":{"body":"1","args":[],"lang":"js"}}', 'user.name'],
      ['citizenship={"$in":[{"$where":"1"}]}', 'citizenship'],
      ['active[$not][$eq]=true', 'active'],
      ['nope={"$where":"1"}', 'nope'],
    ])('%s is UNSUPPORTED_OPERATOR', async (query, param) => {
      expect(codes(await rejected(db, query))).toContainEqual(['UNSUPPORTED_OPERATOR', param]);
    });

    it('one forbidden operator rejects the whole query', async () => {
      expect(codes(await rejected(db, 'user.name[$ne]=x&user.surname[$regex]=.*'))).toEqual([
        ['UNSUPPORTED_OPERATOR', 'user.surname'],
      ]);
    });

    it('an operator object inside a list is not a value', async () => {
      expect(codes(await rejected(db, 'user.id_card[$in]=[{"$gt":""}]'))).toEqual([
        ['INVALID_VALUE', 'user.id_card'],
      ]);
    });
  });
});
