import type { Issue as ClientIssue } from '@school/integration-client';
import type { Issue as QueryIssue } from '@school/query-dsl';
import { describe, expectTypeOf, it } from 'vitest';
import type { ErrorEntry } from '../../src/errors/http-error.js';

// The two libraries declare their issue type apart (the client does not depend on the query
// library; see packages/query-dsl/docs/errors.md): the host, which uses both, holds them to one shape.
describe("the libraries' issues and the envelope's entries", () => {
  it('are one shape, { code, message, param }, each with its own codes', () => {
    expectTypeOf<keyof ClientIssue>().toEqualTypeOf<'code' | 'message' | 'param'>();
    expectTypeOf<keyof QueryIssue>().toEqualTypeOf<'code' | 'message' | 'param'>();
    expectTypeOf<keyof ErrorEntry>().toEqualTypeOf<'code' | 'message' | 'param'>();
    expectTypeOf<Omit<ClientIssue, 'code'>>().toEqualTypeOf<Omit<QueryIssue, 'code'>>();
    expectTypeOf<Omit<ErrorEntry, 'code'>>().toEqualTypeOf<Omit<QueryIssue, 'code'>>();
  });

  it('share the codes that mean the same', () => {
    expectTypeOf<Extract<ClientIssue['code'], QueryIssue['code']>>().toEqualTypeOf<
      'INVALID_VALUE' | 'UNKNOWN_FIELD'
    >();
  });
});
