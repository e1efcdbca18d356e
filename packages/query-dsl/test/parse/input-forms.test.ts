/**
 * A query reads the same whether it arrives as the raw query string, URLSearchParams, an object
 * with nested brackets (qs, Express) or an object with flat bracket keys (Fastify's default parser).
 */
import { type QueryInput, toMongo } from '@school/query-dsl';
import { describe, expect, it } from 'vitest';
import { dsl } from '../support/school-collections.js';

const readAs = (input: QueryInput) => {
  const result = dsl.parse('students', input);
  return result.ok ? toMongo(result.plan).read : result.issues;
};

describe('every input form reads the same query', () => {
  it.each<[string, string, Record<string, unknown>, Record<string, unknown>]>([
    [
      'a one-value $in list',
      'user.id_card[$in][]=0912345678',
      { user: { id_card: { $in: ['0912345678'] } } },
      { 'user.id_card[$in]': ['0912345678'] },
    ],
    [
      'a repeated key with a bracket operator',
      'user.name=Ana&user.name=Luis&user.name[$ne]=Luis',
      { 'user.name': ['Ana', 'Luis'], 'user.name[$ne]': 'Luis' },
      { 'user.name': ['Ana', 'Luis'], 'user.name[$ne]': 'Luis' },
    ],
    [
      'a sort and a page',
      '__sort[user.surname]=desc&__page=2',
      { __sort: { 'user.surname': 'desc' }, __page: '2' },
      { '__sort[user.surname]': 'desc', __page: '2' },
    ],
  ])('%s', (_name, text, nested, flat) => {
    const expected = readAs(text);
    expect(Array.isArray(expected)).toBe(false);
    expect(readAs(new URLSearchParams(text))).toEqual(expected);
    expect(readAs(nested)).toEqual(expected);
    expect(readAs(flat)).toEqual(expected);
  });

  it('a bare $in value is refused in every form', () => {
    for (const input of [
      'user.id_card[$in]=0912',
      { user: { id_card: { $in: '0912' } } },
      { 'user.id_card[$in]': '0912' },
    ]) {
      expect(readAs(input)).toEqual([
        expect.objectContaining({ code: 'INVALID_VALUE', param: 'user.id_card' }),
      ]);
    }
  });
});
