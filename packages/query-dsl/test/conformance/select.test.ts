/**
 * `select` (docs/query-conventions.md): three equivalent forms, dotted paths at any depth, `_id` kept
 * unless excluded, exclusion, `user` with `user.name` is `user`, the `$elemMatch` form returns
 * every matching element, and hidden fields (`_search`, `_sync`) are never returned.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  andesOnly,
  codes,
  conformanceEngines,
  plain,
  records,
  rejected,
  without,
} from '../support/conformance.js';
import { type Doc, GRADE, seed, storedStudent, studentId, YEAR, ZONE } from '../support/dataset.js';
import { dsl } from '../support/school-collections.js';

const engines = await conformanceEngines('select');
const json = JSON.stringify;

const st01 = studentId(1);
/** Student 1 as the API shows it without select: every field but the hidden ones. */
const visible = (n: number) => plain(without(storedStudent(n), '_search', '_sync'));
const nameAndSurname = { _id: st01, user: { name: 'José', surname: 'Pérez' } };
const joseUser = {
  _id: '7a0000000000000000000001',
  id_card: '1712345678',
  name: 'José',
  second_name: 'Luis',
  surname: 'Pérez',
  second_surname: 'Gómez',
  email: 'jose.perez@colegio.edu.ec',
};
const joseYears = {
  y2024: { year: YEAR.andes2024, enrolled: true, registered: true, group: GRADE.andes8A },
  y2025: { year: YEAR.andes2025, enrolled: true, registered: true, group: GRADE.andes9A },
};

