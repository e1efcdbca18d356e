/**
 * The library's types as a TypeScript user meets them, line by line: each line either compiles or
 * carries `@ts-expect-error`, which fails the check when the line stops being an error. Checked by
 * `pnpm typecheck`, and by test/types/type-budget.test.ts, which also holds the whole check of this
 * project (the library's sources included) to a fixed number of type instantiations.
 *
 * Nothing here runs: the collections are real, the database and the responses only declared.
 */
import {
  type ArrayPath,
  buildQuery,
  type CollectionDefinition,
  createQueryDsl,
  defineCollection,
  type ElemMatchSpec,
  type FieldPath,
  type FilterSpec,
  type IdentifierPath,
  type Jsonified,
  type JsonSchema,
  type QueryableDb,
  type QueryRecord,
  type QueryResponse,
  type QuerySpec,
  type RecordOf,
  type ReferencesOf,
  type SelectedRecord,
  type StoredRecordOf,
  type ValueAt,
} from '@school/query-dsl';
import type { ObjectId } from 'bson';
import { books, loans } from '../support/library-collections.js';

const collections = [books, loans];
type Collections = (typeof collections)[number];
type Book = RecordOf<typeof books>;
type Loan = RecordOf<typeof loans>;

const dsl = createQueryDsl({ collections });
declare const db: QueryableDb;
declare const runtimeName: string;

/** Type equality, exact both ways (a missing or extra optional field is a difference). */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function same<A, B>(_proof: Equal<A, B> extends true ? true : never): void {}

// ——— A collection definition where a record type was expected (finding 6) ———

// The definition and its record type are the same QuerySpec: neither is an endless check.
export const bySelect = { select: ['title', 'author.name'] } satisfies QuerySpec<typeof books>;
export const byRecord = { select: ['title'] } satisfies QuerySpec<Book>;
same<QuerySpec<typeof books>, QuerySpec<Book>>(true);
same<FilterSpec<typeof books>, FilterSpec<Book>>(true);
same<ElemMatchSpec<typeof books>, ElemMatchSpec<Book>>(true);
same<FieldPath<typeof books>, FieldPath<Book>>(true);
same<ValueAt<typeof books, 'author.born'>, Date>(true);
same<IdentifierPath<typeof loans>, '_id' | 'book'>(true);
same<ArrayPath<typeof books>, 'editions'>(true);
same<
  FieldPath<typeof books>,
  | '_id'
  | 'title'
  | 'pages'
  | 'published_at'
  | 'author'
  | 'author.name'
  | 'author.born'
  | 'editions'
  | 'editions.year'
  | 'editions.isbn'
>(true);
// A definition typed only as `CollectionDefinition` has untyped records: any path.
same<FieldPath<CollectionDefinition>, string>(true);
// What is neither a definition nor a record type is refused where it is passed, at once.
// @ts-expect-error a Map is not a record type
export type NotARecord = QuerySpec<Map<string, string>>;
// @ts-expect-error a class instance neither
export type NotARecordEither = FieldPath<Date>;
// The result types take the definition (the record type has no references to populate).
// @ts-expect-error QueryRecord takes the collection definition, not its record type
export type RecordNotDefinition = QueryRecord<Book>;
// @ts-expect-error SelectedRecord too
export type SelectedOfRecord = SelectedRecord<Loan, object>;
// SelectedRecord's description is a QuerySpec of that collection: a typo or a definition is refused.
same<SelectedRecord<typeof books, { select: ['title'] }>, { _id: ObjectId; title: string }>(true);
// @ts-expect-error a misspelled field in the description
export type SelectedTypo = SelectedRecord<typeof books, { select: ['titel'] }>;
// @ts-expect-error a definition is no description
export type SelectedDefinition = SelectedRecord<typeof books, typeof loans>;

// RecordOf and ReferencesOf read a definition; a record type there is refused, not made `never`.
// @ts-expect-error RecordOf of a record type
export type RecordOfRecord = RecordOf<Book>;
// @ts-expect-error ReferencesOf too
export type ReferencesOfRecord = ReferencesOf<Loan>;

// ——— Typos and other collections' fields fail at the spot (finding 7) ———

export async function typedFind() {
  const found = await dsl.find(db, 'books', { select: ['title'], sort: { pages: 'desc' } });
  // No fallback overload: the records are typed by the description, so `map` exists and `title` is a string.
  if (found.ok) found.response.map((book) => book.title.toUpperCase());
  // @ts-expect-error a misspelled field in select
  await dsl.find(db, 'books', { select: ['titel'] });
  // @ts-expect-error a field of another collection
  await dsl.find(db, 'books', { select: ['reader'] });
  // @ts-expect-error an unknown collection name
  await dsl.find(db, 'bokos', {});
  // @ts-expect-error a name only known at run time
  await dsl.find(db, runtimeName, {});
  // @ts-expect-error a misspelled sort key
  await dsl.find(db, 'books', { sort: { titel: 'asc' } });
  // @ts-expect-error a value of the wrong type
  await dsl.find(db, 'books', { filter: { pages: 'many' } });
  // @ts-expect-error an operator on a value of the wrong type
  await dsl.find(db, 'loans', { filter: { due: { $gte: 3 } } });
  // @ts-expect-error populate names a field that is not a reference
  await dsl.find(db, 'loans', { populate: { reader: 'name' } });
  // @ts-expect-error an elemMatch parameter the array's elements don't have
  await dsl.find(db, 'books', { elemMatch: [{ property: 'editions', parameters: { title: 'x' } }] });
  await dsl.find(db, 'books', {
    elemMatch: [{ property: 'editions', parameters: { year: { $gte: 2000 } } }],
  });
  await dsl.find(db, 'loans', { filter: { due: { $lt: new Date() } }, populate: { book: 'title' } });
}

