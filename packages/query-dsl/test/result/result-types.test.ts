/**
 * The types of query results say what comes back: a query known only at run time answers
 * `QueryRecord`s (every field may be absent, every reference may be populated); a typed spec run
 * with `dsl.find` answers `SelectedRecord`s that follow its `select`, `populate` and totals. The
 * type-level checks run under `pnpm typecheck`; the run-time checks hold the types to what the
 * in-process engine (and a real MongoDB, when one is available) returns.
 */
import {
  defineCollection,
  type JsonSchema,
  type PopulatedDocument,
  type QueryRecord,
  type QueryRecordOfName,
  type QueryResponse,
  type QuerySpec,
  type RecordOf,
  type ReferencesOf,
  runQuery,
  type SelectedRecord,
  type TotalsResponse,
} from '@school/query-dsl';
import { ObjectId } from 'bson';
import { beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { conformanceEngines, plain } from '../support/conformance.js';
import { parentId, SCHOOL, seed, studentId } from '../support/dataset.js';
import { type collections, dsl, type grades, type students } from '../support/school-collections.js';

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

/** A person's `user` as a run-time query may return it: any of its fields, `_id` included. */
type AnyUser = {
  _id?: ObjectId;
  id_card?: string;
  name?: string;
  second_name?: string;
  surname?: string;
  second_surname?: string;
  email?: string;
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
    expectTypeOf<NonNullable<Row['user']>>().toEqualTypeOf<AnyUser>();
    expectTypeOf<Row['citizenship']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Row['addresses']>().toEqualTypeOf<
      { name?: string; city?: string; city_zone?: ObjectId }[] | undefined
    >();
  });

  it('types a reference as its identifier, the populated record, or null', () => {
    expectTypeOf<Row['school']>().toEqualTypeOf<ObjectId | AnySchool | null | undefined>();
    type Parent = Exclude<NonNullable<Row['parents']>[number], ObjectId | null>;
    expectTypeOf<Parent['_id']>().toEqualTypeOf<ObjectId>();
    expectTypeOf<Parent['user']>().toEqualTypeOf<AnyUser | undefined>();
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
    const loose = defineCollection('loose', { schema, untyped: true });
    expectTypeOf<QueryRecord<typeof loose>>().toEqualTypeOf<Record<string, unknown>>();
  });
});

describe('a typed spec answers records that follow it', () => {
  type Find<S extends QuerySpec<Student>> = SelectedRecord<typeof students, S, Collections>;

  it('keeps only the selected fields, and _id, with their optionality from the schema', () => {
    expectTypeOf<Find<{ select: readonly ['user.name', 'years.enrolled'] }>>().toEqualTypeOf<{
      _id: ObjectId;
      user: { name: string };
      years?: { enrolled?: boolean }[];
    }>();
    expectTypeOf<Find<{ select: readonly ['user']; withoutId: true }>>().toEqualTypeOf<{
      user: Student['user'];
    }>();
  });

  it('leaves out what exclude names', () => {
    type Excluded = Find<{ exclude: readonly ['user.email', 'addresses', 'emergency', '_id'] }>;
    expectTypeOf<Excluded>().not.toHaveProperty('addresses');
    expectTypeOf<Excluded>().not.toHaveProperty('_id');
    expectTypeOf<NonNullable<Excluded['user']>>().not.toHaveProperty('email');
    expectTypeOf<NonNullable<Excluded['user']>['name']>().toEqualTypeOf<string>();
  });

  it('types a populated reference as the referenced record picked to the listed fields, or null', () => {
    type Populated = Find<{
      select: readonly ['user.name'];
      populate: { school: 'name code'; parents: readonly ['user.name']; 'years.group': '' };
    }>;
    expectTypeOf<Populated['school']>().toEqualTypeOf<
      { _id: ObjectId; name: string; code?: string } | null | undefined
    >();
    expectTypeOf<Populated['parents']>().toEqualTypeOf<
      ({ _id: ObjectId; user: { name: string } } | null)[] | undefined
    >();
    type Grade = Exclude<NonNullable<NonNullable<Populated['years']>[number]['group']>, null>;
    // `''`: every field of the grade, its `_id` always there, its own references not populated.
    expectTypeOf<Grade>().toEqualTypeOf<{
      _id: ObjectId;
      active: boolean;
      created_at: Date;
      updated_at: Date;
      school?: ObjectId;
      name: string;
      code?: string;
      section?: ObjectId;
    }>();
    expectTypeOf<Grade>().toExtend<RecordOf<typeof grades>>();
  });

  it('keeps references not populated as identifiers, and types populate=true as a run-time query would', () => {
    expectTypeOf<Find<{ select: readonly ['school'] }>['school']>().toEqualTypeOf<ObjectId | undefined>();
    expectTypeOf<Find<{ select: readonly ['school']; populate: true }>['school']>().toEqualTypeOf<
      ObjectId | AnySchool | null | undefined
    >();
  });

  it('answers totals only when includeTotals is true', () => {
    type Response<S extends QuerySpec<Student>> = Extract<
      Awaited<ReturnType<typeof dsl.find<'students', S>>>,
      { ok: true }
    >['response'];
    expectTypeOf<Response<{ includeTotals: true }>>().toEqualTypeOf<TotalsResponse<Find<object>>>();
    expectTypeOf<Response<{ includeTotals: false }>>().toEqualTypeOf<Find<object>[]>();
    expectTypeOf<Response<{ select: readonly ['user.name'] }>>().toEqualTypeOf<
      Find<{ select: readonly ['user.name'] }>[]
    >();
    expectTypeOf<Response<{ includeTotals: boolean }>>().toEqualTypeOf<QueryResponse<Find<object>>>();
  });

  it('falls back to the run-time record when the description is not known at compile time', () => {
    expectTypeOf<Find<QuerySpec<Student>>>().toEqualTypeOf<Row>();
    expectTypeOf<Find<{ select: readonly ('user.name' | 'citizenship')[] }>>().toEqualTypeOf<Row>();
  });
});

