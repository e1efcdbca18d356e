import { describe, expect, it } from 'vitest';
import { itHoldsForEveryEmittedCommand } from './commands.js';
import { limitViolations, paginationRule, skipViolations } from './pagination.js';

describe('pages follow MongoDB’s rules', () => {
  itHoldsForEveryEmittedCommand(paginationRule);

  it.each([0, -1, 2.5, Number.NaN, 2 ** 64, '20'])('the rule catches the limit %s', (limit) => {
    expect(limitViolations(limit, '$limit')).not.toEqual([]);
  });

  it.each([-1, 0.5, Number.POSITIVE_INFINITY, '0'])('the rule catches the skip %s', (skip) => {
    expect(skipViolations(skip, '$skip')).not.toEqual([]);
  });

  it('the rule accepts a skip of 0 and the largest exact integer', () => {
    expect(skipViolations(0, '$skip')).toEqual([]);
    expect(limitViolations(Number.MAX_SAFE_INTEGER, '$limit')).toEqual([]);
  });
});
