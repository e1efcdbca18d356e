import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { HIDDEN, mongoFor } from '../support/helpers.js';

const YEAR = '5f1d7f0b2c3a4b5c6d7e8f90';
const oid = (hex: string) => ObjectId.createFromHexString(hex);

describe('filters become a find filter typed by the schema', () => {
  it.each<[string, string, Record<string, unknown>]>([
    ['a quoted value is a JSON string', 'user.name="Ana"', { 'user.name': 'Ana' }],
    [
      'a bare value on a string field stays a string, keeping leading zeros',
      'user.id_card=0912345678',
      { 'user.id_card': '0912345678' },
    ],
    ['bare true on a string field is the text "true"', 'citizenship=true', { citizenship: 'true' }],
    ['bare booleans are literals on boolean fields', 'active=false', { active: false }],
    ['a quoted boolean on a boolean field is a boolean', 'active="true"', { active: true }],
    ['a number on a number field is a number', 'passing_score=7.5', { passing_score: 7.5 }],
    ['bare null matches null or missing', 'citizenship=null', { citizenship: null }],
    ['a 24-hex id on a reference becomes an ObjectId', `years.year=${YEAR}`, { 'years.year': oid(YEAR) }],
    ['a quoted 24-hex id on a reference becomes an ObjectId too', `school="${YEAR}"`, { school: oid(YEAR) }],
    ['a 24-hex _id becomes an ObjectId', `_id=${YEAR}`, { _id: oid(YEAR) }],
    [
      'an ISO date on a date field becomes a Date',
      'created_at[$gte]=2025-01-01',
      { created_at: { $gte: new Date('2025-01-01T00:00:00Z') } },
    ],
    [
      'an ISO date-time keeps its time',
      'created_at[$lt]=2025-01-01T08:30:00Z',
      { created_at: { $lt: new Date('2025-01-01T08:30:00Z') } },
    ],
    [
      'a year before 100 is that year, not 1900 and more',
      'created_at[$gte]=0050-03-01',
      { created_at: { $gte: new Date('0050-03-01T00:00:00Z') } },
    ],
    [
      'a zone offset is applied',
      'created_at[$lt]=2025-01-01T08:30:00.250-05:00',
      { created_at: { $lt: new Date('2025-01-01T13:30:00.250Z') } },
    ],
    [
      'a date-time without a zone is UTC on every server',
      'created_at[$lt]=2025-01-01T08:30',
      { created_at: { $lt: new Date('2025-01-01T08:30:00Z') } },
    ],
    ['several filters all apply', 'user.name="Ana"&active=true', { 'user.name': 'Ana', active: true }],
    [
      'a dotted path reaches into arrays of subdocuments',
      'addresses.name="Casa"',
      { 'addresses.name': 'Casa' },
    ],
    [
      'a deep dotted path through arrays works',
      'emergency.contacts.phones.mobile=0991234567',
      { 'emergency.contacts.phones.mobile': '0991234567' },
    ],
    ['a bracket-nested key is a dotted path', 'user[name]=Ana', { 'user.name': 'Ana' }],
  ])('%s', (_name, query, filter) => {
    const { read } = mongoFor(query, query.includes('passing_score') ? 'years' : 'students');
    expect(read).toEqual({
      kind: 'find',
      filter,
      options: {
        projection: query.includes('passing_score') ? { _rev: 0 } : HIDDEN,
        sort: { _id: 1 },
        limit: 20,
      },
    });
  });
});