const engines = await conformanceEngines('result_types');

/** Student 3's parents populated with `user.name`: the second one was deleted, so it resolves to null. */
const STUDENT_3_PARENT_NAMES = [
  { _id: parentId(4), user: { name: 'Klaus' } },
  null,
  { _id: parentId(5), user: { name: 'Lucía' } },
];

/** Los Andes' parents two a page, only `user.surname` selected: two records of `_id` and `user`, more in all. */
function expectSurnamePage({ results, total }: { results: readonly object[]; total: number }): void {
  expect(results).toHaveLength(2);
  expect(total).toBeGreaterThan(2);
  for (const record of results) expect(Object.keys(record).sort()).toEqual(['_id', 'user']);
}

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
    expect(plain(parents)).toEqual(STUDENT_3_PARENT_NAMES);
  });

  it('run-time totals hold the same records in results', async () => {
    const result = await dsl.run(
      db,
      'parents',
      `school=${SCHOOL.andes}&select=user.surname&__per_page=2&__include_totals=true`,
    );
    if (!result.ok || Array.isArray(result.response)) throw new Error('expected totals');
    const { results } = result.response;
    expectSurnamePage(result.response);
    expectTypeOf(results[0]?.user?.surname).toEqualTypeOf<string | undefined>();
  });

  it('a typed select returns the fields its type lists, no more', async () => {
    const result = await dsl.find(db, 'students', {
      filter: { _id: studentId(1) },
      select: ['user.name', 'years.enrolled'],
    });
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    const [record] = result.response;
    expect(plain(record)).toEqual({
      _id: studentId(1),
      user: { name: 'José' },
      years: [{ enrolled: true }, { enrolled: true }],
    });
    expectTypeOf(record?.user?.name).toEqualTypeOf<string | undefined>();
    // @ts-expect-error `citizenship` was not selected: the type has no such field
    expect(record?.citizenship).toBeUndefined();
    // @ts-expect-error `user.surname` neither
    expect(record?.user?.surname).toBeUndefined();
  });

  it('a typed populate returns the picked record of a single reference', async () => {
    const result = await dsl.find(db, 'students', {
      filter: { _id: studentId(1) },
      select: ['user.name'],
      populate: { school: 'name' },
    });
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    const school = result.response[0]?.school;
    expect(school?.name).toBe('Colegio Los Andes');
    expect(plain(result.response[0])).toEqual({
      _id: studentId(1),
      user: { name: 'José' },
      school: { _id: SCHOOL.andes, name: 'Colegio Los Andes' },
    });
  });

  it('a typed populate of an array of references returns each record, null for one that resolves to nothing', async () => {
    const result = await dsl.find(db, 'students', {
      filter: { _id: studentId(3) },
      select: ['_id'],
      populate: { parents: ['user.name'] },
    });
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    const names = result.response[0]?.parents?.map((parent) => parent?.user?.name ?? null);
    expect(names).toEqual(['Klaus', null, 'Lucía']);
    expect(plain(result.response[0]?.parents)).toEqual(STUDENT_3_PARENT_NAMES);
  });

  it('typed totals return the totals object with records of the selected fields', async () => {
    const result = await dsl.find(db, 'parents', {
      filter: { school: SCHOOL.andes },
      select: ['user.surname'],
      sort: { 'user.surname': 'asc' },
      perPage: 2,
      includeTotals: true,
    });
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    const { results } = result.response;
    expectSurnamePage(result.response);
    expectTypeOf(results[0]?.user?.surname).toEqualTypeOf<string | undefined>();
  });

  it('a bad spec is answered with issues, never a throw', async () => {
    const result = await dsl.find(db, 'students', { populate: { school: 'nmae' }, perPage: 0 });
    expect(result.ok ? [] : result.issues.map((issue) => issue.code)).toEqual([
      'INVALID_PAGINATION',
      'INVALID_POPULATE',
    ]);
  });

  it('a value no query string can hold is an issue naming why and where, never a throw', async () => {
    // An invalid Date has no ISO form (toISOString throws a RangeError): the field says so.
    const result = await dsl.find(db, 'students', {
      filter: { created_at: { $gte: new Date('not a date') } },
    });
    expect(result).toMatchObject({
      ok: false,
      issues: [
        {
          code: 'INVALID_VALUE',
          param: 'created_at',
          message: 'Invalid value for created_at: created_at takes a valid date, got an invalid Date.',
        },
      ],
    });
  });
});
