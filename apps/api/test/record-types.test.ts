/**
 * The record types of the host's collections, inferred from the schemas `hostCollection` builds
 * (checked by `pnpm typecheck`, like query-dsl's test/record-types.test.ts). `HostRecordSchema`
 * spells the run-time spreads a second time, as a type; the last tests hold each collection's type
 * and its built schema to the same fields of the same kinds, so the two cannot drift apart.
 */
import { buildQuery, type FieldPath, type RecordOf, type ValueAt } from '@school/query-dsl';
import type { ObjectId } from 'bson';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { courses } from '../src/collections/courses.js';
import type { HostCollection } from '../src/collections/define.js';
import { grades } from '../src/collections/grades.js';
import { COLLECTIONS } from '../src/collections/index.js';
import { parents } from '../src/collections/parents.js';
import { schools } from '../src/collections/schools.js';
import { sections } from '../src/collections/sections.js';
import { staff } from '../src/collections/staff.js';
import { students } from '../src/collections/students.js';
import { years } from '../src/collections/years.js';

type Student = RecordOf<typeof students.definition>;

describe('each collection’s definition carries the type of its records', () => {
  it('types a student from the schema the service builds', () => {
    // Every stored record has `_id`, `active` and its timestamps, and the fields its create body
    // requires (a student's `user`, which requires `name` and `surname`); the rest may be absent.
    expectTypeOf<Student['_id']>().toEqualTypeOf<ObjectId>();
    expectTypeOf<Student['user']['name']>().toEqualTypeOf<string>();
    expectTypeOf<Student['user']['_id']>().toEqualTypeOf<ObjectId>();
    expectTypeOf<Student['school']>().toEqualTypeOf<ObjectId | undefined>();
    expectTypeOf<Student['parents']>().toEqualTypeOf<ObjectId[] | undefined>();
    expectTypeOf<Student['created_at']>().toEqualTypeOf<Date>();
    expectTypeOf<Student['active']>().toEqualTypeOf<boolean>();
    expectTypeOf<RecordOf<typeof grades.definition>['name']>().toEqualTypeOf<string>();
    expectTypeOf<NonNullable<Student['relational_data']>['all']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<typeof students.definition.name>().toEqualTypeOf<'students'>();
  });

  it('leaves the hidden fields out', () => {
    for (const hidden of ['_search', '_sync', '_rev'] as const) {
      expectTypeOf<Student>().not.toHaveProperty(hidden);
    }
    expectTypeOf<RecordOf<typeof grades.definition>>().not.toHaveProperty('_sync');
    expectTypeOf<RecordOf<typeof staff.definition>>().not.toHaveProperty('_search');
    expect(students.definition.fields.get('_sync')?.hidden).toBe(true);
  });

  it('gives schools no school, and people alone a user', () => {
    expectTypeOf<RecordOf<typeof schools.definition>>().not.toHaveProperty('school');
    expectTypeOf<RecordOf<typeof grades.definition>['section']>().toEqualTypeOf<ObjectId | undefined>();
    expectTypeOf<RecordOf<typeof grades.definition>>().not.toHaveProperty('user');
    expectTypeOf<NonNullable<RecordOf<typeof staff.definition>['user']>['surname']>().toEqualTypeOf<string>();
  });

  it('refuses, at compile time, paths and values a student does not have', () => {
    // @ts-expect-error `user.nmae` is no path of a student
    buildQuery(students.definition, { filter: { 'user.nmae': 'Ana' } });
    // @ts-expect-error `active` holds booleans
    buildQuery(students.definition, { filter: { active: 'yes' } });
    // @ts-expect-error `_sync` is hidden
    buildQuery(students.definition, { select: ['_sync'] });
    // @ts-expect-error `citizenship` is no reference
    buildQuery(students.definition, { populate: { citizenship: 'name' } });
    expect(buildQuery(students.definition, { filter: { 'user.name': 'Ana' } })).toBe('user.name=%22Ana%22');
  });
});

