import { describe, expect, it } from 'vitest';
import { issuesFor, mongoFor } from '../support/helpers.js';
import { dsl } from '../support/school-collections.js';

const tooComplex = (message: string) => [{ code: 'QUERY_TOO_COMPLEX', param: 'query', message }];
const repeat = (count: number, part: (index: number) => string) =>
  Array.from({ length: count }, (_, index) => part(index)).join('&');

describe('a query string past a limit says which limit', () => {
  it('too many parameters', () => {
    expect(issuesFor(repeat(1001, (index) => `a${index}=1`))).toEqual(
      tooComplex('The query has more than 1000 parameters.'),
    );
  });

  it('a list too long, as a repeated key or as bracket positions', () => {
    const message = 'A list has more than 100 values.';
    expect(issuesFor(repeat(101, () => 'citizenship=a'))).toEqual(tooComplex(message));
    expect(issuesFor(repeat(101, (index) => `citizenship[$in][${index}]=a`))).toEqual(tooComplex(message));
  });

  it('a list of bracket operators on one field too long', () => {
    const list = (count: number) => repeat(count, () => 'citizenship[$in]=a');
    expect(issuesFor(list(101))).toEqual(tooComplex('A list has more than 100 values.'));
    expect(mongoFor(list(100)).read).toMatchObject({
      filter: { citizenship: { $in: Array(100).fill('a') } },
    });
  });

  it('counts parameters, not the empty pieces between doubled ampersands', () => {
    const messages = (query: string) => issuesFor(query).map((issue) => issue.message);
    const tooMany = 'The query has more than 1000 parameters.';
    expect(messages(repeat(1000, (index) => `a${index}=1`))).not.toContain(tooMany);
    expect(messages(repeat(1000, (index) => `a${index}=1&`))).not.toContain(tooMany);
  });

  it('bracket keys nested too deep', () => {
    expect(issuesFor('a[b][c][d][e][f][g][h][i][j][k]=1')).toEqual(
      tooComplex('Bracket keys are nested deeper than 8 levels.'),
    );
  });

  it('too long', () => {
    expect(issuesFor(repeat(1001, (index) => `a${index}[b][c]=1`))).toEqual(
      tooComplex('The query string is longer than 8192 bytes; narrow the request or split it.'),
    );
  });
});

describe('the forms a query arrives in', () => {
  it('a leading ? is not part of the first key, on nested bracket keys too', () => {
    expect(mongoFor('?user[name][$in][]=Ana').read).toMatchObject({
      filter: { 'user.name': { $in: ['Ana'] } },
    });
  });

  it('an object is read like the query string it stands for, its keys escaped', () => {
    const list = dsl.parse('students', { citizenship: { $in: ['a'] } });
    expect(list.ok && list.plan.filters).toEqual([
      { kind: 'field', path: 'citizenship', conditions: [{ op: '$in', values: ['a'] }] },
    ]);
    const ampersand = dsl.parse('students', { 'a&b': 'x' });
    expect(ampersand.ok ? [] : ampersand.issues).toEqual([
      { code: 'UNKNOWN_FIELD', param: 'a&b', message: 'students has no field "a&b".' },
    ]);
  });

  it('anything else is refused, not read as an empty query', () => {
    const result = dsl.parse('students', JSON.parse('null'));
    expect(result.ok ? [] : result.issues).toEqual([
      {
        code: 'INVALID_VALUE',
        param: 'query',
        message: 'The query must be a query string, URLSearchParams, a URL or a plain object, got null.',
      },
    ]);
  });
});
