import { buildQuery } from '@school/query-dsl';
import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { dsl, students, years } from '../support/school-collections.js';

describe('buildQuery writes a typed description as the query string', () => {
  it('writes each convention in the form the parser reads', () => {
    const query = buildQuery(students, {
      filter: { 'user.id_card': '0912345678', created_at: { $gte: new Date('2025-03-01T00:00:00Z') } },
      select: ['user.name'],
      populate: { school: 'name' },
      sort: { 'user.surname': 'asc' },
      page: 2,
    });
    expect(decodeURIComponent(query)).toBe(
      'user.id_card="0912345678"&created_at[$gte]=2025-03-01T00:00:00.000Z&select={"user.name":1}' +
        '&populate={"school":"name"}&__sort={"user.surname":"asc"}&__page=2',
    );
  });

  it('keeps text that looks like a number, a boolean or null as text', () => {
    const result = dsl.parse(
      'students',
      buildQuery(students, { filter: { 'user.name': 'null', citizenship: 'true', 'user.id_card': '007' } }),
    );
    expect(result.ok && result.plan.filters).toEqual([
      { kind: 'field', path: 'user.name', conditions: [{ op: '$eq', value: 'null' }] },
      { kind: 'field', path: 'citizenship', conditions: [{ op: '$eq', value: 'true' }] },
      { kind: 'field', path: 'user.id_card', conditions: [{ op: '$eq', value: '007' }] },
    ]);
  });

  it('takes identifiers as ObjectIds or 24-hex strings', () => {
    const id = new ObjectId('64b7f0c2a1b2c3d4e5f60701');
    const asObject = buildQuery(students, { filter: { school: id, 'years.year': { $in: [id] } } });
    const asText = buildQuery(students, {
      filter: { school: id.toHexString(), 'years.year': { $in: [id.toHexString()] } },
    });
    const [fromObject, fromText] = [dsl.parse('students', asObject), dsl.parse('students', asText)];
    expect(fromText.ok && fromText.plan.filters).toEqual(fromObject.ok && fromObject.plan.filters);
    expect(fromObject.ok && fromObject.plan.filters).toEqual([
      { kind: 'field', path: 'school', conditions: [{ op: '$eq', value: id }] },
      { kind: 'field', path: 'years.year', conditions: [{ op: '$in', values: [id] }] },
    ]);
  });

  it('refuses, at compile time, paths and values the records do not have', () => {
    // @ts-expect-error `user.nmae` is no path of a student
    buildQuery(students, { filter: { 'user.nmae': 'Ana' } });
    // @ts-expect-error `active` holds booleans
    buildQuery(students, { filter: { active: 'yes' } });
    // @ts-expect-error `citizenship` is no reference
    buildQuery(students, { populate: { citizenship: 'name' } });
    // @ts-expect-error `user` is no array of subdocuments
    buildQuery(students, { elemMatch: [{ property: 'user', parameters: {} }] });
    expect(buildQuery(students, { sort: { 'years.year': -1 } })).toBe('__sort=%7B%22years.year%22%3A-1%7D');
  });
});

describe('buildQuery refuses a value no query string can carry', () => {
  it.each([
    ['NaN as a value', { passing_score: Number.NaN }, 'passing_score is NaN'],
    [
      'Infinity as an operand',
      { passing_score: { $gt: Number.POSITIVE_INFINITY } },
      'passing_score is Infinity',
    ],
    [
      'NaN in a list, which JSON would write as null',
      { passing_score: { $in: [1, Number.NaN] } },
      'passing_score is NaN',
    ],
    [
      '-Infinity in a $nin list',
      { passing_score: { $nin: [Number.NEGATIVE_INFINITY] } },
      'passing_score is -Infinity',
    ],
  ])('throws a RangeError on %s', (_case, filter, message) => {
    expect(() => buildQuery(years, { filter })).toThrow(
      new RangeError(`buildQuery: ${message}, which no query string can carry as a number.`),
    );
  });

  it('throws on a non-finite number in an elemMatch parameter', () => {
    expect(() =>
      buildQuery(students, {
        // @ts-expect-error `enrolled` holds booleans; a JavaScript caller may pass anything
        elemMatch: [{ property: 'years', parameters: { enrolled: { $eq: Number.NaN } } }],
      }),
    ).toThrow(/^buildQuery: elemMatch is NaN/);
  });

  it('throws on an invalid Date, as toISOString does', () => {
    expect(() => buildQuery(students, { filter: { created_at: new Date(Number.NaN) } })).toThrow(RangeError);
  });

  it('still writes every finite number, negative zero and the largest included', () => {
    const query = buildQuery(years, {
      filter: { passing_score: { $gte: -0, $lte: Number.MAX_VALUE, $in: [1.5] } },
    });
    const result = dsl.parse('years', query);
    expect(result.ok && result.plan.filters).toEqual([
      {
        kind: 'field',
        path: 'passing_score',
        conditions: [
          { op: '$gte', value: 0 },
          { op: '$lte', value: Number.MAX_VALUE },
          { op: '$in', values: [1.5] },
        ],
      },
    ]);
  });
});
