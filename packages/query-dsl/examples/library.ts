/**
 * A small, self-contained example of the library: three collections of a school library (books,
 * readers, loans) defined from their JSON Schemas, and the query reader over them. Each schema is
 * written `as const`, so the record types follow from it.
 */
import { createQueryDsl, defineCollection } from '@school/query-dsl';

const id = { type: 'string', format: 'objectid' } as const;

export const books = defineCollection('books', {
  schema: {
    type: 'object',
    required: ['title'],
    properties: {
      _id: id,
      title: { type: 'string' },
      author: { type: 'object', properties: { name: { type: 'string' }, born: { type: 'integer' } } },
      tags: { type: 'array', items: { type: 'string' } },
      published_at: { type: 'string', format: 'date' },
    },
  },
  search: { fields: { title: 'text', 'author.name': 'text' } },
});

export const readers = defineCollection('readers', {
  schema: {
    type: 'object',
    properties: {
      _id: id,
      name: { type: 'string' },
      card: { type: 'string' },
      // Never returned, filtered or sorted: a reader's address stays inside the service.
      address: { type: 'string', 'x-hidden': true },
    },
  },
});

export const loans = defineCollection('loans', {
  schema: {
    type: 'object',
    properties: {
      _id: id,
      book: { ...id, 'x-ref': 'books' },
      reader: { ...id, 'x-ref': 'readers' },
      due: { type: 'string', format: 'date-time' },
      renewals: {
        type: 'array',
        items: { type: 'object', properties: { at: { type: 'string', format: 'date-time' } } },
      },
      returned: { type: 'boolean' },
    },
  },
  defaultPopulate: { book: 'title', reader: 'name' },
});

/** The query reader over the library's collections. */
export const dsl = createQueryDsl({ collections: [books, readers, loans] });
