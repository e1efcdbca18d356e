/**
 * The types of query results say what comes back: a query known only at run time answers
 * `QueryRecord`s (every field may be absent, every reference may be populated). The type-level
 * checks run under `pnpm typecheck`; the run-time checks hold the types to what the in-process
 * engine (and a real MongoDB, when one is available) returns.
 */
import {
  defineCollection,
  type JsonSchema,
  type PopulatedDocument,
  type QueryRecord,
  type QueryRecordOfName,
  type QueryResponse,
  type RecordOf,
  type ReferencesOf,
  runQuery,
} from '@school/query-dsl';
import { ObjectId } from 'bson';
import { beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { type collections, dsl, type students } from '../examples/school-collections.js';
import { parentId, SCHOOL, seed, studentId } from './conformance/dataset.js';
import { conformanceEngines, plain } from './conformance/support.js';

type Collections = (typeof collections)[number];
type Student = RecordOf<typeof students>;
type Row = QueryRecordOfName<Collections, 'students'>;

/** A populated school as a run-time query may return it: `_id`, and any of its fields. */
type AnySchool = {
  _id: ObjectId;
  active?: boolean;
  created_at?: Date;
  updated_at?: Date;
  name?: string;
  code?: string;
  country?: string;
};

describe('a query known only at run time answers records that may lack any field', () => {
  it('keeps the record type as the schema gives it, and the references with their collections', () => {
    expectTypeOf<Student['school']>().toEqualTypeOf<ObjectId | undefined>();
    expectTypeOf<ReferencesOf<typeof students>>().toEqualTypeOf<{
      readonly school: 'schools';
      readonly parents: 'parents';
      readonly 'years.year': 'years';
      readonly 'years.group': 'grades';
    }>();
  });

  it('types every field as optional, at every depth, _id included', () => {
    expectTypeOf<Row['_id']>().toEqualTypeOf<ObjectId | undefined>();
    expectTypeOf<NonNullable<Row['user']>>().toEqualTypeOf<{
      _id?: ObjectId;
      id_card?: string;
      name?: string;
      second_name?: string;
      surname?: string;
      second_surname?: string;
      email?: string;
    }>();
    expectTypeOf<Row['citizenship']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Row['addresses']>().toEqualTypeOf<
      { name?: string; city?: string; city_zone?: ObjectId }[] | undefined
    >();
  });

  it('types a reference as its identifier, the populated record, or null', () => {
    expectTypeOf<Row['school']>().toEqualTypeOf<ObjectId | AnySchool | null | undefined>();
    type Parent = Exclude<NonNullable<Row['parents']>[number], ObjectId | null>;
    expectTypeOf<Parent['_id']>().toEqualTypeOf<ObjectId>();
    expectTypeOf<Parent['user']>().toEqualTypeOf<
      | {
          _id?: ObjectId;
          id_card?: string;
          name?: string;
          second_name?: string;
          surname?: string;
          second_surname?: string;
          email?: string;
        }
      | undefined
    >();
    // A populated record's own references may be populated too (a chain: `years.group.section`).
    type Year = NonNullable<NonNullable<Row['years']>[number]>;
    type Grade = Exclude<NonNullable<Year['group']>, ObjectId | null>;
    type Section = Exclude<NonNullable<Grade['section']>, ObjectId | null>;
    expectTypeOf<Section['name']>().toEqualTypeOf<string | undefined>();
  });

  it('is what dsl.run and runQuery answer', () => {
    const run = (db: Parameters<typeof dsl.run>[0]) => dsl.run(db, 'students', 'select=user.name');
    type Result = Extract<Awaited<ReturnType<typeof run>>, { ok: true }>;
    expectTypeOf<Result['response']>().toEqualTypeOf<QueryResponse<Row>>();
    const parsed = dsl.parse('students', '');
    if (!parsed.ok) throw new Error('expected a plan');
    const response = (db: Parameters<typeof runQuery>[0]) => runQuery(db, parsed.plan);
    expectTypeOf(response).returns.resolves.toEqualTypeOf<QueryResponse<Row>>();
  });

  it('refuses, at compile time, reading a field as if a query always returned it', () => {
    const use = (record: Row) => {
      // @ts-expect-error `user` may have been left out by `select`
      record.user.name.toUpperCase();
      // @ts-expect-error `school` may be populated: a record, not an identifier
      record.school?.toHexString();
      return record.user?.name?.toUpperCase();
    };
    expect(use({ user: { name: 'ana' }, school: new ObjectId() })).toBe('ANA');
  });

  it('types populated records of a collection the types do not know as plain documents', () => {
    type Lone = QueryRecord<typeof students>;
    expectTypeOf<Lone['school']>().toEqualTypeOf<ObjectId | PopulatedDocument | null | undefined>();
  });

  it('leaves records of a definition without a literal schema untyped', () => {
    const schema: JsonSchema = { type: 'object', properties: {} };
    const loose = defineCollection('loose', { schema });
    expectTypeOf<QueryRecord<typeof loose>>().toEqualTypeOf<Record<string, unknown>>();
  });
});

const engines = await conformanceEngines('result_types');

describe.each(engines)('what comes back is what the types promise, on $name', ({ db }) => {
  beforeAll(() => seed(db));

  it('a run-time select returns _id and the selected fields only', async () => {
    const result = await dsl.run(db, 'students', `_id=${studentId(1)}&select=user.name`);
    if (!result.ok || !Array.isArray(result.response)) throw new Error('expected a page');
    const [record] = result.response;
    expect(plain(record)).toEqual({ _id: studentId(1), user: { name: 'José' } });
    expect(record?.user?.surname).toBeUndefined();
  });

  it('a run-time populate returns the referenced record where its identifier was', async () => {
    const result = await dsl.run(
      db,
      'students',
      `_id=${studentId(1)}&select=school&populate={"school":"name"}`,
    );
    if (!result.ok || !Array.isArray(result.response)) throw new Error('expected a page');
    const school = result.response[0]?.school;
    if (school instanceof ObjectId || !school) throw new Error('expected a populated school');
    expect(plain(school)).toEqual({ _id: SCHOOL.andes, name: 'Colegio Los Andes' });
  });

  it('a run-time populate of an array of references puts each record, or null, where its identifier was', async () => {
    const result = await dsl.run(
      db,
      'students',
      `_id=${studentId(3)}&select=_id&populate={"parents":"user.name"}`,
    );
    if (!result.ok || !Array.isArray(result.response)) throw new Error('expected a page');
    const parents = result.response[0]?.parents ?? [];
    expect(parents.map((parent) => (parent instanceof ObjectId ? 'identifier' : parent?.user?.name))).toEqual(
      ['Klaus', undefined, 'Lucía'],
    );
    expect(plain(parents)).toEqual([
      { _id: parentId(4), user: { name: 'Klaus' } },
      null,
      { _id: parentId(5), user: { name: 'Lucía' } },
    ]);
  });

  it('run-time totals hold the same records in results', async () => {
    const result = await dsl.run(
      db,
      'parents',
      `school=${SCHOOL.andes}&select=user.surname&__per_page=2&__include_totals=true`,
    );
    if (!result.ok || Array.isArray(result.response)) throw new Error('expected totals');
    const { results, total } = result.response;
    expect(results).toHaveLength(2);
    expect(total).toBeGreaterThan(2);
    for (const record of results) expect(Object.keys(record).sort()).toEqual(['_id', 'user']);
    expectTypeOf(results[0]?.user?.surname).toEqualTypeOf<string | undefined>();
  });
});