describe.each(engines)('select on $name', ({ db }) => {
  beforeAll(() => seed(db));

  /** The single record a query on student `n` returns, as JSON shows it. */
  const one = async (query: string, n = 1) => {
    const docs = await records(db, `_id=${studentId(n)}&${query}`);
    expect(docs).toHaveLength(1);
    return plain(docs[0]);
  };

  describe('the three forms', () => {
    it.each([
      ['space-separated', 'select=user.name user.surname'],
      ['space-separated, percent-encoded', 'select=user.name%20user.surname'],
      ['joined with + (a space in a query string)', 'select=user.name+user.surname'],
      ['joined with a literal + (%2B)', 'select=user.name%2Buser.surname'],
      ['a JSON object', 'select={"user.name":1,"user.surname":1}'],
      ['a JSON object with true', 'select={"user.name":true,"user.surname":true}'],
    ])('%s returns _id and the two fields', async (_form, query) => {
      expect(await one(query)).toEqual(nameAndSurname);
    });

    it('returns every visible field without select', async () => {
      expect(await one('')).toEqual(visible(1));
    });
  });

  describe('paths', () => {
    it('user with user.name is the same as user, in any order', async () => {
      expect(await one('select=user user.name')).toEqual({ _id: st01, user: joseUser });
      expect(await one('select=user.name user')).toEqual({ _id: st01, user: joseUser });
      expect(await one('select={"user.name":1,"user":1}')).toEqual({ _id: st01, user: joseUser });
    });

    it('a whole subdocument', async () => {
      expect(await one('select=relational_data')).toEqual({
        _id: st01,
        relational_data: {
          email: 'jose.perez@colegio.edu.ec',
          all: 'José Luis Pérez Gómez jose.perez@colegio.edu.ec 1712345678 8vo A 9no A',
        },
      });
    });

    it('a field of every element of an array of subdocuments', async () => {
      expect(await one('select=years.year')).toEqual({
        _id: st01,
        years: [{ year: YEAR.andes2024 }, { year: YEAR.andes2025 }],
      });
    });

    it('a path through an object, an array and an object', async () => {
      expect(await one('select=emergency.contacts.phones.mobile', 3)).toEqual({
        _id: studentId(3),
        emergency: { contacts: [{ phones: { mobile: '0990000003' } }, { phones: { mobile: '0980000003' } }] },
      });
    });

    it('a selected field the record lacks is just absent', async () => {
      expect(await one('select=citizenship', 28)).toEqual({ _id: studentId(28) });
    });

    it('_id can be left out', async () => {
      expect(await one('select={"_id":0,"user.name":1}')).toEqual({ user: { name: 'José' } });
    });
  });

  describe('exclusion', () => {
    it('-field and {"field": 0} leave out a field', async () => {
      const expected = plain(without(storedStudent(1), 'user', '_search', '_sync'));
      expect(await one('select=-user')).toEqual(expected);
      expect(await one('select={"user":0}')).toEqual(expected);
    });

    it('several fields can be left out', async () => {
      const expected = plain(without(storedStudent(1), 'user', 'years', '_search', '_sync'));
      expect(await one('select=-user -years')).toEqual(expected);
      expect(await one('select={"user":0,"years":0}')).toEqual(expected);
    });

    it('_id alone can be left out', async () => {
      expect(await one('select=-_id')).toEqual(plain(without(storedStudent(1), '_id', '_search', '_sync')));
    });

    it('a nested field can be left out', async () => {
      const { user, ...rest } = visible(1) as { user: Record<string, unknown> };
      const { email: _email, ...userWithoutEmail } = user;
      expect(await one('select=-user.email')).toEqual({ ...rest, user: userWithoutEmail });
    });
  });

  describe('hidden fields', () => {
    it('are never returned, whatever is selected', async () => {
      for (const query of ['', 'select=-citizenship', 'select=-user', 'select=user', 'populate=true']) {
        const docs = await records(db, `${query}&__per_page=100`);
        expect(docs).toHaveLength(30);
        expect(docs.filter((doc) => '_search' in doc || '_sync' in doc)).toEqual([]);
      }
    });

    it('select=_id returns only _id, never the hidden fields', async () => {
      expect(await one('select=_id')).toEqual({ _id: st01 });
      expect(await one('select={"_id":1}')).toEqual({ _id: st01 });
    });

    it('cannot be selected', async () => {
      expect(codes(await rejected(db, 'select=_search'))).toEqual([['UNKNOWN_FIELD', '_search']]);
      expect(codes(await rejected(db, 'select=_sync'))).toEqual([['UNKNOWN_FIELD', '_sync']]);
      expect(codes(await rejected(db, 'select={"_sync.external_id":1}'))).toEqual([
        ['UNKNOWN_FIELD', '_sync.external_id'],
      ]);
    });
  });

  describe('the $elemMatch form', () => {
    it('returns every matching element, not only the first', async () => {
      const addresses = { addresses: { $elemMatch: { city: 'Quito' } } };
      expect(await one(`select=${json(addresses)}`)).toEqual({
        _id: st01,
        addresses: [
          { name: 'Casa', city: 'Quito', city_zone: ZONE.quitoNorte },
          { name: 'Trabajo', city: 'Quito', city_zone: ZONE.quitoCentro },
        ],
      });
      expect(await one(`select=${json({ years: { $elemMatch: { enrolled: true } } })}`)).toEqual({
        _id: st01,
        years: [joseYears.y2024, joseYears.y2025],
      });
    });

    it('leaves out the elements that do not match', async () => {
      expect(await one(`select=${json({ years: { $elemMatch: { enrolled: true } } })}`, 6)).toEqual({
        _id: studentId(6),
        years: [{ year: YEAR.andes2024, enrolled: true, registered: true, group: GRADE.andes8A }],
      });
    });

    it('returns an empty array when no element matches', async () => {
      const select = json({ years: { $elemMatch: { year: YEAR.andes2024 } } });
      expect(await one(`select=${select}`, 2)).toEqual({ _id: studentId(2), years: [] });
      expect(await one(`select=${select}`, 17)).toEqual({ _id: studentId(17), years: [] });
    });

    it('combines with other selected fields, on every record of the page', async () => {
      const select = json({ 'user.name': 1, years: { $elemMatch: { year: YEAR.andes2024 } } });
      const docs = await records(db, `years.year=${YEAR.andes2024}&select=${select}`);
      const entry = (group: string) => [{ year: YEAR.andes2024, enrolled: true, registered: true, group }];
      expect(docs.map(plain)).toEqual([
        { _id: studentId(1), user: { name: 'José' }, years: entry(GRADE.andes8A) },
        { _id: studentId(4), user: { name: 'Ana' }, years: entry(GRADE.andes8A) },
        { _id: studentId(6), user: { name: 'Josefina' }, years: entry(GRADE.andes8A) },
        { _id: studentId(9), user: { name: 'Sofía' }, years: entry(GRADE.andes8B) },
      ]);
    });

    it('takes operators, coercing identifiers', async () => {
      const select = json({
        years: {
          $elemMatch: { year: { $in: [YEAR.andes2024, YEAR.andes2025] }, group: { $ne: GRADE.andes9A } },
        },
      });
      expect(await one(`select=${select}`)).toEqual({ _id: st01, years: [joseYears.y2024] });
    });

    it('works on an array inside a subdocument', async () => {
      const select = json({ 'emergency.contacts': { $elemMatch: { name: 'Lucía Vega' } } });
      expect(await one(`select=${select}`, 3)).toEqual({
        _id: studentId(3),
        emergency: { contacts: [{ name: 'Lucía Vega', phones: { mobile: '0980000003' } }] },
      });
    });

    it('combines with an exclusion', async () => {
      const select = json({ user: 0, years: { $elemMatch: { enrolled: false } } });
      const expected = plain(without(storedStudent(6), 'user', '_search', '_sync')) as Record<
        string,
        unknown
      >;
      expect(await one(`select=${select}`, 6)).toEqual({
        ...expected,
        years: [{ year: YEAR.andes2025, enrolled: false, registered: true, group: GRADE.andes9A }],
      });
    });

    // The exclusion would run before the $elemMatch filter and make it match nothing, so the
    // clash is refused, as in the inclusion form.
    it('an exclusion inside the $elemMatch array is rejected or applied after matching', async () => {
      const select = json({ 'years.year': 0, years: { $elemMatch: { year: YEAR.andes2024 } } });
      const result = await dsl.run(db, 'students', `_id=${st01}&select=${select}`);
      if (result.ok) {
        expect(plain(result.response)).toEqual([
          {
            ...(without(visible(1) as Doc, 'years') as object),
            years: [{ enrolled: true, registered: true, group: GRADE.andes8A }],
          },
        ]);
      } else {
        expect(codes(result.issues)).toEqual([['INVALID_SELECT', 'years']]);
      }
    });

    it('needs an array of subdocuments', async () => {
      expect(codes(await rejected(db, `select=${json({ user: { $elemMatch: { name: 'Ana' } } })}`))).toEqual([
        ['INVALID_SELECT', 'user'],
      ]);
      expect(codes(await rejected(db, `select=${json({ parents: { $elemMatch: { x: 1 } } })}`))).toEqual([
        ['INVALID_SELECT', 'parents'],
      ]);
    });

    it('cannot be combined with a path inside the same array', async () => {
      const select = json({ 'years.year': 1, years: { $elemMatch: { enrolled: true } } });
      expect(codes(await rejected(db, `select=${select}`))).toEqual([['INVALID_SELECT', 'years']]);
    });
  });

  describe('invalid select', () => {
    it('mixing inclusion and exclusion is INVALID_SELECT', async () => {
      expect(codes(await rejected(db, 'select=user.name -citizenship'))).toEqual([
        ['INVALID_SELECT', 'select'],
      ]);
      expect(codes(await rejected(db, 'select={"user.name":1,"citizenship":0}'))).toEqual([
        ['INVALID_SELECT', 'select'],
      ]);
    });

    it('an unknown field is UNKNOWN_FIELD', async () => {
      expect(codes(await rejected(db, 'select=user.nmae'))).toEqual([['UNKNOWN_FIELD', 'user.nmae']]);
    });

    it('a value other than 1, 0 or $elemMatch is INVALID_SELECT', async () => {
      expect(codes(await rejected(db, 'select={"user.name":2}'))).toEqual([['INVALID_SELECT', 'user.name']]);
    });

    it('other operators are UNSUPPORTED_OPERATOR', async () => {
      expect(codes(await rejected(db, 'select={"years":{"$slice":1}}'))).toEqual([
        ['UNSUPPORTED_OPERATOR', 'select'],
      ]);
      expect(codes(await rejected(db, `select=${json({ years: { $elemMatch: { $where: '1' } } })}`))).toEqual(
        [['UNSUPPORTED_OPERATOR', 'select']],
      );
    });

    it('a select on another school keeps to the base filter', async () => {
      expect(await records(db, `_id=${studentId(21)}&select=user.name`, { baseFilter: andesOnly() })).toEqual(
        [],
      );
      expect(
        (await records(db, `_id=${studentId(1)}&select=user.name`, { baseFilter: andesOnly() })).map(plain),
      ).toEqual([{ _id: st01, user: { name: 'José' } }]);
    });
  });
});
