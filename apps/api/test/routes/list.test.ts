/**
 * GET /api/<collection>: the query conventions of docs/query-conventions.md end to end, through the HTTP surface.
 * Data: schools A and B from the seed (José, Ana and an inactive Luis per school), plus Elena in
 * school A, who has three enrolments (two of them current) and a parent that no longer exists.
 *
 * Requests are written with the query builder (`find`), as a Node client of the service would. The
 * tests that pin one textual form (bare values, bracket keys, repeated keys, the JSON operator form,
 * the forms of select, a `+` for a space, the `include_totals` alias) write the string instead, and
 * so do the two requests the builder has no words for: the `$elemMatch` select and a populate chain.
 */
import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { courses } from '../../src/collections/courses.js';
import type { HostCollection } from '../../src/collections/define.js';
import { grades } from '../../src/collections/grades.js';
import { parents } from '../../src/collections/parents.js';
import { schools } from '../../src/collections/schools.js';
import { sections } from '../../src/collections/sections.js';
import { staff } from '../../src/collections/staff.js';
import { students } from '../../src/collections/students.js';
import { years } from '../../src/collections/years.js';
import { build, expectOk, ids, type Json, labeller, q, type SpecOf, sorted } from '../support/helper.js';

const t = await build();
const seedIds = await t.seed();
const { A, B } = seedIds;

const elena = expectOk(
  await t.post('/api/students', {
    school: A.school,
    user: { name: 'Elena', surname: 'Vega', email: 'elena.vega@andino.edu.ec', id_card: '0500000001' },
    parents: [A.parent],
    years: [
      { year: A.year, enrolled: true, registered: true, group: A.grade },
      { year: A.year, enrolled: false, registered: true, group: A.otherGrade },
      { year: A.year, enrolled: true, registered: false, group: A.otherGrade },
    ],
    addresses: [{ name: 'Casa', city: 'Cuenca' }],
  }),
  201,
)._id as string;
// A parent deleted behind the API's back: Elena's second parent resolves to nothing.
const ghostParent = new ObjectId();
await t.db
  .collection('students')
  .updateOne({ _id: new ObjectId(elena) }, { $set: { parents: [new ObjectId(A.parent), ghostParent] } });

const label = labeller(seedIds, { [elena]: 'Elena A' });
const list = async (query: string): Promise<Json> => expectOk(await t.get(`/api/students?${query}`));
const names = async (query: string) => sorted(label(await list(query)));
const find = async (spec: SpecOf<typeof students>): Promise<Json> => expectOk(await t.find(students, spec));
const found = async (spec: SpecOf<typeof students>) => sorted(label(await find(spec)));
const joséWith = (spec: SpecOf<typeof students>) =>
  find({ ...spec, filter: { _id: A.students[0], ...spec.filter } });

describe('filters', () => {
  it('a string field keeps the leading zero of a bare value', async () => {
    expect(await names('user.id_card=0912345671')).toEqual(['Ana A']);
  });

  it('a bare boolean is a boolean', async () => {
    expect(await names('active=false')).toEqual(['Luis A', 'Luis B']);
  });

  it('a quoted string matches through an array of objects', async () => {
    expect(await found({ filter: { 'addresses.city': 'Quito' } })).toEqual(['Ana A', 'José A', 'Luis A']);
  });

  it('a dotted path reaches a field nested in arrays and objects', async () => {
    expect(await found({ filter: { 'emergency.contacts.phones.mobile': '0990000002' } })).toEqual([
      'Ana B',
      'José B',
      'Luis B',
    ]);
  });

  it('several filters all apply', async () => {
    expect(await found({ filter: { 'addresses.city': 'Quito', active: true } })).toEqual(['Ana A', 'José A']);
  });

  it('a reference takes a 24-hex identifier, quoted or bare', async () => {
    expect(await names(`years.group=${A.grade}`)).toEqual(['Ana A', 'Elena A', 'José A']);
    expect(await names(`years.group="${A.otherGrade}"`)).toEqual(['Elena A', 'Luis A']);
  });

  it('operators work in the bracket form and the JSON form', async () => {
    expect(await names(q({ 'user.surname[$in]': '["Pérez","Vega"]' }))).toEqual([
      'Elena A',
      'José A',
      'José B',
    ]);
    expect(await names(q({ 'user.surname': '{"$ne":"Pérez"}', active: 'true' }))).toEqual([
      'Ana A',
      'Ana B',
      'Elena A',
    ]);
    expect(await names('user.second_name[$exists]=true')).toEqual(['José A', 'José B']);
    expect(await names('created_at[$gte]=2020-01-01&school=' + B.school)).toEqual([
      'Ana B',
      'José B',
      'Luis B',
    ]);
  });

  it('a repeated key means any of its values', async () => {
    expect(await names('user.name=Ana&user.name=Elena')).toEqual(['Ana A', 'Ana B', 'Elena A']);
  });

  it('a filter that matches nothing gives an empty list, not an error', async () => {
    expect(await find({ filter: { 'user.name': 'Nobody' } })).toEqual([]);
  });
});

