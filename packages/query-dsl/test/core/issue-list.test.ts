import { describe, expect, it } from 'vitest';
import { IssueList, MAX_LISTED_ISSUES } from '../../src/core/issue-list.js';
import { countListVisits } from '../support/list-visits.js';

const unknown = (list: IssueList, count: number, from = 0) => {
  for (let index = from; index < from + count; index++) {
    list.add('UNKNOWN_FIELD', `f${index}`, `students has no field "f${index}".`);
  }
};

describe('an issue list', () => {
  it('lists every issue while there are at most MAX_LISTED_ISSUES of them', () => {
    const list = new IssueList();
    unknown(list, MAX_LISTED_ISSUES);
    const issues = list.list();
    expect(issues).toHaveLength(MAX_LISTED_ISSUES);
    expect(issues.map((issue) => issue.code)).not.toContain('TOO_MANY_ERRORS');
    expect(issues[0]).toEqual({ code: 'UNKNOWN_FIELD', param: 'f0', message: 'students has no field "f0".' });
  });

  it('lists the first MAX_LISTED_ISSUES and then one entry saying how many more there were', () => {
    const list = new IssueList();
    unknown(list, 2700);
    const issues = list.list();
    expect(MAX_LISTED_ISSUES).toBe(50);
    expect(issues).toHaveLength(51);
    expect(issues.at(-2)?.param).toBe('f49');
    expect(issues.at(-1)).toEqual({
      code: 'TOO_MANY_ERRORS',
      param: 'query',
      message:
        '2650 more problems were found in the query and not listed: only the first 50 are. Fix these and send it again.',
    });
  });

  it('names its subject and takes another cap', () => {
    const list = new IssueList<'VALIDATION_FAILED'>('body', 2);
    for (const param of ['a', 'b', 'c']) list.add('VALIDATION_FAILED', param, `${param} must be number.`);
    expect(list.list().at(-1)).toEqual({
      code: 'TOO_MANY_ERRORS',
      param: 'body',
      message:
        '1 more problem was found in the body and not listed: only the first 2 are. Fix these and send it again.',
    });
  });

  it('lists the same issue once, and counts a repeat as reported but not as more', () => {
    const list = new IssueList();
    for (let round = 0; round < 3; round++) unknown(list, MAX_LISTED_ISSUES + 1);
    expect(list.reported).toBe(3 * (MAX_LISTED_ISSUES + 1));
    expect(list.list().at(-1)?.message).toMatch(/^1 more problem was found/u);
  });

  it('is empty until an issue is added', () => {
    const list = new IssueList();
    expect(list.empty).toBe(true);
    expect(list.list()).toEqual([]);
    unknown(list, 1);
    expect(list.empty).toBe(false);
  });

  it('absorbs another list: its listed issues, and the count of those it left out', () => {
    const cached = new IssueList();
    unknown(cached, MAX_LISTED_ISSUES + 7);
    const list = new IssueList();
    unknown(list, 3, 1000);
    list.absorb(cached);
    expect(list.reported).toBe(3 + MAX_LISTED_ISSUES + 7);
    const issues = list.list();
    expect(issues).toHaveLength(51);
    expect(issues[0]?.param).toBe('f1000');
    expect(issues.at(-1)?.message).toMatch(/^10 more problems were found/u);
  });

  it('never scans what it holds: adding n issues visits no list element, however large n is', () => {
    for (const count of [1000, 2000, 64_000]) {
      const visits = countListVisits(() => {
        const list = new IssueList();
        unknown(list, count);
        unknown(list, count);
        list.list();
      });
      expect(visits, `${count} issues`).toBe(0);
    }
  });
});