export async function typedRun() {
  const run = await dsl.run(db, 'loans', 'returned=false');
  if (run.ok && Array.isArray(run.response)) run.response.map((loan) => loan.reader?.toUpperCase());
  // @ts-expect-error an unknown collection name
  await dsl.run(db, 'loan', '');
  // @ts-expect-error a name only known at run time
  await dsl.run(db, runtimeName, '');
  // @ts-expect-error parse neither
  dsl.parse(runtimeName, '');
  // A name known only at run time has entry points of its own, with untyped records.
  const untyped = await dsl.runUntyped(db, runtimeName, '');
  if (untyped.ok && Array.isArray(untyped.response))
    same<(typeof untyped.response)[number], Record<string, unknown>>(true);
  dsl.parseUntyped(runtimeName, '');
}

export function written() {
  buildQuery(loans, { filter: { returned: false }, populate: { book: ['title', 'author.name'] } });
  // @ts-expect-error buildQuery: a misspelled field
  buildQuery(books, { select: ['titel'] });
  // @ts-expect-error buildQuery: another collection's field
  buildQuery(books, { filter: { returned: true } });
}

// ——— Smaller (finding 10) ———

// ReferencesOf is read-only, as documented.
same<ReferencesOf<typeof loans>, { readonly book: 'books' }>(true);
export function references(refs: ReferencesOf<typeof loans>) {
  // @ts-expect-error references are read-only
  refs.book = 'books';
}

// A response as it arrives over HTTP: identifiers and dates are strings.
type WireLoan = Jsonified<QueryRecord<typeof loans, Collections>>;
same<
  WireLoan,
  {
    _id?: string;
    book?:
      | string
      | {
          _id: string;
          title?: string;
          pages?: number;
          published_at?: string;
          author?: { name?: string; born?: string };
          editions?: { year?: number; isbn?: string }[];
        }
      | null;
    reader?: string;
    due?: string;
    returned?: boolean;
    renewals?: { at?: string }[];
  }
>(true);
export function overHttp(body: Jsonified<QueryResponse<QueryRecord<typeof loans, Collections>>>) {
  if (Array.isArray(body)) return body.map((loan) => loan.due?.slice(0, 10));
  return body.total;
}
same<
  Jsonified<{ at: Date; id: ObjectId; n: bigint | number; list: Date[] }>,
  { at: string; id: string; n: number; list: string[] }
>(true);
same<Jsonified<Record<string, unknown>>, Record<string, unknown>>(true);

// ——— Query inputs (issue 27, finding 8) ———

// A URL is read by its query; a Map, Headers or a Date is no query: refused here, and by name at run time.
export function queryInputs() {
  dsl.parse('books', new URL('https://school.example/api/books?title=Rayuela'));
  dsl.parse('books', new URLSearchParams('title=Rayuela'));
  // @ts-expect-error a Map is no query
  dsl.parse('books', new Map([['title', 'Rayuela']]));
  // @ts-expect-error Headers neither
  dsl.parse('books', new Headers({ title: 'Rayuela' }));
  // @ts-expect-error a Date neither
  dsl.parse('books', new Date());
}

// ——— The stored record (finding 9) ———

// RecordOf is what queries see; StoredRecordOf what a writer stores: hidden fields and search tokens too.
same<
  StoredRecordOf<typeof books>,
  {
    _id: ObjectId;
    title: string;
    pages?: number;
    published_at?: Date;
    author?: { name: string; born?: Date };
    editions?: { year?: number; isbn?: string }[];
    _search?: string[];
  }
>(true);
same<StoredRecordOf<typeof loans>, Loan>(true);
same<StoredRecordOf<CollectionDefinition>, Record<string, unknown>>(true);
const vault = defineCollection('vault', {
  schema: {
    type: 'object',
    required: ['owner'],
    properties: { owner: { type: 'string' }, hash: { type: 'string', 'x-hidden': true } },
  },
  search: { fields: { owner: 'text' }, tokensField: 'tokens' },
});
same<RecordOf<typeof vault>, { _id: ObjectId; owner: string }>(true);
same<StoredRecordOf<typeof vault>, { _id: ObjectId; owner: string; hash?: string; tokens?: string[] }>(true);

// ——— Schemas no record type can be read from (finding 15) ———

// Held in a variable without `as const`, its strings are widened: refused (the message says so,
// test/schema/schema-type-errors.test.ts reads it), never typed as records of `unknown` fields.
const widened = { type: 'object', properties: { title: { type: 'string' } } };
// @ts-expect-error pass the schema with 'as const'
defineCollection('widened', { schema: widened });
const annotated: JsonSchema = { type: 'object', properties: { title: { type: 'string' } } };
// @ts-expect-error a schema typed JsonSchema would make every field unknown
defineCollection('annotated', { schema: annotated });
// Built at run time and said so: untyped records.
same<RecordOf<ReturnType<typeof untypedDefinition>>, Record<string, unknown>>(true);
function untypedDefinition() {
  return defineCollection('built', { schema: annotated, untyped: true });
}
const literal = { type: 'object', properties: { title: { type: 'string' } } } as const;
same<RecordOf<ReturnType<typeof literalDefinition>>, { _id: ObjectId; title?: string }>(true);
function literalDefinition() {
  return defineCollection('literal', { schema: literal });
}