describe('global_search', () => {
  it('ignores case and accents', async () => {
    expect(await found({ search: 'JOSE perez' })).toEqual(['José A', 'José B']);
    expect(await found({ search: 'nunez' })).toEqual(['Ana A', 'Ana B']);
    expect(await found({ search: 'MÜLLER' })).toEqual(['Luis A', 'Luis B']);
    expect(await found({ search: 'núñez' })).toEqual(['Ana A', 'Ana B']);
  });

  it('finds a student by name and course name: `ana 8vo`', async () => {
    expect(await found({ search: 'ana 8vo' })).toEqual(['Ana A', 'Ana B']);
    // A `+` is a space in a query string.
    expect(await names('global_search=ana+8vo')).toEqual(['Ana A', 'Ana B']);
  });

  it('needs every word to match', async () => {
    // José Luis Pérez is in 8vo; Luis Müller is in 9no.
    expect(await found({ search: 'luis 8vo' })).toEqual(['José A', 'José B']);
    expect(await found({ search: 'luis 9no' })).toEqual(['Luis A', 'Luis B']);
    expect(await found({ search: 'ana 9no' })).toEqual([]);
  });

  it('matches by word prefix, e-mail domain and first digits of the identification number', async () => {
    expect(await found({ search: 'mul' })).toEqual(['Luis A', 'Luis B']);
    expect(await found({ search: 'andino.edu.ec' })).toEqual(['Ana A', 'Elena A', 'José A']);
    expect(await found({ search: '1712' })).toEqual(['José A', 'José B']);
    expect(await found({ search: '0912345672' })).toEqual(['Ana B']);
  });

  it('searches parents and staff by names, e-mail and identification number', async () => {
    expect(sorted(label(expectOk(await t.find(parents, { search: 'gmail.com' }))))).toEqual([
      'Rosa A',
      'Rosa B',
    ]);
    expect(label(expectOk(await t.find(staff, { search: 'ortiz bolivar.edu.ec' })))).toEqual(['Carmen B']);
    expect(label(expectOk(await t.find(staff, { search: '1755555551' })))).toEqual(['Carmen A']);
  });

  it('combines with filters and pagination', async () => {
    const response = await find({
      search: 'perez',
      filter: { school: A.school },
      perPage: 1,
      includeTotals: true,
    });
    expect(label(response)).toEqual(['José A']);
    expect(response.total).toBe(1);
  });

  it('gives every result its user and relational_data.all, whatever select says', async () => {
    const results = await find({ search: 'ana', select: ['citizenship'] });
    expect(results).toHaveLength(2);
    for (const record of results) {
      expect(record.user.name).toBe('Ana');
      expect(record.relational_data.all).toContain('Ana Núñez');
      expect(record.relational_data.all).toContain('8vo');
    }
  });
});

describe('select', () => {
  const josé = `_id=${A.students[0]}`;

  it('accepts fields separated by spaces, joined by +, by %2B or as JSON, all alike', async () => {
    const forms = [
      'select=user.name%20user.surname',
      'select=user.name+user.surname',
      'select=user.name%2Buser.surname',
      `select=${encodeURIComponent('{"user.name":1,"user.surname":1}')}`,
    ];
    for (const form of forms) {
      expect(await list(`${josé}&${form}`), form).toEqual([
        { _id: A.students[0], user: { name: 'José', surname: 'Pérez' } },
      ]);
    }
  });

  it('reaches nested fields at any depth and keeps _id', async () => {
    expect(await joséWith({ select: ['emergency.contacts.phones.mobile'] })).toEqual([
      { _id: A.students[0], emergency: { contacts: [{ phones: { mobile: '0990000001' } }] } },
    ]);
  });

  it('`user` with `user.name` is the same as `user`', async () => {
    const [record] = await joséWith({ select: ['user', 'user.name'] });
    expect(Object.keys(record).sort()).toEqual(['_id', 'user']);
    expect(Object.keys(record.user).sort()).toEqual([
      '_id',
      'email',
      'id_card',
      'name',
      'second_name',
      'surname',
    ]);
  });

  it('excludes fields with a leading minus, and _id too when asked', async () => {
    const [record] = await list(`${josé}&select=-addresses%20-emergency`);
    expect(record.addresses).toBeUndefined();
    expect(record.emergency).toBeUndefined();
    expect(record.user.name).toBe('José');
    const [withoutId] = await list(`${josé}&select=-_id`);
    expect(withoutId._id).toBeUndefined();
    expect(withoutId.user.name).toBe('José');
  });

  it('the $elemMatch form returns every matching array element, not only the first', async () => {
    const select = encodeURIComponent('{"user.name":1,"years":{"$elemMatch":{"enrolled":true}}}');
    const [record] = await list(`_id=${elena}&select=${select}`);
    expect(record.user).toEqual({ name: 'Elena' });
    expect(record.years).toHaveLength(2);
    expect(record.years.every((entry: { enrolled: boolean }) => entry.enrolled)).toBe(true);
  });

  it('selecting only _id returns only _id, never the hidden fields', async () => {
    expect(await list(`${josé}&select=_id`)).toEqual([{ _id: A.students[0] }]);
    expect(await list(`${josé}&select=${encodeURIComponent('{"_id":1}')}`)).toEqual([{ _id: A.students[0] }]);
  });
});

