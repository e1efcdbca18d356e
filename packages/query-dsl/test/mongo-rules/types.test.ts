import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { collectionOf, itHoldsForEveryEmittedCommand } from './commands.js';
import { typeRule, typeViolations } from './types.js';

const students = collectionOf('students');
const id = '64b7f0c2a1b2c3d4e5f60718';

describe('ObjectIds, Dates and other values where the schema says so', () => {
  itHoldsForEveryEmittedCommand(typeRule);

  it.each<[string, Record<string, unknown>]>([
    ['a hex string on a reference', { school: id }],
    ['a hex string inside $in on an array of references', { parents: { $in: [new ObjectId(id), id] } }],
    ['an ISO string on a date field', { created_at: { $gte: '2025-01-01' } }],
    ['a string on a boolean field inside $and', { $and: [{ active: 'true' }] }],
    ['a string id inside an $elemMatch on subdocuments', { years: { $elemMatch: { year: id } } }],
    ['a number on a text field', { 'user.id_card': 912345678 }],
  ])('the rule catches %s', (_name, filter) => {
    expect(typeViolations(filter, students, 'filter')).not.toEqual([]);
  });

  it('the rule accepts typed values and null', () => {
    const filter = { school: new ObjectId(id), created_at: { $lt: new Date() }, citizenship: null };
    expect(typeViolations(filter, students, 'filter')).toEqual([]);
  });
});
