import { ISSUE_CODES, type IssueCode } from '@school/query-dsl';
import { describe, expect, it } from 'vitest';
import { issuesFor } from '../support/helpers.js';
import { dsl } from '../support/school-collections.js';

const deep = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

describe('bad input gets a clear issue, never an exception', () => {
  it.each<[IssueCode, string, string, RegExp]>([
    ['UNKNOWN_FIELD', 'user.nmae="Ana"', 'user.nmae', /no field "user.nmae"; did you mean "user.name"\?/],
    ['UNKNOWN_FIELD', 'select=user.nmae', 'user.nmae', /did you mean "user.name"/],
    ['UNKNOWN_FIELD', '__sort[user.nmae]=asc', '__sort', /no field "user.nmae"; did you mean/],
    [
      'UNKNOWN_FIELD',
      'elemMatch={"property":"years","parameters":{"enroled":true}}',
      'years.enroled',
      /did you mean "years.enrolled"/,
    ],
    ['UNKNOWN_FIELD', '_search=ana', '_search', /no field "_search"/],
    ['UNKNOWN_FIELD', 'select=_sync', '_sync', /no field/],
    ['INVALID_VALUE', 'years.year=123', 'years.year', /24-character hexadecimal/],
    ['INVALID_VALUE', 'active=yes', 'active', /true or false/],
    ['INVALID_VALUE', 'created_at[$gte]=yesterday', 'created_at', /ISO 8601/],
    ['INVALID_VALUE', 'user={"name":"Ana"}', 'user', /operators only/],
    ['INVALID_VALUE', 'user.name={"$in":"Ana"}', 'user.name', /JSON array/],
    ['INVALID_VALUE', 'user.id_card={"$in":[912]}', 'user.id_card', /JSON string/],
    ['INVALID_VALUE', 'citizenship[$exists]=maybe', 'citizenship', /true or false/],
    // Issue 8.6: RFC 3339 offsets are hours 00-23 and minutes 00-59, not a 100-hour shift.
    [
      'INVALID_VALUE',
      'created_at=2025-01-01T00:00:00%2B99:99',
      'created_at',
      /zone offset \+99:99, out of range/,
    ],
    ['INVALID_VALUE', 'created_at[$lt]=2025-01-01T00:00:00-24:00', 'created_at', /offset hours are 00-23/],
    ['INVALID_VALUE', 'created_at[$lt]=2025-01-01T00:00:00%2B0560', 'created_at', /minutes 00-59/],
    // Issue 10.5: $in and $nin take a list, never one bare value.
    [
      'INVALID_VALUE',
      'user.id_card[$in]="0912345678"',
      'user.id_card',
      /\$in on user.id_card takes a JSON array/,
    ],
    [
      'INVALID_VALUE',
      'user.id_card[$nin]=0912345678',
      'user.id_card',
      /\$nin on user.id_card takes a JSON array/,
    ],
    ['INVALID_VALUE', 'years.year={"$in":"64b7f0c2a1b2c3d4e5f60701"}', 'years.year', /takes a JSON array/],
    // Issue 10.2: control characters never reach MongoDB in a search word.
    ['INVALID_VALUE', 'global_search=a%00b', 'global_search', /control character U\+0000/],
    ['INVALID_VALUE', 'global_search=ana %1B[0m', 'global_search', /control character U\+001B/],
    ['INVALID_VALUE', 'global_search=a%7F', 'global_search', /control character U\+007F/],
    // Issue 8.7: list positions are not silently read as fields that do not exist.
    ['INVALID_VALUE', 'years[0][enrolled]=true', 'years', /positions are not supported: use years.<field>/],
    // Issue 10.1: MongoDB cannot sort on keys that go through two different arrays.
    [
      'INVALID_SORT',
      '__sort[years.year]=asc&__sort[addresses.city]=asc',
      '__sort',
      /cannot combine years.year and addresses.city: they go through different arrays \(years and addresses\)/,
    ],
    ['INVALID_SORT', '__sort={"parents":"asc","years.enrolled":"desc"}', '__sort', /parents and years/],
    [
      'INVALID_SORT',
      '__sort[emergency.contacts.name]=asc&__sort[years.year]=asc',
      '__sort',
      /parallel arrays/,
    ],
    [
      'INVALID_VALUE',
      'elemMatch={"property":"parents","parameters":{"a":1}}',
      'parents',
      /arrays of subdocuments/,
    ],
    ['INVALID_VALUE', 'elemMatch={"property":"years"}', 'elemMatch', /"parameters"/],
    ['UNSUPPORTED_OPERATOR', 'user.name[$where]=1', 'user.name', /\$where is not supported/],
    ['UNSUPPORTED_OPERATOR', 'user.name={"$regex":"^A"}', 'user.name', /\$regex/],
    ['UNSUPPORTED_OPERATOR', 'user.name={"$in":[{"$expr":1}]}', 'user.name', /\$expr/],
    ['UNSUPPORTED_OPERATOR', '$where=sleep(1000)', '$where', /\$where/],
    ['UNSUPPORTED_OPERATOR', 'nope[$function]=1', 'nope', /\$function/],
    ['UNSUPPORTED_OPERATOR', 'select={"years":{"$slice":1}}', 'select', /\$slice/],
    [
      'UNSUPPORTED_OPERATOR',
      'elemMatch={"property":"years","parameters":{"$where":"1"}}',
      'elemMatch',
      /\$where/,
    ],
    ['INVALID_JSON', 'active={"$in":[', 'active', /not valid JSON/],
    ['INVALID_JSON', 'active="tru', 'active', /not a valid JSON string/],
    ['INVALID_JSON', 'elemMatch={property:years}', 'elemMatch', /not valid JSON/],
    ['INVALID_PAGINATION', '__page=0', '__page', /at least 1/],
    ['INVALID_PAGINATION', '__page=abc', '__page', /at least 1/],
    // The skip stays an exact 64-bit integer at the largest page size: page * 100 <= 2^53 - 1,
    // whatever __per_page says (one bound a schema can state).
    [
      'INVALID_PAGINATION',
      '__page=9007199254740991',
      '__page',
      /^__page is too large: the last page is 90071992547409, got/,
    ],
    // Past 2^53 too: the number is too large, not below 1.
    [
      'INVALID_PAGINATION',
      '__page=99999999999999999',
      '__page',
      /^__page is too large: the last page is 90071992547409, got "99999999999999999"\.$/,
    ],
    [
      'INVALID_PAGINATION',
      '__page=90071992547410&__per_page=1',
      '__page',
      /^__page is too large: the last page is 90071992547409, got/,
    ],
    ['INVALID_PAGINATION', '__per_page=101', '__per_page', /from 1 to 100/],
    ['INVALID_PAGINATION', '__per_page=-5', '__per_page', /from 1 to 100/],
    ['INVALID_PAGINATION', '__per_page=2.5', '__per_page', /integer/],
    ['INVALID_PAGINATION', '__include_totals=1', '__include_totals', /true or false/],
    ['INVALID_PAGINATION', '__include_totals=true&include_totals=false', '__include_totals', /disagree/],
    [
      'INVALID_SORT',
      '__sort[user.name]=up',
      '__sort',
      /order for user.name must be asc, desc, 1 or -1, got "up"/,
    ],
    ['INVALID_SORT', '__sort=user.name', '__sort', /__sort\[<field>\]/],
    ['INVALID_SORT', '__sort[user]=asc', '__sort', /not the subdocument user/],
    ['INVALID_SORT', '__sort={"user.name":"up"}', '__sort', /order for user.name/],
    ['INVALID_SELECT', 'select=user.name -citizenship', 'select', /not both/],
    ['INVALID_SELECT', 'select={"user.name":"yes"}', 'user.name', /1 \(include\), 0 \(exclude\)/],
    ['INVALID_SELECT', 'select={"user":{"$elemMatch":{"name":"A"}}}', 'user', /array of subdocuments/],
    [
      'INVALID_SELECT',
      'select={"years":{"$elemMatch":{"year":"5f1d7f0b2c3a4b5c6d7e8f90"}},"years.enrolled":1}',
      'years',
      /keep one/,
    ],
    [
      'INVALID_POPULATE',
      'populate={"user":"name"}',
      'populate.user',
      /not a reference of students; references: school, parents, years.year, years.group/,
    ],
    ['INVALID_POPULATE', 'populate={"school":"nmae"}', 'populate.school', /schools has no field "nmae"/],
    ['INVALID_POPULATE', 'populate={"school":1}', 'populate.school', /must be a string/],
    ['INVALID_POPULATE', 'populate=school', 'populate', /JSON object/],
    [
      'INVALID_POPULATE',
      'populate={"years.group.nope":""}',
      'populate.years.group.nope',
      /nope is not a reference of grades; references: school, section/,
    ],
    ['QUERY_TOO_COMPLEX', `user.name=${'a'.repeat(9000)}`, 'query', /8192 bytes/],
    ['QUERY_TOO_COMPLEX', `user.name={"$in":[${deep(9)}]}`, 'user.name', /deeper than 8/],
    ['QUERY_TOO_COMPLEX', 'a[b][c][d][e][f][g][h][i][j]=1', 'query', /deeper than 8/],
    [
      'QUERY_TOO_COMPLEX',
      `global_search=${Array.from({ length: 11 }, (_, i) => `w${i}`).join('+')}`,
      'global_search',
      /more than 10 words/,
    ],
    ['QUERY_TOO_COMPLEX', `global_search=${'x'.repeat(65)}`, 'global_search', /longer than 64/],
    [
      'QUERY_TOO_COMPLEX',
      `user.name[$in]=[${Array.from({ length: 101 }, () => '"a"').join(',')}]`,
      'user.name',
      /more than 100 values/,
    ],
  ])('%s for %s', (code, query, param, message) => {
    const issues = issuesFor(query);
    expect(issues).toContainEqual({ code, param, message: expect.stringMatching(message) });
  });

  it('reports more than 50 filtered fields', () => {
    const query = Array.from({ length: 51 }, (_, i) => `user.name${i}=x`).join('&');
    expect(issuesFor(query)).toEqual([
      { code: 'QUERY_TOO_COMPLEX', param: 'query', message: expect.stringMatching(/at most 50/) },
    ]);
  });

  it('reports more than 10 populate paths', () => {
    const keys = Array.from({ length: 11 }, (_, i) => `"p${i}":""`).join(',');
    expect(issuesFor(`populate={${keys}}`)).toContainEqual(
      expect.objectContaining({ code: 'QUERY_TOO_COMPLEX', param: 'populate' }),
    );
  });

  it('collects every issue at once, not only the first', () => {
    const issues = issuesFor(
      'user.nmae=x&active=maybe&__page=0&__sort[x]=up&select=a -b&populate={"user":""}',
    );
    expect(issues.map((issue) => issue.code).sort()).toEqual(
      [
        'INVALID_PAGINATION',
        'INVALID_POPULATE',
        'INVALID_VALUE',
        'UNKNOWN_FIELD',
        'UNKNOWN_FIELD',
        'UNKNOWN_FIELD',
        'UNKNOWN_FIELD',
      ].sort(),
    );
  });

  it('global_search on a collection without search is refused', () => {
    expect(issuesFor('global_search=ana', 'years')).toEqual([
      { code: 'UNKNOWN_FIELD', param: 'global_search', message: 'global_search is not available on years.' },
    ]);
  });

  it('every issue code has an HTTP status of 400', () => {
    for (const code of Object.keys(ISSUE_CODES) as IssueCode[]) expect(ISSUE_CODES[code].status).toBe(400);
  });

  it('input that is not a query at all is an issue, not an exception', () => {
    // @ts-expect-error a number is not a query: the run-time check is what is tested
    expect(dsl.parse('students', 42)).toMatchObject({
      ok: false,
      issues: [{ code: 'INVALID_VALUE', param: 'query' }],
    });
  });
});
