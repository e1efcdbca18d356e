import { createQueryDsl, defineCollection, toMongo } from '@school/query-dsl';
import { describe, expect, it } from 'vitest';
import { issuesFor, mongoFor } from '../support/helpers.js';

describe('__sort', () => {
  it.each<[string, string, Record<string, 1 | -1>]>([
    [
      'JSON form keeps key order and appends _id',
      '__sort={"user.surname":"asc","created_at":"desc"}',
      { 'user.surname': 1, created_at: -1, _id: 1 },
    ],
    [
      'bracket form',
      '__sort[user.surname]=desc&__sort[user.name]=asc',
      { 'user.surname': -1, 'user.name': 1, _id: 1 },
    ],
    [
      '1 and -1 are accepted',
      '__sort={"user.surname":-1,"user.name":1}',
      { 'user.surname': -1, 'user.name': 1, _id: 1 },
    ],
    ['an explicit _id is not repeated', '__sort[_id]=desc', { _id: -1 }],
    ['no sort still sorts by _id so pages are stable', '', { _id: 1 }],
    [
      'nested fields through arrays are sortable',
      '__sort[years.enrolled]=desc',
      { 'years.enrolled': -1, _id: 1 },
    ],
    [
      'two keys in the same array are sortable together (issue 10.1)',
      '__sort[years.year]=asc&__sort[years.enrolled]=desc',
      { 'years.year': 1, 'years.enrolled': -1, _id: 1 },
    ],
    [
      'a key in an array sorts with keys outside any array',
      '__sort[parents]=asc&__sort[user.surname]=asc',
      { parents: 1, 'user.surname': 1, _id: 1 },
    ],
  ])('%s', (_name, query, sort) => {
    const { read } = mongoFor(query);
    expect(read.kind === 'find' && Object.entries(read.options.sort)).toEqual(Object.entries(sort));
  });
});

describe('__page and __per_page', () => {
  it.each<[string, string, { skip?: number; limit: number }]>([
    ['defaults to page 1 of 20', '', { limit: 20 }],
    ['page 3 of 10 skips 20', '__page=3&__per_page=10', { skip: 20, limit: 10 }],
    ['the maximum page size is allowed', '__per_page=100', { limit: 100 }],
  ])('%s', (_name, query, page) => {
    const { read } = mongoFor(query);
    expect(read.kind === 'find' && { skip: read.options.skip, limit: read.options.limit }).toEqual({
      skip: page.skip,
      limit: page.limit,
    });
  });

  it('a pipeline has $skip and $limit before any $lookup', () => {
    const { read } = mongoFor('__page=2&__per_page=5&populate={"school":"name"}');
    const stages = read.kind === 'aggregate' ? read.pipeline.map((stage) => Object.keys(stage)[0]) : [];
    expect(stages.slice(0, 4)).toEqual(['$sort', '$skip', '$limit', '$project']);
    expect(stages.indexOf('$lookup')).toBeGreaterThan(stages.indexOf('$limit'));
  });
});

describe('__include_totals', () => {
  it('asks for three counts alongside the page', () => {
    const query = mongoFor('__include_totals=true&active=true', 'students', { baseFilter: { school: 1 } });
    expect(query.counts).toEqual({
      total: { $and: [{ school: 1 }, { active: true }] },
      actualTotal: { school: 1 },
      active: { $and: [{ school: 1 }, { $and: [{ active: true }, { active: { $ne: false } }] }] },
    });
  });

  it('accepts the alias without the prefix', () => {
    expect(mongoFor('include_totals=true').counts).toEqual({
      total: {},
      actualTotal: {},
      active: { active: { $ne: false } },
    });
  });

  it('takes the flag and its alias given together when they agree, and refuses them when they do not', () => {
    expect(mongoFor('__include_totals=true&include_totals=true').counts).toEqual(
      mongoFor('__include_totals=true').counts,
    );
    expect(mongoFor('__include_totals=false&include_totals=false').counts).toBeUndefined();
    expect(
      issuesFor('__include_totals=true&include_totals=false').map(({ code, param }) => [code, param]),
    ).toEqual([['INVALID_PAGINATION', '__include_totals']]);
  });

  it('splits on nothing when the collection has no active flag (issue 10.4)', () => {
    const logs = defineCollection('logs', {
      schema: { type: 'object', properties: { level: { type: 'string' }, at: { type: 'string' } } },
    });
    const query = createQueryDsl({ collections: [logs] }).parse('logs', '__include_totals=true&level=warn', {
      baseFilter: { tenant: 1 },
    });
    if (!query.ok) throw new Error(JSON.stringify(query.issues));
    expect(logs.activeField).toBeUndefined();
    expect(toMongo(query.plan).counts).toEqual({
      total: { $and: [{ tenant: 1 }, { level: 'warn' }] },
      actualTotal: { tenant: 1 },
    });
  });

  it('splits on the activeField given, and refuses one that is not a boolean field', () => {
    const schema = {
      type: 'object',
      properties: { enabled: { type: 'boolean' }, active: { type: 'string' } },
    } as const;
    expect(defineCollection('a', { schema }).activeField).toBeUndefined();
    expect(defineCollection('b', { schema, activeField: 'enabled' }).activeField).toBe('enabled');
    expect(
      defineCollection('c', {
        schema: { ...schema, properties: { ...schema.properties, active: { type: 'boolean' } } },
        activeField: false,
      }).activeField,
    ).toBeUndefined();
    expect(() => defineCollection('d', { schema, activeField: 'active' })).toThrow(
      /activeField "active" is not a visible boolean field/,
    );
  });

  it('false gives the array form', () => {
    expect(mongoFor('__include_totals=false').counts).toBeUndefined();
  });
});
