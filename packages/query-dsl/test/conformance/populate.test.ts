/**
 * `populate` (docs/query-conventions.md): a reference becomes the record it points to (the listed
 * fields and `_id`, or every visible field); arrays keep their order with `null` for an
 * identifier that resolves to nothing; chains cross up to 3 references; `populate=true` applies
 * the collection's default; populated records obey the caller's scope.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { codes, conformanceEngines, plain, records, rejected, scopedTo } from '../support/conformance.js';
import {
  DELETED_PARENT,
  GRADE,
  parentId,
  SCHOOL,
  SECTION,
  seed,
  studentId,
  YEAR,
} from '../support/dataset.js';

const engines = await conformanceEngines('populate');
const json = JSON.stringify;

const andes = { _id: SCHOOL.andes, name: 'Colegio Los Andes' };
const pacifico = { _id: SCHOOL.pacifico, name: 'Unidad Educativa Pacífico' };
const created = (day: string) => ({ created_at: `${day}T08:00:00.000Z`, updated_at: `${day}T08:00:00.000Z` });

/** Every visible field of parents 4 (Klaus Müller) and 5 (Lucía Vega, inactive): no `_search`. */
const klaus = {
  _id: parentId(4),
  school: SCHOOL.andes,
  user: {
    _id: '7b0000000000000000000004',
    name: 'Klaus',
    surname: 'Müller',
    id_card: '1700000004',
    email: 'klaus.muller@school.org',
  },
  relational_data: { all: 'Klaus Müller klaus.muller@school.org 1700000004' },
  active: true,
  ...created('2023-12-01'),
};
const lucia = {
  _id: parentId(5),
  school: SCHOOL.andes,
  user: {
    _id: '7b0000000000000000000005',
    name: 'Lucía',
    surname: 'Vega',
    id_card: '1700000005',
    email: 'lucia.vega@gmail.com',
  },
  relational_data: { all: 'Lucía Vega lucia.vega@gmail.com 1700000005' },
  active: false,
  ...created('2023-12-01'),
};
/** Grades 8vo A and 9no A of Colegio Los Andes, every field. */
const grade = (id: string, name: string, code: string, section: unknown) => ({
  _id: id,
  school: SCHOOL.andes,
  name,
  code,
  section,
  active: true,
  ...created('2023-07-01'),
});

