/**
 * A small tour of @school/query-dsl: each query string, the MongoDB it becomes, and what it
 * returns from a demo data set on the in-process engine. Run: `pnpm demo` (in the package folder).
 */
import { toMongo } from '@school/query-dsl';
import { type CollectionName, dsl } from './school-collections.js';

const examples: Array<[CollectionName, string]> = [
  ['students', 'user.name="Ana"&years.enrolled=true'],
  ['students', 'user.id_card=0912345678'],
  ['students', 'global_search=jose 8vo&__per_page=5'],
  ['students', 'select=user.name+user.surname&__sort[user.surname]=asc'],
  ['students', 'elemMatch={"property":"years","parameters":{"enrolled":true}}'],
  ['students', 'populate={"school":"name","years.year":"name"}&__page=2&__per_page=10'],
  ['students', 'user.nmae="Ana"&__page=0'],
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
