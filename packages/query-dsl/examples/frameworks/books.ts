// The collection the framework examples read, and what each answers: the MongoDB read or the issues.
import { createQueryDsl, defineCollection, type QueryInput, toMongo } from '@school/query-dsl';

const books = defineCollection('books', {
  schema: {
    type: 'object',
    properties: {
      title: { type: 'string' },
      year: { type: 'integer' },
      tags: { type: 'array', items: { type: 'string' } },
    },
  },
});
const dsl = createQueryDsl({ collections: [books] });

/** The body of `GET /books`: `200` with the read, or `400` with the issues. */
export function readBooks(query: QueryInput): { status: number; body: unknown } {
  const result = dsl.parse('books', query);
  return result.ok ? { status: 200, body: toMongo(result.plan).read } : { status: 400, body: result.issues };
}
