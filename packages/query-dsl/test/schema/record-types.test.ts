import {
  createQueryDsl,
  defineCollection,
  type JsonSchema,
  type QueryRecordOfName,
  type QueryResponse,
  type RecordOf,
  type ReferencesOf,
  runQuery,
  type StoredRecordOf,
  toMongo,
} from '@school/query-dsl';
import { ObjectId } from 'bson';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { type collections, dsl, type students } from '../support/school-collections.js';

describe('defineCollection infers the record type from a literal schema', () => {
  const books = defineCollection('books', {
    schema: {
      type: 'object',
      required: ['title', 'tags'],
      properties: {
        title: { type: 'string' },
        pages: { type: 'integer' },
        price: { type: ['number', 'null'] },
        status: { enum: ['draft', 'published'] },
        published_at: { type: 'string', format: 'date-time' },
        library: { type: 'string', format: 'objectid', 'x-ref': 'libraries' },
        tags: { type: 'array', items: { type: 'string' } },
        author: {
          type: 'object',
          required: ['name'],
          properties: {
            name: { type: 'string' },
            born: { anyOf: [{ type: 'string', format: 'date' }, { type: 'null' }] },
          },
        },
        secret: { type: 'string', 'x-hidden': true },
      },
    },
  });

  it('types identifiers as ObjectIds, dates as Dates, and leaves hidden fields out', () => {
    expectTypeOf<RecordOf<typeof books>>().toEqualTypeOf<{
      _id: ObjectId;
      title: string;
      tags: string[];
      pages?: number;
      price?: number | null;
      status?: 'draft' | 'published';
      published_at?: Date;
      library?: ObjectId;
      author?: { name: string; born?: Date | null };
    }>();
    expect(books.fields.get('secret')?.hidden).toBe(true);
  });

  it('types the stored record with its hidden fields, and the search tokens a searchable collection stores', () => {
    expectTypeOf<StoredRecordOf<typeof books>>().toEqualTypeOf<{
      _id: ObjectId;
      title: string;
      tags: string[];
      pages?: number;
      price?: number | null;
      status?: 'draft' | 'published';
      published_at?: Date;
      library?: ObjectId;
      author?: { name: string; born?: Date | null };
      secret?: string;
    }>();
    type StoredStudent = StoredRecordOf<typeof students>;
    expectTypeOf<StoredStudent['_search']>().toEqualTypeOf<string[] | undefined>();
    expectTypeOf<StoredStudent['user']>().toEqualTypeOf<RecordOf<typeof students>['user']>();
    expectTypeOf<StoredStudent>().toHaveProperty('_sync');
    expectTypeOf<StoredStudent['_rev']>().toEqualTypeOf<number | undefined>();
    // What `searchIndexFields` writes fits the stored record (its text field is a schema field).
    const record: StoredStudent = {
      _id: new ObjectId(),
      active: true,
      user: { _id: new ObjectId(), name: 'Ana', surname: 'Díaz' },
      created_at: new Date(),
      updated_at: new Date(),
      _search: ['ana'],
    };
    expect(record._search).toEqual(['ana']);
  });

  it('types the example collections, through spread and shared parts', () => {
    type Student = RecordOf<typeof students>;
    // Required where the schema requires it: every student has a user, with the `_id` the host gives it.
    expectTypeOf<Student['user']>().toEqualTypeOf<{
      _id: ObjectId;
      id_card?: string;
      name: string;
      second_name?: string;
      surname: string;
      second_surname?: string;
      email?: string;
    }>();
    expectTypeOf<Student['years']>().toEqualTypeOf<
      { year: ObjectId; enrolled?: boolean; registered?: boolean; group?: ObjectId }[] | undefined
    >();
    expectTypeOf<Student>().not.toHaveProperty('_sync');
  });

  it('knows which fields are references, and to which collection, from x-ref and the references option', () => {
    expectTypeOf<ReferencesOf<typeof books>>().toEqualTypeOf<{ readonly library: 'libraries' }>();
    const shelves = defineCollection('shelves', {
      schema: {
        type: 'object',
        properties: {
          books: { type: 'array', items: { type: 'string', format: 'objectid', 'x-ref': 'books' } },
          rows: {
            type: 'array',
            items: { type: 'object', properties: { room: { type: 'string', format: 'objectid' } } },
          },
          secret: { type: 'string', format: 'objectid', 'x-ref': 'books', 'x-hidden': true },
        },
      },
      references: { 'rows.room': 'rooms' },
    });
    expectTypeOf<ReferencesOf<typeof shelves>>().toEqualTypeOf<{
      readonly books: 'books';
      readonly 'rows.room': 'rooms';
    }>();
    // The record type is unchanged: references are identifiers.
    expectTypeOf<RecordOf<typeof shelves>>().toEqualTypeOf<{
      _id: ObjectId;
      books?: ObjectId[];
      rows?: { room?: ObjectId }[];
    }>();
  });

  it('gives plain documents for a schema typed only as JsonSchema, when asked to with `untyped`', () => {
    const schema: JsonSchema = { type: 'object', properties: {} };
    const loose = defineCollection('loose', { schema, untyped: true });
    expectTypeOf<RecordOf<typeof loose>>().toEqualTypeOf<Record<string, unknown>>();
    // Without it, such a schema is refused (test/schema/schema-type-errors.test.ts reads the message).
    // @ts-expect-error a schema typed JsonSchema would make every field unknown
    defineCollection('loose', { schema });
  });
});