describe('elemMatch', () => {
  it('keeps records with one array element satisfying every parameter', async () => {
    const one = await find({
      elemMatch: [{ property: 'years', parameters: { enrolled: true, group: A.otherGrade } }],
    });
    expect(sorted(label(one))).toEqual(['Elena A', 'Luis A']);
    const same = await find({
      elemMatch: [{ property: 'years', parameters: { enrolled: false, registered: false } }],
    });
    expect(same).toEqual([]);
  });

  it('an array of criteria must all hold', async () => {
    const both = await find({
      elemMatch: [
        { property: 'years', parameters: { enrolled: true, group: A.otherGrade } },
        { property: 'addresses', parameters: { city: 'Cuenca' } },
      ],
    });
    expect(sorted(label(both))).toEqual(['Elena A']);
  });
});

describe('populate', () => {
  const josé = `_id=${A.students[0]}`;

  it('without populate, a reference is its 24-hex identifier', async () => {
    const [record] = await joséWith({});
    expect(record.school).toBe(A.school);
    expect(record.parents).toEqual([A.parent]);
    expect(record.years[0].group).toBe(A.grade);
  });

  it('replaces a reference by the named fields of the referenced record, with its _id', async () => {
    const [record] = await joséWith({ populate: { school: 'name', parents: ['user.name', 'user.surname'] } });
    expect(record.school).toEqual({ _id: A.school, name: 'Colegio Andino' });
    expect(record.parents).toEqual([{ _id: A.parent, user: { name: 'Rosa', surname: 'Pérez' } }]);
  });

  it('an empty field list returns every visible field of the referenced record', async () => {
    const [record] = await joséWith({ populate: { parents: '' } });
    const [parent] = record.parents;
    expect(parent._id).toBe(A.parent);
    expect(parent.user).toMatchObject({ name: 'Rosa', surname: 'Pérez', id_card: '1700000001' });
    expect(parent.relational_data.all).toContain('Rosa');
    for (const hidden of ['_search', '_sync', '_rev']) expect(parent).not.toHaveProperty(hidden);
  });

  it('goes through a populated record with a dotted chain', async () => {
    // A chain through a populated record is no path of a student, so the builder's types refuse it.
    const populate = encodeURIComponent('{"years.group.section":"name","years.year":"name"}');
    const [record] = await list(`${josé}&populate=${populate}`);
    expect(record.years[0].year).toEqual({ _id: A.year, name: '2025-2026' });
    expect(record.years[0].group._id).toBe(A.grade);
    expect(record.years[0].group.section).toEqual({ _id: A.section, name: 'A' });
  });

  it('populate=true applies the default populate of the collection', async () => {
    const [record] = await joséWith({ populate: true });
    expect(record.school).toEqual({ _id: A.school, name: 'Colegio Andino' });
    expect(record.years[0].year).toEqual({ _id: A.year, name: '2025-2026' });
    expect(record.years[0].group).toEqual({ _id: A.grade, name: '8vo' });
  });

  it('returns populated paths even when select leaves them out', async () => {
    const [record] = await joséWith({ select: ['user.name'], populate: { school: 'name' } });
    expect(record).toEqual({
      _id: A.students[0],
      user: { name: 'José' },
      school: { _id: A.school, name: 'Colegio Andino' },
    });
  });

  it('a reference that resolves to nothing becomes null', async () => {
    const [record] = await find({
      filter: { _id: elena },
      select: ['user.name'],
      populate: { parents: 'user.name' },
    });
    expect(record.parents).toEqual([{ _id: A.parent, user: { name: 'Rosa' } }, null]);
  });
});

