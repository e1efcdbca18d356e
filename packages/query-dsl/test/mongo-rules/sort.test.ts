import { describe, expect, it } from 'vitest';
import { collectionOf, itHoldsForEveryEmittedCommand } from './commands.js';
import { sortRule, sortViolations } from './sort.js';

const students = collectionOf('students');

describe('sorts follow MongoDB’s rules', () => {
  itHoldsForEveryEmittedCommand(sortRule);

  it.each<[string, Record<string, unknown>]>([
    ['an empty sort', {}],
    [
      'more than 32 keys',
      Object.fromEntries([...Array.from({ length: 32 }, (_, i) => [`k${i}`, 1]), ['_id', 1]]),
    ],
    ['a direction other than 1 or -1', { 'user.name': 'asc', _id: 1 }],
    ['no unique tie-breaker', { 'user.name': 1, created_at: -1 }],
    ['keys in two different arrays', { 'years.year': 1, 'addresses.city': 1, _id: 1 }],
    ['an array of ids with an array of subdocuments', { parents: 1, 'years.enrolled': -1, _id: 1 }],
  ])('the rule catches %s', (_name, sort) => {
    expect(sortViolations(sort, students, 'sort')).not.toEqual([]);
  });

  it('the rule accepts keys inside one array', () => {
    expect(sortViolations({ 'years.year': 1, 'years.enrolled': -1, _id: 1 }, students, 'sort')).toEqual([]);
  });
});
