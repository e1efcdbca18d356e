/**
 * The `$elemMatch` form of `select` keeps the matching elements with a `$filter` whose condition is
 * each criterion rewritten as an aggregation expression. These pin the expression of every operator:
 * negations wrap the positive form in `$not`, `$exists` compares the element field's `$type` with
 * `missing`, comparisons are bracketed by the literal's type, and a comparison with `null` is the
 * null test for `$gte`/`$lte` and matches nothing for `$gt`/`$lt`.
 */
import { createQueryDsl, defineCollection, toMongo } from '@school/query-dsl';
import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';

const lessons = defineCollection('lessons', {
  schema: {
    type: 'object',
    properties: {
      sessions: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            topic: { type: 'string' },
            hours: { type: 'number' },
            held_on: { type: 'string', format: 'date-time' },
            online: { type: 'boolean' },
            room: { type: 'string', format: 'objectid' },
          },
        },
      },
    },
  },
});
const dsl = createQueryDsl({ collections: [lessons] });

/** The `$project` a `select={"sessions":{"$elemMatch":<criteria>}}` emits. */
function projectionFor(criteria: string): unknown {
  const select = encodeURIComponent(`{"sessions":{"$elemMatch":${criteria}}}`);
  const result = dsl.parse('lessons', `select=${select}`);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  const { read } = toMongo(result.plan);
  if (read.kind !== 'aggregate') throw new Error('expected a pipeline');
  return read.pipeline.at(-1);
}

/** The whole projection of `sessions` whose `$filter` keeps the elements where `cond` holds. */
const keeping = (cond: unknown) => ({
  $project: {
    sessions: {
      $cond: [{ $isArray: '$sessions' }, { $filter: { input: '$sessions', as: 'item', cond } }, '$$REMOVE'],
    },
  },
});

const topicIs = (topic: string) => ({ $eq: ['$$item.topic', { $literal: topic }] });
const isNull = (path: string) => ({ $in: [{ $type: `$$item.${path}` }, ['missing', 'null']] });

describe('the $elemMatch form of select rewrites each operator as an expression', () => {
  it.each<[string, string, unknown]>([
    ['$ne as the negated equality', '{"topic":{"$ne":"a"}}', { $not: [topicIs('a')] }],
    ['$in of one value as that equality', '{"topic":{"$in":["a"]}}', topicIs('a')],
    [
      '$in of two values as either equality',
      '{"topic":{"$in":["a","b"]}}',
      { $or: [topicIs('a'), topicIs('b')] },
    ],
    ['$in of no values as false', '{"topic":{"$in":[]}}', false],
    [
      '$nin as the negated $in',
      '{"topic":{"$nin":["a","b"]}}',
      { $not: [{ $or: [topicIs('a'), topicIs('b')] }] },
    ],
    ['$nin of no values as the negation of false', '{"topic":{"$nin":[]}}', { $not: [false] }],
    [
      '$exists true as a type other than missing',
      '{"topic":{"$exists":true}}',
      { $ne: [{ $type: '$$item.topic' }, 'missing'] },
    ],
    [
      '$exists false as the missing type',
      '{"topic":{"$exists":false}}',
      { $eq: [{ $type: '$$item.topic' }, 'missing'] },
    ],
  ])('%s', (_case, criteria, cond) => {
    expect(projectionFor(criteria)).toEqual(keeping(cond));
  });
});

describe('comparisons in the $elemMatch form of select', () => {
  it.each<[string, string, unknown]>([
    ['$gte null as the null test', '{"hours":{"$gte":null}}', isNull('hours')],
    ['$lte null as the null test', '{"hours":{"$lte":null}}', isNull('hours')],
    ['$gt null as matching nothing', '{"hours":{"$gt":null}}', false],
    ['$lt null as matching nothing', '{"hours":{"$lt":null}}', false],
    [
      'compare a number only with numbers',
      '{"hours":{"$gt":2}}',
      { $and: [{ $isNumber: '$$item.hours' }, { $gt: ['$$item.hours', 2] }] },
    ],
    [
      'compare a boolean only with booleans',
      '{"online":{"$gt":false}}',
      { $and: [{ $eq: [{ $type: '$$item.online' }, 'bool'] }, { $gt: ['$$item.online', false] }] },
    ],
    [
      'compare a date only with dates',
      '{"held_on":{"$lt":"2024-01-01T00:00:00Z"}}',
      {
        $and: [
          { $eq: [{ $type: '$$item.held_on' }, 'date'] },
          { $lt: ['$$item.held_on', new Date('2024-01-01T00:00:00Z')] },
        ],
      },
    ],
    [
      'compare an identifier only with identifiers',
      '{"room":{"$gte":"5b0000000000000000000099"}}',
      {
        $and: [
          { $eq: [{ $type: '$$item.room' }, 'objectId'] },
          { $gte: ['$$item.room', ObjectId.createFromHexString('5b0000000000000000000099')] },
        ],
      },
    ],
  ])('%s', (_case, criteria, cond) => {
    expect(projectionFor(criteria)).toEqual(keeping(cond));
  });
});