describe.each(engines)('populate on $name', ({ db }) => {
  beforeAll(() => seed(db));

  /** Student `n` with only `user.name` and the populated paths, as JSON shows it. */
  const populated = async (n: number, spec: string, options: Parameters<typeof records>[2] = {}) => {
    const docs = await records(db, `_id=${studentId(n)}&select=user.name&populate=${spec}`, options);
    expect(docs).toHaveLength(1);
    return plain(docs[0]);
  };

  describe('field lists', () => {
    it('without populate, a reference is its identifier', async () => {
      const [doc] = (await records(db, `_id=${studentId(1)}&select=school parents years.year`)).map(plain);
      expect(doc).toEqual({
        _id: studentId(1),
        school: SCHOOL.andes,
        parents: [parentId(1), parentId(2)],
        years: [{ year: YEAR.andes2024 }, { year: YEAR.andes2025 }],
      });
    });

    it('returns the listed fields and _id of the referenced record', async () => {
      expect(await populated(1, json({ school: 'name' }))).toEqual({
        _id: studentId(1),
        user: { name: 'José' },
        school: andes,
      });
      expect(await populated(1, json({ school: 'name code' }))).toEqual({
        _id: studentId(1),
        user: { name: 'José' },
        school: { ...andes, code: 'AND' },
      });
    });

    it('an empty list returns every visible field', async () => {
      expect(await populated(1, json({ school: '' }))).toEqual({
        _id: studentId(1),
        user: { name: 'José' },
        school: { ...andes, code: 'AND', country: 'EC', active: true, ...created('2023-06-01') },
      });
    });

    it('keeps the rest of the record as it is', async () => {
      const [doc] = (await records(db, `_id=${studentId(1)}&populate=${json({ school: 'name' })}`)).map(
        plain,
      );
      const [plainDoc] = (await records(db, `_id=${studentId(1)}`)).map(plain);
      expect(doc).toEqual({ ...(plainDoc as object), school: andes });
    });

    it('populate=false and an empty populate change nothing', async () => {
      const [plainDoc] = (await records(db, `_id=${studentId(1)}`)).map(plain);
      expect((await records(db, `_id=${studentId(1)}&populate=false`)).map(plain)).toEqual([plainDoc]);
      expect((await records(db, `_id=${studentId(1)}&populate=`)).map(plain)).toEqual([plainDoc]);
    });
  });

  describe('references inside arrays', () => {
    it('years.year replaces the year of every element and keeps the other fields', async () => {
      const [doc] = (
        await records(db, `_id=${studentId(1)}&select=years&populate=${json({ 'years.year': 'name' })}`)
      ).map(plain);
      expect(doc).toEqual({
        _id: studentId(1),
        years: [
          {
            year: { _id: YEAR.andes2024, name: '2024' },
            enrolled: true,
            registered: true,
            group: GRADE.andes8A,
          },
          {
            year: { _id: YEAR.andes2025, name: '2025' },
            enrolled: true,
            registered: true,
            group: GRADE.andes9A,
          },
        ],
      });
    });

    it('a populated path is returned even when select leaves it out', async () => {
      expect(await populated(1, json({ 'years.year': 'name' }))).toEqual({
        _id: studentId(1),
        user: { name: 'José' },
        years: [
          { year: { _id: YEAR.andes2024, name: '2024' } },
          { year: { _id: YEAR.andes2025, name: '2025' } },
        ],
      });
    });

    it('an empty array stays empty', async () => {
      expect(await populated(17, json({ 'years.year': 'name', 'years.group': 'name' }))).toEqual({
        _id: studentId(17),
        user: { name: 'Martín' },
        years: [],
      });
    });

    it('an array of references keeps its order, with null for a deleted record', async () => {
      expect(await populated(3, json({ parents: '' }))).toEqual({
        _id: studentId(3),
        user: { name: 'Ana' },
        parents: [klaus, null, lucia],
      });
    });

    it('a field list applies to each record of the array', async () => {
      expect(await populated(3, json({ parents: 'user.name user.surname' }))).toEqual({
        _id: studentId(3),
        user: { name: 'Ana' },
        parents: [
          { _id: parentId(4), user: { name: 'Klaus', surname: 'Müller' } },
          null,
          { _id: parentId(5), user: { name: 'Lucía', surname: 'Vega' } },
        ],
      });
    });

    it('the deleted identifier is still stored (populate changes only the response)', async () => {
      const [doc] = (await records(db, `_id=${studentId(3)}&select=parents`)).map(plain);
      expect(doc).toEqual({ _id: studentId(3), parents: [parentId(4), DELETED_PARENT, parentId(5)] });
    });

    it('populates every record of a page', async () => {
      const docs = await records(
        db,
        `school=${SCHOOL.pacifico}&__per_page=3&select=user.name&populate=${json({ parents: 'user.name' })}`,
      );
      expect(docs.map(plain)).toEqual([
        {
          _id: studentId(21),
          user: { name: 'José' },
          parents: [{ _id: parentId(7), user: { name: 'Marco' } }],
        },
        { _id: studentId(22), user: { name: 'Ana' }, parents: [] },
        { _id: studentId(23), user: { name: 'Carlos' }, parents: [] },
      ]);
    });
  });

  describe('several properties and chains', () => {
    it('several properties in one object', async () => {
      expect(
        await populated(1, json({ school: 'name', 'years.year': 'name', parents: 'user.name' })),
      ).toEqual({
        _id: studentId(1),
        user: { name: 'José' },
        school: andes,
        years: [
          { year: { _id: YEAR.andes2024, name: '2024' } },
          { year: { _id: YEAR.andes2025, name: '2025' } },
        ],
        parents: [
          { _id: parentId(1), user: { name: 'Roberto' } },
          { _id: parentId(2), user: { name: 'Rosa' } },
        ],
      });
    });

    it('years.group.section populates the group (every field) and its section', async () => {
      const sectionA = { _id: SECTION.andesA, name: 'A' };
      expect(await populated(1, json({ 'years.group.section': 'name' }))).toEqual({
        _id: studentId(1),
        user: { name: 'José' },
        years: [
          { group: grade(GRADE.andes8A, '8vo', '8vo-A', sectionA) },
          { group: grade(GRADE.andes9A, '9no', '9no-A', sectionA) },
        ],
      });
    });

    it('a field list for each level of a chain', async () => {
      const sectionA = { _id: SECTION.andesA, name: 'A' };
      expect(await populated(1, json({ 'years.group': 'name', 'years.group.section': 'name' }))).toEqual({
        _id: studentId(1),
        user: { name: 'José' },
        years: [
          { group: { _id: GRADE.andes8A, name: '8vo', section: sectionA } },
          { group: { _id: GRADE.andes9A, name: '9no', section: sectionA } },
        ],
      });
    });

    it('a chain may cross three references', async () => {
      const spec = {
        'years.group': 'name',
        'years.group.section': 'name',
        'years.group.section.school': 'name',
      };
      const sectionA = { _id: SECTION.andesA, name: 'A', school: andes };
      expect(await populated(1, json(spec))).toEqual({
        _id: studentId(1),
        user: { name: 'José' },
        years: [
          { group: { _id: GRADE.andes8A, name: '8vo', section: sectionA } },
          { group: { _id: GRADE.andes9A, name: '9no', section: sectionA } },
        ],
      });
    });

    it('a chain through an array of references', async () => {
      expect(await populated(4, json({ parents: 'user.name', 'parents.school': 'name' }))).toEqual({
        _id: studentId(4),
        user: { name: 'Ana' },
        parents: [{ _id: parentId(6), user: { name: 'Ramiro' }, school: pacifico }],
      });
    });
  });

  describe('populate=true', () => {
    it("applies the collection's default populate", async () => {
      expect(await populated(1, 'true')).toEqual({
        _id: studentId(1),
        user: { name: 'José' },
        school: andes,
        years: [
          { year: { _id: YEAR.andes2024, name: '2024' }, group: { _id: GRADE.andes8A, name: '8vo' } },
          { year: { _id: YEAR.andes2025, name: '2025' }, group: { _id: GRADE.andes9A, name: '9no' } },
        ],
      });
    });

    it('changes nothing on a collection without a default', async () => {
      // Years reference their school and populate nothing by default.
      const [doc] = await records(db, `_id=${YEAR.andes2024}&populate=true&select=school`, {
        collection: 'years',
      });
      expect(plain(doc)).toEqual({ _id: YEAR.andes2024, school: SCHOOL.andes });
    });
  });

  describe("the caller's scope", () => {
    const scope = { baseFilter: scopedTo(SCHOOL.andes) };

    it('a parent of another school becomes null', async () => {
      expect(await populated(4, json({ parents: 'user.name', school: 'name' }), scope)).toEqual({
        _id: studentId(4),
        user: { name: 'Ana' },
        school: andes,
        parents: [null],
      });
      expect(await populated(4, json({ parents: 'user.name' }))).toEqual({
        _id: studentId(4),
        user: { name: 'Ana' },
        parents: [{ _id: parentId(6), user: { name: 'Ramiro' } }],
      });
    });

    it('a chain stops at the first record outside the scope', async () => {
      expect(await populated(4, json({ parents: 'user.name', 'parents.school': 'name' }), scope)).toEqual({
        _id: studentId(4),
        user: { name: 'Ana' },
        parents: [null],
      });
    });

    it('records inside the scope populate as usual, with null for the deleted one', async () => {
      expect(await populated(3, json({ parents: 'user.name' }), scope)).toEqual({
        _id: studentId(3),
        user: { name: 'Ana' },
        parents: [
          { _id: parentId(4), user: { name: 'Klaus' } },
          null,
          { _id: parentId(5), user: { name: 'Lucía' } },
        ],
      });
    });

    it('a school outside an object base filter cannot be populated', async () => {
      // An object base filter applies to every collection read: schools have no `school` field.
      const docs = await records(
        db,
        `_id=${studentId(1)}&select=user.name&populate=${json({ school: 'name' })}`,
        {
          baseFilter: { school: { $exists: true } },
        },
      );
      expect(docs.map(plain)).toEqual([{ _id: studentId(1), user: { name: 'José' }, school: null }]);
    });
  });

  describe('invalid populate', () => {
    it.each([
      [json({ 'user.name': '' }), 'populate.user.name'],
      [json({ citizenship: '' }), 'populate.citizenship'],
      [json({ school: 'nmae' }), 'populate.school'],
      [json({ parents: '_search' }), 'populate.parents'],
      [json({ school: 1 }), 'populate.school'],
      [json({ 'years.grup': 'name' }), 'populate.years.grup'],
      ['yes', 'populate'],
      ['[1]', 'populate'],
    ])('populate=%s is INVALID_POPULATE', async (spec, param) => {
      expect(codes(await rejected(db, `populate=${spec}`))).toEqual([['INVALID_POPULATE', param]]);
    });

    it('a field list with a subdocument and one of its fields is the subdocument', async () => {
      expect(await populated(3, json({ parents: 'user user.name' }))).toEqual({
        _id: studentId(3),
        user: { name: 'Ana' },
        parents: [{ _id: parentId(4), user: klaus.user }, null, { _id: parentId(5), user: lucia.user }],
      });
    });

    it('broken JSON is INVALID_JSON', async () => {
      expect(codes(await rejected(db, 'populate={"school":'))).toEqual([['INVALID_JSON', 'populate']]);
    });

    it('more than 10 paths is QUERY_TOO_COMPLEX', async () => {
      const spec = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`p${i}`, '']));
      expect(codes(await rejected(db, `populate=${json(spec)}`))).toEqual([
        ['QUERY_TOO_COMPLEX', 'populate'],
      ]);
    });
  });
});