describe('parse, run and runQuery are typed by the collection the name selects', () => {
  it('types plans and results by collection name', () => {
    const result = dsl.parse('students', 'user.name=Ana');
    if (!result.ok) throw new Error('expected a plan');
    type Student = RecordOf<typeof students>;
    expectTypeOf<RecordOf<typeof result.plan.collection>>().toEqualTypeOf<Student>();
    const response = (db: Parameters<typeof runQuery>[0]) => runQuery(db, toMongo(result.plan));
    // What a query known only at run time answers: see test/result/result-types.test.ts.
    expectTypeOf(response).returns.resolves.toEqualTypeOf<
      QueryResponse<QueryRecordOfName<(typeof collections)[number], 'students'>>
    >();
    expectTypeOf(dsl.run).toBeCallableWith(
      {
        collection: () => ({
          find: () => ({ toArray: async () => [] }),
          aggregate: () => ({ toArray: async () => [] }),
          countDocuments: async () => 0,
        }),
      },
      'students',
      '',
    );
  });

  it('runs a query and hands back records of the collection type', async () => {
    const [book] = [{ title: 'Rayuela' }];
    const library = defineCollection('shelf', {
      schema: { type: 'object', required: ['title'], properties: { title: { type: 'string' } } },
    });
    const typed = createQueryDsl({ collections: [library] });
    // A database double holding one record: what `find` is asked is what the plan says.
    const asked: unknown[] = [];
    const db = {
      collection: (name: string) => ({
        find: (filter: Record<string, unknown>) => {
          asked.push({ name, filter });
          return { toArray: async () => [{ _id: 'x', ...book }] };
        },
        aggregate: () => ({ toArray: async () => [] }),
        countDocuments: async () => 1,
      }),
    };
    const result = await typed.run(db, 'shelf', 'title=Rayuela');
    if (!result.ok || !Array.isArray(result.response)) throw new Error('expected a page');
    // `select` may leave any field out: a record read by a run-time query may lack `title`.
    expectTypeOf(result.response[0]!.title).toEqualTypeOf<string | undefined>();
    expect(result.response.map((record) => record.title)).toEqual(['Rayuela']);
    expect(asked).toEqual([{ name: 'shelf', filter: { title: 'Rayuela' } }]);
  });

  it('refuses, at compile time, a collection name the query reader does not know', () => {
    const library = defineCollection('shelf', { schema: { type: 'object', properties: {} } });
    const typed = createQueryDsl({ collections: [library] });
    const name: string = 'shelves';
    // @ts-expect-error a name only known at run time is not one of the reader's names
    expect(() => typed.parse(name, '')).toThrow('Unknown collection "shelves".');
    // A name known only at run time has its own entry point, and is refused when it is unknown.
    expect(() => typed.parseUntyped(name, '')).toThrow('Unknown collection "shelves".');
  });

  it('takes an optional base filter that may be undefined (exactOptionalPropertyTypes)', () => {
    const scopeOf = (school: string | undefined) => (school ? { school: { $oid: school } } : undefined);
    const unscoped = dsl.parse('students', '', { baseFilter: scopeOf(undefined) });
    const scoped = dsl.parse('students', '', { baseFilter: scopeOf('64b7f0c2a1b2c3d4e5f60718') });
    expect(unscoped.ok && unscoped.plan.baseFilter).toBeUndefined();
    expect(scoped.ok && scoped.plan.baseFilter).toEqual({ school: { $oid: '64b7f0c2a1b2c3d4e5f60718' } });
  });
});
