import * as dsl from '@school/query-dsl';
import { describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };

describe('the @school/query-dsl entry point', () => {
  it('exports exactly its public values (types are checked by the compiler)', () => {
    expect(Object.keys(dsl).sort()).toEqual([
      'DEFAULT_LIMITS',
      'INVALID_QUERY',
      'ISSUE_CODES',
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
      'runQuery',
      'searchIndexFields',
      'searchWords',
      'toMongo',
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
