/**
 * A domain far from schools — a lending library's books and loans — for the tests that hold the
 * library to knowing nothing of the domain it serves: its messages (test/validate/generic-messages.test.ts) and
 * its types as a user meets them (types/library.ts).
 */
import { defineCollection } from '@school/query-dsl';

export const books = defineCollection('books', {
  schema: {
    type: 'object',
    required: ['title'],
    properties: {
      title: { type: 'string' },
      pages: { type: 'integer' },
      published_at: { type: 'string', format: 'date-time' },
      author: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string' }, born: { type: 'string', format: 'date' } },
      },
      editions: {
        type: 'array',
        items: { type: 'object', properties: { year: { type: 'integer' }, isbn: { type: 'string' } } },
      },
    },
  },
  search: { fields: { title: 'text', 'author.name': 'text' } },
});

export const loans = defineCollection('loans', {
  schema: {
    type: 'object',
    required: ['book', 'due'],
    properties: {
      book: { type: 'string', format: 'objectid', 'x-ref': 'books' },
      reader: { type: 'string' },
      due: { type: 'string', format: 'date-time' },
      returned: { type: 'boolean' },
      renewals: {
        type: 'array',
        items: { type: 'object', properties: { at: { type: 'string', format: 'date-time' } } },
      },
    },
  },
});
