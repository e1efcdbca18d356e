import * as dsl from '@school/query-dsl';
import type { ObjectId } from 'bson';
import { describe, expect, expectTypeOf, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };

describe('the @school/query-dsl entry point', () => {
  it('exports exactly its public values (types are checked by the compiler)', () => {
    expect(Object.keys(dsl).sort()).toEqual([
      'DEFAULT_LIMITS',
      'INVALID_QUERY',
      'ISSUE_CODES',
      'IssueList',
      'MAX_LISTED_ISSUES',
      'RESERVED_PARAMS',
      'SCHEMA_FORMATS',
      'SUPPORTED_OPERATORS',
      'buildFilter',
      'buildQuery',
      'buildSearchIndex',
      'createQueryDsl',
      'defineCollection',
      'escapeRegex',
      'foldText',
      'issueStatus',
      'maxPage',
      'runQuery',
      'searchIndexFields',
      'searchWords',
      'toMongo',
    ]);
  });

  it('exports the types that describe query results, and the query reader runs strings and specs', () => {
    type Untyped = Record<string, unknown>;
    expectTypeOf<dsl.QueryRecord<dsl.CollectionDefinition>>().toEqualTypeOf<Untyped>();
    expectTypeOf<dsl.QueryRecordOf<Untyped>>().toEqualTypeOf<Untyped>();
    expectTypeOf<dsl.QueryRecordOfName<dsl.CollectionDefinition, 'x'>>().toEqualTypeOf<Untyped>();
    expectTypeOf<dsl.SelectedRecord<dsl.CollectionDefinition, object>>().toEqualTypeOf<Untyped>();
    expectTypeOf<dsl.SelectedResponse<dsl.CollectionDefinition, object>>().toEqualTypeOf<Untyped[]>();
    expectTypeOf<dsl.PopulatedDocument['_id']>().toEqualTypeOf<ObjectId>();
    expectTypeOf<dsl.ReferencesOf<dsl.CollectionDefinition>>().toEqualTypeOf<dsl.ReferenceMap>();
    expectTypeOf<dsl.ReferencesFromSchema<{ properties: { a: { 'x-ref': 'b' } } }>>().toEqualTypeOf<{
      readonly a: 'b';
    }>();
    expect(Object.keys(dsl.createQueryDsl({ collections: [] })).sort()).toEqual([
      'collections',
      'find',
      'limits',
      'parse',
      'parseUntyped',
      'run',
      'runUntyped',
    ]);
  });

  it('publishes one entry point for import and require, with types (the engine is a package of its own)', () => {
    expect(Object.keys(packageJson.exports)).toEqual(['.', './package.json']);
    const target = packageJson.exports['.'];
    expect(target.import.types).toMatch(/\.d\.ts$/);
    expect(target.require.types).toMatch(/\.d\.cts$/);
    expect(target.import.default).toMatch(/\.js$/);
    expect(target.require.default).toMatch(/\.cjs$/);
    expect(packageJson.files).toContain('dist');
    expect(packageJson.sideEffects).toBe(false);
  });
});
