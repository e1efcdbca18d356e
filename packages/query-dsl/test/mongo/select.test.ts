import { describe, expect, it } from 'vitest';
import { mongoFor } from '../support/helpers.js';

const projectionOf = (query: string) => {
  const { read } = mongoFor(query);
  if (read.kind !== 'find') throw new Error('expected a find');
  return read.options.projection;
};

describe('select limits the fields returned', () => {
  it.each<[string, string, Record<string, unknown>]>([
    ['space-separated', 'select=user.name user.surname', { 'user.name': 1, 'user.surname': 1 }],
    [
      'joined with a literal + (a space once decoded)',
      'select=user.name+user.surname',
      { 'user.name': 1, 'user.surname': 1 },
    ],
    ['joined with an encoded %2B', 'select=user.name%2Buser.surname', { 'user.name': 1, 'user.surname': 1 }],
    ['a JSON object', 'select={"user.name":1,"user.surname":1}', { 'user.name': 1, 'user.surname': 1 }],
    ['a parent and its child is the parent', 'select=user user.name', { user: 1 }],
    ['a child then its parent is the parent', 'select={"user.name":1,"user":1}', { user: 1 }],
    [
      'nested fields at any depth',
      'select=emergency.contacts.phones.mobile',
      { 'emergency.contacts.phones.mobile': 1 },
    ],
    ['_id can be left out of an inclusion', 'select=user.name -_id', { _id: 0, 'user.name': 1 }],
    [
      'exclusion with a leading minus keeps hidden fields out',
      'select=-addresses',
      { addresses: 0, _sync: 0, _search: 0, _rev: 0 },
    ],
    [
      'exclusion in JSON form',
      'select={"addresses":0,"citizenship":0}',
      { addresses: 0, citizenship: 0, _sync: 0, _search: 0, _rev: 0 },
    ],
    ['excluding only _id', 'select=-_id', { _id: 0, _sync: 0, _search: 0, _rev: 0 }],
  ])('%s', (_name, query, projection) => {
    expect(projectionOf(query)).toEqual(projection);
  });

  it('search results always carry user and relational_data.all', () => {
    expect(projectionOf('global_search=ana&select=citizenship')).toEqual({
      citizenship: 1,
      user: 1,
      'relational_data.all': 1,
    });
  });

  it('a subdocument holding a hidden field is expanded into its visible fields', () => {
    const { read } = mongoFor('select=user', 'students');
    expect(read.kind === 'find' && read.options.projection).toEqual({ user: 1 });
  });
});

describe('the $elemMatch form of select returns every matching element', () => {
  it('becomes a $filter in a $project, since MongoDB has no $elemMatch expression', () => {
    const { read } = mongoFor('select={"years":{"$elemMatch":{"enrolled":true}},"user.name":1}');
    expect(read).toEqual({
      kind: 'aggregate',
      pipeline: [
        { $sort: { _id: 1 } },
        { $limit: 20 },
        {
          $project: {
            'user.name': 1,
            years: {
              $cond: [
                { $isArray: '$years' },
                { $filter: { input: '$years', as: 'item', cond: { $eq: ['$$item.enrolled', true] } } },
                '$$REMOVE',
              ],
            },
          },
        },
      ],
    });
  });

  it('wraps user strings in $literal so they can never name a field or a variable', () => {
    const { read } = mongoFor('select={"addresses":{"$elemMatch":{"city":"$$ROOT"}}}');
    expect(JSON.stringify(read)).toContain('{"$eq":["$$item.city",{"$literal":"$$ROOT"}]}');
  });

  it('keeps query semantics for comparisons (type bracketing) and null (missing matches)', () => {
    const { read } = mongoFor('select={"addresses":{"$elemMatch":{"city":{"$gte":"M"},"name":null}}}');
    expect(JSON.stringify(read)).toContain(
      JSON.stringify({
        $and: [
          {
            $and: [
              { $eq: [{ $type: '$$item.city' }, 'string'] },
              { $gte: ['$$item.city', { $literal: 'M' }] },
            ],
          },
          { $in: [{ $type: '$$item.name' }, ['missing', 'null']] },
        ],
      }),
    );
  });

  it('is added after an exclusion projection with $set', () => {
    const { read } = mongoFor('select={"citizenship":0,"years":{"$elemMatch":{"registered":false}}}');
    expect(read.kind === 'aggregate' && read.pipeline.slice(2)).toEqual([
      { $project: { citizenship: 0, _sync: 0, _search: 0, _rev: 0 } },
      {
        $set: {
          years: {
            $cond: [
              { $isArray: '$years' },
              { $filter: { input: '$years', as: 'item', cond: { $eq: ['$$item.registered', false] } } },
              '$$REMOVE',
            ],
          },
        },
      },
    ]);
  });
});
