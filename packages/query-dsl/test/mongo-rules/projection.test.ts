import { describe, expect, it } from 'vitest';
import { itHoldsForEveryEmittedCommand } from './commands.js';
import { type ProjectionKind, projectionRule, projectionViolations } from './projection.js';

describe('projections follow MongoDB’s rules', () => {
  itHoldsForEveryEmittedCommand(projectionRule);

  it.each<[string, unknown, ProjectionKind]>([
    ['inclusion mixed with exclusion', { 'user.name': 1, citizenship: 0 }, 'find'],
    ['a path and its parent', { user: 1, 'user.name': 1 }, 'find'],
    ['$elemMatch in an aggregation $project', { years: { $elemMatch: { enrolled: true } } }, 'aggregation'],
    ['an empty $project', {}, 'aggregation'],
    ['a $-prefixed path', { $where: 1 }, 'find'],
  ])('the rule catches %s', (_name, projection, kind) => {
    expect(projectionViolations(projection, kind, 'projection')).not.toEqual([]);
  });

  it('the rule accepts _id: 0 with inclusions, and computed fields in an aggregation', () => {
    expect(projectionViolations({ _id: 0, 'user.name': 1 }, 'find', 'p')).toEqual([]);
    expect(
      projectionViolations(
        { years: { $filter: { input: '$years', as: 'y', cond: true } } },
        'aggregation',
        'p',
      ),
    ).toEqual([]);
  });
});
