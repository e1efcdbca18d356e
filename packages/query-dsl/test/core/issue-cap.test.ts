import { MAX_LISTED_ISSUES } from '@school/query-dsl';
import { describe, expect, it } from 'vitest';
import { issuesFor } from '../support/helpers.js';

/** `count` distinct unknown names, short enough that 1,600 of them fit in the 8 KiB query string. */
const names = (count: number, prefix = 'z') =>
  Array.from({ length: count }, (_, index) => `${prefix}${index.toString(36)}`);

describe('a query with more problems than MAX_LISTED_ISSUES', () => {
  it('lists the first 50 of 1,600 unknown select names, then how many more there were', () => {
    const issues = issuesFor(`select=${names(1600).join('+')}`);
    expect(issues).toHaveLength(MAX_LISTED_ISSUES + 1);
    expect(issues.slice(0, 2).map((issue) => [issue.code, issue.param])).toEqual([
      ['UNKNOWN_FIELD', 'z0'],
      ['UNKNOWN_FIELD', 'z1'],
    ]);
    expect(issues.at(-1)).toEqual({
      code: 'TOO_MANY_ERRORS',
      param: 'query',
      message:
        '1550 more problems were found in the query and not listed: only the first 50 are. Fix these and send it again.',
    });
  });

  it('caps the unknown field names of a populated reference the same way', () => {
    const issues = issuesFor(`populate=${JSON.stringify({ school: names(120).join(' ') })}`);
    expect(issues).toHaveLength(MAX_LISTED_ISSUES + 1);
    expect(issues[0]?.code).toBe('INVALID_POPULATE');
    expect(issues.at(-1)?.message).toMatch(/^70 more problems were found in the query/u);
  });

  it('gives the same capped answer when the populate spec comes from the cache', () => {
    const query = `populate=${JSON.stringify({ school: names(60).join(' ') })}`;
    expect(issuesFor(query)).toEqual(issuesFor(query));
    expect(issuesFor(query).at(-1)?.message).toMatch(/^10 more problems were found/u);
  });

  it('lists a name given many times once', () => {
    const issues = issuesFor(`select=${Array(2700).fill('zz').join('+')}`);
    expect(issues.map((issue) => [issue.code, issue.param])).toEqual([['UNKNOWN_FIELD', 'zz']]);
  });

  it('lists problems of every parameter, whatever their kind, under the one cap', () => {
    const filters = names(40, 'f').map((name) => `${name}=1`);
    const issues = issuesFor(`${filters.join('&')}&select=${names(40, 's').join('+')}&__page=0`);
    expect(issues).toHaveLength(MAX_LISTED_ISSUES + 1);
    expect(issues.at(-1)?.code).toBe('TOO_MANY_ERRORS');
  });
});
