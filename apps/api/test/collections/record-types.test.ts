/**
 * The record types of the host's collections, inferred from the schemas `hostCollection` builds
 * (checked by `pnpm typecheck`, like query-dsl's test/schema/record-types.test.ts). `HostRecordSchema` is
 * the type of the code that builds the schema (src/collections/record-schema.ts), so the two cannot
 * drift apart; these pin what each spec-dependent piece gives: the scope, `user._id`, the fields
 * every record has, the hidden ones.
 */
import { buildQuery, type RecordOf } from '@school/query-dsl';
import type { ObjectId } from 'bson';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { grades } from '../../src/collections/grades.js';
import type { schools } from '../../src/collections/schools.js';
import type { staff } from '../../src/collections/staff.js';
import { students } from '../../src/collections/students.js';

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
