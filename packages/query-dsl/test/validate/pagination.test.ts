import { describe, expect, it } from 'vitest';
import { IssueList } from '../../src/core/issue-list.js';
import { DEFAULT_LIMITS } from '../../src/core/limits.js';
import { readPage } from '../../src/validate/pagination.js';
import { issuesFor, mongoFor } from '../support/helpers.js';
import { students } from '../support/school-collections.js';

const page = (query: string) => {
  const { read } = mongoFor(query);
  return read.kind === 'find' ? { skip: read.options.skip ?? 0, limit: read.options.limit } : undefined;
};
const refused = (query: string) => issuesFor(query).map(({ code, param }) => [code, param]);

describe('__page and __per_page as written by hand', () => {
  it('reads a number with spaces around it', () => {
    expect(page('__page=%202%20&__per_page=+5+')).toEqual({ skip: 5, limit: 5 });
  });

  it('reads a leading plus sign and leading zeros', () => {
    expect(page('__page=%2B03&__per_page=007')).toEqual({ skip: 14, limit: 7 });
  });

  it('refuses zero, negatives, fractions, words and empty values, naming the parameter', () => {
    for (const value of ['0', '-1', '1.5', 'two', '', '%20']) {
      expect(refused(`__page=${value}`)).toEqual([['INVALID_PAGINATION', '__page']]);
      expect(refused(`__per_page=${value}`)).toEqual([['INVALID_PAGINATION', '__per_page']]);
    }
  });

  it('refuses a repeated value instead of picking one', () => {
    expect(refused('__page=1&__page=2')).toEqual([['INVALID_PAGINATION', '__page']]);
  });
});

describe('what a refused __page or __per_page says', () => {
  const message = (query: string) => issuesFor(query).map((issue) => issue.message);

  it('quotes the value given, cut after 20 characters', () => {
    expect(message('__page=abcdefghijklmnopqrst')).toEqual([
      '__page must be an integer of at least 1, got "abcdefghijklmnopqrst".',
    ]);
    expect(message('__per_page=abcdefghijklmnopqrstu')).toEqual([
      '__per_page must be an integer from 1 to 100, got "abcdefghijklmnopqrst…".',
    ]);
  });

  it('names the last page when the page is past it', () => {
    expect(message('__per_page=1000000&__page=2')).toEqual([
      expect.stringMatching(/^__per_page must be an integer from 1 to 100, got "1000000"\.$/),
    ]);
    // One bound whatever __per_page says: the last page whose skip stays exact at the largest page size.
    for (const perPage of ['1', '100']) {
      expect(message(`__per_page=${perPage}&__page=90071992547410`)).toEqual([
        '__page is too large: the last page is 90071992547409, got "90071992547410".',
      ]);
    }
  });

  it('says "several values" for a repeated parameter and "an object" for bracket keys', () => {
    expect(message('__page=1&__page=2')).toEqual([
      '__page must be an integer of at least 1, got several values.',
    ]);
    expect(message('__per_page[a]=1')).toEqual([
      '__per_page must be an integer from 1 to 100, got an object.',
    ]);
  });
});

describe('__page and __per_page from a typed description (dsl.find)', () => {
  const context = () => ({ issues: new IssueList(), limits: DEFAULT_LIMITS });
  const messages = (rawPage: unknown, rawPerPage?: unknown) => {
    const read = context();
    readPage(students, rawPage, rawPerPage, read);
    return read.issues.list().map((issue) => issue.message);
  };

  it('takes whole numbers as they are: the page their text gives, in numbers', () => {
    const typed = readPage(students, 3, 5, context());
    expect(typed).toEqual({ page: 3, perPage: 5, skip: 10 });
    expect(readPage(students, '3', '5', context())).toEqual(typed);
    expect(typeof readPage(students, '3', undefined, context()).page).toBe('number');
  });

  it('reads any other value as its text would read', () => {
    expect(messages(2 ** 60)).toEqual([
      '__page is too large: the last page is 90071992547409, got "1152921504606847000".',
    ]);
    expect(messages(1.5, true)).toEqual([
      '__per_page must be an integer from 1 to 100, got "true".',
      '__page must be an integer of at least 1, got "1.5".',
    ]);
  });

  it('never reads a list or an object as a number, and never throws on a value that cannot be written', () => {
    expect(refused('__page[]=5')).toEqual([['INVALID_PAGINATION', '__page']]);
    expect(messages(['5'])).toEqual(['__page must be an integer of at least 1, got several values.']);
    expect(messages({ toString: () => '5' })).toEqual([
      '__page must be an integer of at least 1, got an object.',
    ]);
    const unwritable = () => 1;
    unwritable.toString = () => {
      throw new Error('no text');
    };
    expect(messages(unwritable)).toEqual(['__page must be an integer of at least 1, got "function".']);
  });
});
