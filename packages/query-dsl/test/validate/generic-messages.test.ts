/**
 * The library knows nothing of the domain it serves: its messages speak of the collection's own
 * fields, and an example in a message is made of them (`{"book": "title"}` on a loans collection),
 * never of schools and students.
 */
import { createQueryDsl } from '@school/query-dsl';
import { describe, expect, it } from 'vitest';
import { books, loans } from '../support/library-collections.js';

const dsl = createQueryDsl({ collections: [books, loans] });

const issues = (collection: 'books' | 'loans', query: string) => {
  const result = dsl.parse(collection, query);
  return result.ok ? [] : result.issues;
};

const SCHOOL_WORDS = /school|student|parent|grade|teacher|course|section|user\.|colegio|\b(Ana|José)\b/i;

describe('messages speak of the collection they are about', () => {
  it('explains populate with an example from the collection’s own reference and its target’s fields', () => {
    expect(issues('loans', 'populate=abc')).toEqual([
      {
        code: 'INVALID_POPULATE',
        param: 'populate',
        message: expect.stringContaining('e.g. {"book":"title"}'),
      },
    ]);
  });

  it('says when a collection has no references to populate', () => {
    expect(issues('books', 'populate=abc')).toEqual([
      {
        code: 'INVALID_POPULATE',
        param: 'populate',
        message: expect.stringContaining('books has no references to populate'),
      },
    ]);
  });

  it('asks for a field list with a field of the referenced collection', () => {
    expect(issues('loans', 'populate={"book":1}')).toEqual([
      {
        code: 'INVALID_POPULATE',
        param: 'populate.book',
        message:
          'The field list for book must be a string of field names separated by spaces, such as "title" ("" for every field).',
      },
    ]);
  });

  it.each([
    'populate=abc',
    'populate={"reader":"x"}',
    'populate={"book":1}',
    'populate={"book":"nope"}',
    'populate={"book.title":""}',
    'select=reader -due',
    'select={"due":"yes"}',
    'select=titel',
    'select={"renewals":{"$elemMatch":{"nope":1}}}',
    '__sort=due',
    '__sort[due]=up',
    '__sort[reder]=asc',
    'due=tomorrow',
    'returned=maybe',
    'book=123',
    'reader[$regex]=^A',
    'elemMatch={"property":"reader","parameters":{"a":1}}',
    'elemMatch={"property":"renewals"}',
    'global_search=x',
    '__page=0&__per_page=1000&__include_totals=maybe',
  ])('%s: no word of another domain', (query) => {
    const found = issues('loans', query);
    expect(found.length).toBeGreaterThan(0);
    for (const issue of found) expect(issue.message).not.toMatch(SCHOOL_WORDS);
  });
});