describe('__sort', () => {
  it('sorts by a nested field, descending, in the bracket form; _id breaks ties', async () => {
    const response = await list('__sort[user.surname]=desc&select=user.surname');
    expect(response.map((record: Json) => record.user.surname)).toEqual([
      'Vega',
      'Pérez',
      'Pérez',
      'Núñez',
      'Núñez',
      'Müller',
      'Müller',
    ]);
    expect(label(response)).toEqual(['Elena A', 'José A', 'José B', 'Ana A', 'Ana B', 'Luis A', 'Luis B']);
  });

  it('keeps the key order of the JSON form: surname ascending, then newest first', async () => {
    expect(label(await find({ sort: { 'user.surname': 'asc', created_at: 'desc' } }))).toEqual([
      'Luis B',
      'Luis A',
      'Ana B',
      'Ana A',
      'José B',
      'José A',
      'Elena A',
    ]);
  });

  it('accepts 1 and -1 as orders', async () => {
    const asc = label(await find({ sort: { 'user.name': 1 } }));
    const desc = label(await find({ sort: { 'user.name': -1 } }));
    expect(asc[0]).toBe('Ana A');
    expect(desc[0]).toBe('Luis A');
  });

  it('pages of one record walk every record exactly once, even with ties', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 8; page++) {
      seen.push(...ids(await find({ sort: { active: 'asc' }, perPage: 1, page })));
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
  });
});

describe('pages and totals', () => {
  it('__page and __per_page cut the list; a page past the end is empty', async () => {
    const all = ids(await find({ sort: { _id: 'asc' } }));
    expect(all).toHaveLength(7);
    const pages = [];
    for (let page = 1; page <= 4; page++)
      pages.push(ids(await find({ sort: { _id: 'asc' }, perPage: 2, page })));
    expect(pages.map((page) => page.length)).toEqual([2, 2, 2, 1]);
    expect(pages.flat()).toEqual(all);
    expect(await find({ perPage: 2, page: 5 })).toEqual([]);
  });

  it('pages hold 20 records by default and at most 100', async () => {
    for (let index = 0; index < 21; index++) {
      expectOk(await t.post('/api/sections', { school: B.school, name: `P${index}` }), 201);
    }
    const response = expectOk(await t.find(sections, { includeTotals: true }));
    expect(response.results).toHaveLength(20);
    expect(response.total).toBe(23);
    const all = expectOk(await t.find(sections, { perPage: 100 }));
    expect(all).toHaveLength(23);
  });

  it('__include_totals=true returns results with total, actual_total, active and inactive', async () => {
    const response = await find({ includeTotals: true, perPage: 2 });
    expect(Object.keys(response).sort()).toEqual(['active', 'actual_total', 'inactive', 'results', 'total']);
    expect(response.results).toHaveLength(2);
    expect(response).toMatchObject({ total: 7, actual_total: 7, active: 5, inactive: 2 });
  });

  it('total counts the filters and search; actual_total ignores them; active + inactive = total', async () => {
    expect(
      await find({ includeTotals: true, filter: { active: true }, select: ['user.name'] }),
    ).toMatchObject({
      total: 5,
      actual_total: 7,
      active: 5,
      inactive: 0,
    });
    const searched = await find({ includeTotals: true, search: 'luis' });
    expect(sorted(label(searched))).toEqual(['José A', 'José B', 'Luis A', 'Luis B']);
    expect(searched).toMatchObject({ total: 4, actual_total: 7, active: 2, inactive: 2 });
  });

  it('a page past the end keeps its totals', async () => {
    expect(await find({ includeTotals: true, perPage: 5, page: 3 })).toEqual({
      results: [],
      total: 7,
      actual_total: 7,
      active: 5,
      inactive: 2,
    });
  });

  it('include_totals is an alias, and false gives the array form', async () => {
    expect((await list('include_totals=true&select=user.name')).total).toBe(7);
    expect(Array.isArray(await find({ includeTotals: false, select: ['user.name'] }))).toBe(true);
  });

  it('applies to every collection', async () => {
    const others: readonly HostCollection[] = [schools, years, courses, sections, grades, parents, staff];
    for (const collection of others) {
      const response = expectOk(await t.find(collection, { includeTotals: true, perPage: 1 }));
      expect(response.active + response.inactive, collection.name).toBe(response.total);
      expect(response.total, collection.name).toBeGreaterThanOrEqual(2);
    }
  });
});
