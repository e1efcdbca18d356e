/**
 * Every kind of query input is either read or refused by name: nothing a caller hands over reads
 * as an empty query (which would drop the caller's filters and answer every record).
 */
import { describe, expect, it } from 'vitest';
import { dsl } from '../support/school-collections.js';

/** What `dsl.parse` makes of an input it is handed untyped, as JavaScript callers and `any` do. */
const parsed = (input: unknown) => {
  const result = dsl.parse('students', input as string);
  return result.ok ? { filter: result.plan.filters } : { issues: result.issues };
};

const refused = (kind: string) => ({
  issues: [
    {
      code: 'INVALID_VALUE',
      param: 'query',
      message: `The query must be a query string, URLSearchParams, a URL or a plain object, got ${kind}.`,
    },
  ],
});

describe('the inputs that are read', () => {
  it.each([
    ['a query string', 'user.name=Ana'],
    ['a query string with its ?', '?user.name=Ana'],
    ['URLSearchParams', new URLSearchParams('user.name=Ana')],
    ['a URL (its query)', new URL('https://school.example/api/students?user.name=Ana#top')],
    ['a plain object', { 'user.name': 'Ana' }],
    [
      'an object without a prototype (Node and Fastify query parsers)',
      Object.assign(Object.create(null), { 'user.name': 'Ana' }),
    ],
    ['an object parsed from JSON', JSON.parse('{"user.name":"Ana"}')],
  ])('%s', (_name, input) => {
    const result = parsed(input);
    expect(result).toEqual(parsed('user.name=Ana'));
    expect(JSON.stringify(result)).toContain('Ana');
  });
});

describe('the inputs that are refused, each named', () => {
  class StudentQuery {
    'user.name' = 'Ana';
  }
  it.each([
    ['a Map', new Map([['user.name', 'Ana']])],
    ['a Headers', new Headers({ 'user.name': 'Ana' })],
    ['a Date', new Date(0)],
    ['a StudentQuery', new StudentQuery()],
    ['a Set', new Set(['user.name=Ana'])],
    ['an array', ['user.name=Ana']],
    ['null', null],
    ['undefined', undefined],
    ['a number', 42],
    ['a boolean', true],
  ])('%s', (kind, input) => {
    expect(parsed(input)).toEqual(refused(kind));
  });

  it('an object that cannot be written as a query string, as such', () => {
    const cycle: Record<string, unknown> = { 'user.name': 'Ana' };
    cycle.self = cycle;
    expect(parsed(cycle)).toEqual({
      issues: [
        {
          code: 'INVALID_VALUE',
          param: 'query',
          message:
            'The query object cannot be written as a query string: it holds itself, or a value that cannot be turned into text.',
        },
      ],
    });
  });
});