describe('operators beyond equality', () => {
  it.each<[string, string, Record<string, unknown>]>([
    ['bracket form', 'user.surname[$ne]=Pérez', { 'user.surname': { $ne: 'Pérez' } }],
    ['JSON form', 'user.surname={"$ne":"Pérez"}', { 'user.surname': { $ne: 'Pérez' } }],
    [
      'bracket and JSON forms combine on one field',
      'created_at[$gte]=2025-01-01&created_at={"$lt":"2026-01-01"}',
      {
        created_at: { $gte: new Date('2025-01-01T00:00:00Z'), $lt: new Date('2026-01-01T00:00:00Z') },
      },
    ],
    ['$in takes a JSON array', 'user.name[$in]=["Ana","Luis"]', { 'user.name': { $in: ['Ana', 'Luis'] } }],
    [
      '$in takes repeated bracket values',
      'user.name[$in][]=Ana&user.name[$in][]=Luis',
      { 'user.name': { $in: ['Ana', 'Luis'] } },
    ],
    [
      '$nin in JSON form coerces each id',
      `years.year={"$nin":["${YEAR}"]}`,
      { 'years.year': { $nin: [oid(YEAR)] } },
    ],
    ['a repeated key means $in', 'user.name=Ana&user.name=Luis', { 'user.name': { $in: ['Ana', 'Luis'] } }],
    [
      'a repeated key combines with a bracket operator on the same field (issue 8.7)',
      'user.name=Ana&user.name=Luis&user.name[$ne]=Luis',
      { 'user.name': { $in: ['Ana', 'Luis'], $ne: 'Luis' } },
    ],
    [
      'a repeated bracket-nested key combines with its operators too',
      'user[name]=Ana&user[name]=Luis&user[name][$ne]=Luis',
      { 'user.name': { $in: ['Ana', 'Luis'], $ne: 'Luis' } },
    ],
    [
      'a plain value after a bracket operator is its $eq, whatever the order',
      'created_at[$lt]=2026-01-01&created_at=2025-03-01',
      {
        created_at: { $eq: new Date('2025-03-01T00:00:00Z'), $lt: new Date('2026-01-01T00:00:00Z') },
      },
    ],
    [
      'repeated values and an explicit $in both apply: a record must match both lists',
      'user.name=Ana&user.name=Luis&user.name[$in]=["Ana","Pedro"]',
      { $and: [{ 'user.name': { $in: ['Ana', 'Luis'] } }, { 'user.name': { $in: ['Ana', 'Pedro'] } }] },
    ],
    [
      'repeated $in bracket values are a list',
      'user.id_card[$in]=0912&user.id_card[$in]=0913',
      { 'user.id_card': { $in: ['0912', '0913'] } },
    ],
    [
      'a zone offset of 23:59 is the largest there is',
      'created_at[$gte]=2025-01-01T00:00:00-23:59',
      { created_at: { $gte: new Date('2025-01-01T23:59:00Z') } },
    ],
    [
      'a JSON array value means $in',
      'user.id_card=["0912","0913"]',
      { 'user.id_card': { $in: ['0912', '0913'] } },
    ],
    ['$exists takes true or false', 'citizenship[$exists]=false', { citizenship: { $exists: false } }],
    [
      'the same operator twice is kept as two clauses',
      'created_at[$gte]=2025-01-01&created_at={"$gte":"2024-01-01"}',
      {
        $and: [
          { created_at: { $gte: new Date('2025-01-01T00:00:00Z') } },
          { created_at: { $gte: new Date('2024-01-01T00:00:00Z') } },
        ],
      },
    ],
  ])('%s', (_name, query, filter) => {
    expect(mongoFor(query).read).toMatchObject({ kind: 'find', filter });
  });
});

describe('the base filter', () => {
  const base = { school: oid('aaaaaaaaaaaaaaaaaaaaaaaa') };

  it('is the whole filter when the user filters nothing', () => {
    expect(mongoFor('', 'students', { baseFilter: base }).read).toMatchObject({ filter: base });
  });

  it('is ANDed first, verbatim, with what the user asks', () => {
    const other = 'bbbbbbbbbbbbbbbbbbbbbbbb';
    expect(mongoFor(`school=${other}`, 'students', { baseFilter: base }).read).toMatchObject({
      filter: { $and: [base, { school: oid(other) }] },
    });
  });

  it('can differ per collection when given as a function', () => {
    const scope = (collection: { name: string }) =>
      collection.name === 'schools' ? { _id: 1 } : { school: 2 };
    const { read } = mongoFor('populate={"school":"name"}', 'students', { baseFilter: scope });
    expect(read.kind === 'aggregate' && read.pipeline[0]).toEqual({ $match: { school: 2 } });
    expect(read.kind === 'aggregate' && read.pipeline.find((stage) => '$lookup' in stage)).toMatchObject({
      $lookup: { from: 'schools', pipeline: [{ $match: { _id: 1 } }, { $project: { name: 1 } }] },
    });
  });
});
