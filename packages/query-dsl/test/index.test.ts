import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as dsl from '@school/query-dsl';
import type { ObjectId } from 'bson';
import { describe, expect, expectTypeOf, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };

describe('the @school/query-dsl entry point', () => {
  it('exports exactly the values its README lists, each defined', () => {
    const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## API at a glance'), readme.indexOf('## Layout'));
    const documented = [...section.matchAll(/^\| `(\w+)` \|/gm)].map((match) => match[1]);
    expect(Object.keys(dsl).sort()).toEqual([...documented].sort());
    for (const [name, value] of Object.entries(dsl)) expect(value, name).toBeDefined();
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
