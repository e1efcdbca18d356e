import { describe, expect, it } from 'vitest';
import { itHoldsForEveryEmittedCommand } from './commands.js';
import {
  expressionViolations,
  filterOperatorViolations,
  operatorRule,
  stageViolations,
} from './operators.js';

describe('only operators that exist in MongoDB 5.0, each where it belongs', () => {
  itHoldsForEveryEmittedCommand(operatorRule);

  it('the rule catches operators newer than 5.0 or in the wrong place', () => {
    expect(expressionViolations({ $sortArray: { input: '$a', sortBy: 1 } }, 'e')).not.toEqual([]);
    expect(expressionViolations({ $firstN: { input: '$a', n: 2 } }, 'e')).not.toEqual([]);
    expect(
      stageViolations({ $densify: { field: 'a', range: { step: 1, bounds: 'full' } } }, 's'),
    ).not.toEqual([]);
    expect(filterOperatorViolations({ a: { $first: 1 } }, 'f')).not.toEqual([]);
    expect(filterOperatorViolations({ $and: [{ a: { $regexMatch: 'x' } }] }, 'f')).not.toEqual([]);
  });

  it('the rule accepts what the library writes', () => {
    expect(expressionViolations({ $ifNull: [{ $first: '$a' }, null] }, 'e')).toEqual([]);
    expect(filterOperatorViolations({ a: { $elemMatch: { $gte: 'x', $lt: 'y' } } }, 'f')).toEqual([]);
  });
});
