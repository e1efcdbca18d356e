import { describe, expect, it } from 'vitest';
import { issuesFor, mongoFor } from '../support/helpers.js';

describe('number fields take finite numbers only', () => {
  it.each([
    ['a bare value', 'passing_score=1e400'],
    ['a negative one in a bracket operator', 'passing_score[$gt]=-1e400'],
    ['one in a JSON operator object', 'passing_score={"$gte":1e400}'],
    ['one in a $in list', 'passing_score={"$in":[1,1e400]}'],
    ['a quoted one', 'passing_score="1e999"'],
  ])('refuses %s past the largest double as INVALID_VALUE naming the param', (_, query) => {
    expect(issuesFor(query, 'years')).toEqual([
      {
        code: 'INVALID_VALUE',
        param: 'passing_score',
        message: 'Invalid value for passing_score: passing_score holds a finite number.',
      },
    ]);
  });

  it('takes the largest finite ones', () => {
    expect(mongoFor('passing_score[$gt]=1.7976931348623157e308', 'years').read).toMatchObject({
      filter: { passing_score: { $gt: Number.MAX_VALUE } },
    });
  });
});
