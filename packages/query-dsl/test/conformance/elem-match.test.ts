/**
 * `elemMatch` (docs/query-conventions.md): `{"property": <array field>, "parameters": {...}}` or an
 * array of such; each entry needs ONE element of its array to satisfy all of its parameters, and
 * every entry must hold for the record. Parameters use the coercion and operators of filters.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { codes, conformanceEngines, namesFor, rejected, scopedTo, students } from '../support/conformance.js';
import { GRADE, SCHOOL, seed, YEAR } from '../support/dataset.js';

const engines = await conformanceEngines('elem_match');
const elemMatch = (value: unknown) => `elemMatch=${JSON.stringify(value)}`;

describe.each(engines)('elemMatch on $name', ({ db }) => {
  beforeAll(() => seed(db));

  describe('a single entry', () => {
    it('needs one element to satisfy every parameter, unlike two dotted filters', async () => {
      const parameters = { year: YEAR.andes2024, enrolled: false };
      expect(await namesFor(db, elemMatch({ property: 'years', parameters }))).toEqual([]);
      expect(await namesFor(db, `years.year=${YEAR.andes2024}&years.enrolled=false`)).toEqual(students(6));
    });

    it('finds the students not enrolled in 2025', async () => {
      const parameters = { year: YEAR.andes2025, enrolled: false };
      expect(await namesFor(db, elemMatch({ property: 'years', parameters }))).toEqual(students(6, 14));
    });

    it('finds the students enrolled but not registered', async () => {
      const parameters = { enrolled: true, registered: false };
      expect(await namesFor(db, elemMatch({ property: 'years', parameters }))).toEqual(students(8));
    });

    it('matches the same address for name and city', async () => {
      expect(
        await namesFor(
          db,
          elemMatch({ property: 'addresses', parameters: { name: 'Trabajo', city: 'Manta' } }),
        ),
      ).toEqual(students(25));
      expect(
        await namesFor(db, elemMatch({ property: 'addresses', parameters: { name: 'Casa', city: 'Manta' } })),
      ).toEqual(students(21, 22, 23, 24, 26, 27));
    });

    it('reaches an array inside a subdocument, with a dotted or a nested parameter', async () => {
      const dotted = { property: 'emergency.contacts', parameters: { 'phones.mobile': '0980000003' } };
      const nested = { property: 'emergency.contacts', parameters: { phones: { mobile: '0980000003' } } };
      expect(await namesFor(db, elemMatch(dotted))).toEqual(students(3));
      expect(await namesFor(db, elemMatch(nested))).toEqual(students(3));
    });

    it('coerces a bare-looking identifier string and accepts a one-element array', async () => {
      const entry = { property: 'years', parameters: { group: GRADE.sierra10A, year: YEAR.sierra2024 } };
      expect(await namesFor(db, elemMatch(entry))).toEqual(students(30));
      expect(await namesFor(db, elemMatch([entry]))).toEqual(students(30));
    });
  });

  describe('operators in parameters', () => {
    it('$in and $ne on identifiers', async () => {
      const parameters = {
        year: { $in: [YEAR.andes2024, YEAR.pacifico2024] },
        group: { $ne: GRADE.andes8A },
      };
      expect(await namesFor(db, elemMatch({ property: 'years', parameters }))).toEqual(students(9, 22));
    });

    it('$nin and $exists', async () => {
      const parameters = { city: { $nin: ['Quito', 'Manta', 'Riobamba'] }, city_zone: { $exists: true } };
      expect(await namesFor(db, elemMatch({ property: 'addresses', parameters }))).toEqual(
        students(2, 3, 9, 25),
      );
    });

    it('$gte and $lt on text', async () => {
      const parameters = { 'phones.mobile': { $gte: '0980000000', $lt: '0990000000' } };
      expect(await namesFor(db, elemMatch({ property: 'emergency.contacts', parameters }))).toEqual(
        students(3),
      );
    });
  });

  describe('several entries', () => {
    it('every entry must hold, each on its own array', async () => {
      const entries = [
        { property: 'years', parameters: { enrolled: true, group: GRADE.andes8B } },
        { property: 'addresses', parameters: { city: 'Cumbayá' } },
      ];
      expect(await namesFor(db, elemMatch(entries))).toEqual(students(3, 9));
    });

    it('two entries on the same array may be satisfied by different elements', async () => {
      const entries = [
        { property: 'years', parameters: { year: YEAR.andes2024, enrolled: true } },
        { property: 'years', parameters: { year: YEAR.andes2025, enrolled: false } },
      ];
      expect(await namesFor(db, elemMatch(entries))).toEqual(students(6));
    });

    it('combines with filters and keeps to the base filter', async () => {
      const entry = { property: 'years', parameters: { enrolled: true, registered: true } };
      expect(
        await namesFor(db, `${elemMatch(entry)}&user.name=Ana`, { baseFilter: scopedTo(SCHOOL.andes) }),
      ).toEqual(students(3, 4, 12));
      expect(
        await namesFor(db, `${elemMatch(entry)}&school=${SCHOOL.sierra}`, {
          baseFilter: scopedTo(SCHOOL.andes),
        }),
      ).toEqual([]);
    });
  });

  describe('invalid elemMatch', () => {
    it('the property must be an array of subdocuments', async () => {
      expect(codes(await rejected(db, elemMatch({ property: 'user', parameters: { name: 'Ana' } })))).toEqual(
        [['INVALID_VALUE', 'user']],
      );
      expect(codes(await rejected(db, elemMatch({ property: 'parents', parameters: { x: 1 } })))).toEqual([
        ['INVALID_VALUE', 'parents'],
      ]);
    });

    it('an unknown property or parameter is UNKNOWN_FIELD', async () => {
      expect(
        codes(await rejected(db, elemMatch({ property: 'yeras', parameters: { enrolled: true } }))),
      ).toEqual([['UNKNOWN_FIELD', 'yeras']]);
      expect(
        codes(await rejected(db, elemMatch({ property: 'years', parameters: { enroled: true } }))),
      ).toEqual([['UNKNOWN_FIELD', 'years.enroled']]);
    });

    it('a parameter value must fit its field', async () => {
      expect(
        codes(await rejected(db, elemMatch({ property: 'years', parameters: { enrolled: 'yes' } }))),
      ).toEqual([['INVALID_VALUE', 'years.enrolled']]);
      expect(codes(await rejected(db, elemMatch({ property: 'years', parameters: { year: 'x' } })))).toEqual([
        ['INVALID_VALUE', 'years.year'],
      ]);
    });

    it('the shape must be {property, parameters}', async () => {
      expect(codes(await rejected(db, elemMatch({ property: 'years' })))).toEqual([
        ['INVALID_VALUE', 'elemMatch'],
      ]);
      expect(codes(await rejected(db, elemMatch({ property: 'years', parameters: {} })))).toEqual([
        ['INVALID_VALUE', 'elemMatch.parameters'],
      ]);
      expect(codes(await rejected(db, elemMatch([])))).toEqual([['INVALID_VALUE', 'elemMatch']]);
      expect(codes(await rejected(db, 'elemMatch=years'))).toEqual([['INVALID_JSON', 'elemMatch']]);
      expect(codes(await rejected(db, 'elemMatch={"property":'))).toEqual([['INVALID_JSON', 'elemMatch']]);
    });

    it('a forbidden operator anywhere is UNSUPPORTED_OPERATOR', async () => {
      const entry = { property: 'years', parameters: { year: { $where: 'sleep(100)' } } };
      expect(codes(await rejected(db, elemMatch(entry)))).toEqual([['UNSUPPORTED_OPERATOR', 'elemMatch']]);
      expect(codes(await rejected(db, elemMatch({ property: 'years', parameters: { $or: [] } })))).toEqual([
        ['UNSUPPORTED_OPERATOR', 'elemMatch'],
      ]);
    });
  });
});
