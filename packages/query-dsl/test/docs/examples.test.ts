/**
 * The package's examples are documentation that runs: the library example defines its collections
 * and reads queries as the README describes, and the demo tours them without failing.
 */

import type { RecordOf } from '@school/query-dsl';
import type { ObjectId } from 'bson';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { dsl, type loans } from '../../examples/library.js';

describe('the library example', () => {
  it('types its records from the schemas', () => {
    expectTypeOf<RecordOf<typeof loans>['book']>().toEqualTypeOf<ObjectId | undefined>();
    expectTypeOf<RecordOf<typeof loans>['renewals']>().toEqualTypeOf<{ at?: Date }[] | undefined>();
  });

  it('keeps a hidden field out of every query', () => {
    const result = dsl.parse('readers', 'address="Main St"');
    expect(result.ok ? [] : result.issues.map((issue) => [issue.code, issue.param])).toEqual([
      ['UNKNOWN_FIELD', 'address'],
    ]);
  });

  it('populates its default references on populate=true', () => {
    const result = dsl.parse('loans', 'populate=true');
    expect(result.ok && result.plan.populate.map((node) => [node.path, node.fields])).toEqual([
      ['book', ['title']],
      ['reader', ['name']],
    ]);
  });
});

describe('the demo', () => {
  it('prints each request, and the 400 its bad one is answered with', async () => {
    const logged: string[] = [];
    const original = console.log;
    console.log = (...args: unknown[]) => logged.push(args.join(' '));
    try {
      await import('../../examples/demo.js');
    } finally {
      console.log = original;
    }
    const requests = logged.filter((line) => line.startsWith('\nGET /api/'));
    expect(requests).toHaveLength(7);
    expect(logged.filter((line) => line.startsWith('  → 400'))).toHaveLength(1);
  });
});
