/**
 * A small tour of @school/query-dsl on the collections of `library.ts`: each query string, and the
 * MongoDB it becomes or the issues it is answered with. Run: `pnpm demo` (in the package folder).
 */
import { toMongo } from '@school/query-dsl';
import { dsl } from './library.js';

const examples: Array<['books' | 'readers' | 'loans', string]> = [
  ['books', 'author.name="Ada"&published_at[$gte]=2020-01-01'],
  ['books', 'tags[$in]=["poetry","drama"]&__sort[title]=asc'],
  ['books', 'global_search=lovelace note&__per_page=5'],
  ['books', 'select=title+author.name'],
  ['loans', 'returned=false&populate={"book":"title","reader":"name"}&__page=2&__per_page=10'],
  ['loans', 'elemMatch={"property":"renewals","parameters":{"at":{"$gte":"2025-01-01"}}}'],
  ['readers', 'address="Main St"&__page=0'],
];

for (const [collection, query] of examples) {
  console.log(`\nGET /api/${collection}?${query}`);
  const result = dsl.parse(collection, query);
  if (!result.ok) {
    console.log('  → 400', JSON.stringify(result.issues, null, 2).replaceAll('\n', '\n    '));
    continue;
  }
  console.log('  →', JSON.stringify(toMongo(result.plan).read, null, 2).replaceAll('\n', '\n    '));
}