/** What a path holds, in the words of the field catalog (numbers of either kind are `number`). */
type Kind<V> = V extends ObjectId
  ? 'objectId'
  : V extends Date
    ? 'date'
    : V extends string
      ? 'string'
      : V extends number
        ? 'number'
        : V extends boolean
          ? 'boolean'
          : 'object';

/** Every path of a collection's record type with its kind. */
type Fields<C extends HostCollection> = {
  readonly [P in FieldPath<RecordOf<C['definition']>>]: Kind<ValueAt<RecordOf<C['definition']>, P>>;
};

/**
 * A collection and its fields, listed by hand: the list must name every path of the record type
 * with its kind, and nothing else (spread properties get no excess-property check, hence `never`).
 */
function typed<C extends HostCollection, const F extends Fields<C>>(
  collection: C,
  fields: F & { readonly [K in Exclude<keyof F, keyof Fields<C>>]: never },
): [HostCollection, Readonly<Record<string, string>>] {
  return [collection, fields];
}

/** The visible paths of the schema a collection was built with, and their kinds. */
function builtFields(collection: HostCollection): Record<string, string> {
  return Object.fromEntries(
    [...collection.definition.fields.values()]
      .filter((field) => !field.hidden)
      .map((field) => [field.path, field.type === 'integer' ? 'number' : field.type]),
  );
}

const common = {
  _id: 'objectId',
  active: 'boolean',
  created_at: 'date',
  updated_at: 'date',
} as const;
const scoped = { ...common, school: 'objectId' } as const;
const person = {
  ...scoped,
  user: 'object',
  'user._id': 'objectId',
  'user.id_card': 'string',
  'user.name': 'string',
  'user.second_name': 'string',
  'user.surname': 'string',
  'user.second_surname': 'string',
  'user.email': 'string',
  relational_data: 'object',
  'relational_data.all': 'string',
  'relational_data.email': 'string',
} as const;

describe('the record types and the built schemas name the same fields', () => {
  const cases = [
    typed(schools, { ...common, name: 'string', code: 'string', country: 'string' }),
    typed(years, {
      ...scoped,
      name: 'string',
      country: 'string',
      passing_score: 'number',
      base_score: 'number',
      score_decimals: 'number',
      weight_score: 'number',
      round: 'boolean',
      calculate_by_equivalences: 'boolean',
      new_promotion_logic: 'boolean',
      enable_custom_year: 'boolean',
    }),
    typed(courses, {
      ...scoped,
      name: 'string',
      reference_name: 'string',
      code: 'string',
      weight_in_subject: 'number',
    }),
    typed(sections, { ...scoped, name: 'string', code: 'string' }),
    typed(grades, { ...scoped, name: 'string', code: 'string', section: 'objectId' }),
    typed(students, {
      ...person,
      parents: 'objectId',
      years: 'object',
      'years.year': 'objectId',
      'years.enrolled': 'boolean',
      'years.registered': 'boolean',
      'years.group': 'objectId',
      addresses: 'object',
      'addresses.name': 'string',
      'addresses.city': 'string',
      'addresses.city_zone': 'objectId',
      citizenship: 'string',
      emergency: 'object',
      'emergency.contacts': 'object',
      'emergency.contacts.name': 'string',
      'emergency.contacts.phones': 'object',
      'emergency.contacts.phones.mobile': 'string',
    }),
    typed(parents, person),
    typed(staff, { ...person, role: 'string' }),
  ];

  it('covers every collection the service serves', () => {
    expect(cases.map(([collection]) => collection)).toEqual([...COLLECTIONS]);
  });

  for (const [collection, fields] of cases) {
    it(`${collection.name}: every visible path of the schema is a path of the type, of the same kind`, () => {
      expect(builtFields(collection)).toEqual(fields);
    });
  }
});
