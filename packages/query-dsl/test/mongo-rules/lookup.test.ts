import { describe, expect, it } from 'vitest';
import { itHoldsForEveryEmittedCommand } from './commands.js';
import { lookupPositionViolations, lookupRule, lookupViolations } from './lookup.js';

describe('$lookup stages follow MongoDB’s form and the library’s position', () => {
  itHoldsForEveryEmittedCommand(lookupRule);

  it.each<[string, unknown]>([
    ['a missing from', { localField: 'a', foreignField: '_id', as: 'a' }],
    ['localField without foreignField', { from: 'x', localField: 'a', as: 'a' }],
    ['an as starting with $', { from: 'x', localField: 'a', foreignField: '_id', as: '$a' }],
    [
      '$out in the sub-pipeline',
      { from: 'x', localField: 'a', foreignField: '_id', as: 'a', pipeline: [{ $out: 'y' }] },
    ],
    ['an unknown argument', { from: 'x', localField: 'a', foreignField: '_id', as: 'a', into: 'b' }],
  ])('the rule catches %s', (_name, lookup) => {
    expect(lookupViolations(lookup, '$lookup')).not.toEqual([]);
  });

  it('the rule catches a $limit placed after a $lookup', () => {
    const lookup = { $lookup: { from: 'x', localField: 'a', foreignField: '_id', as: 'a' } };
    expect(lookupPositionViolations([{ $sort: { _id: 1 } }, lookup, { $limit: 20 }])).toEqual([
      'pipeline[2]: $limit after a $lookup',
    ]);
  });
});
