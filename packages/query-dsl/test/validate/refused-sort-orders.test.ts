/**
 * How a refused sort order is shown in its issue's message: quoted, whole up to 40 characters and
 * cut after that with an ellipsis inside the quotes, so a message never echoes an unbounded input and
 * never splits an escape sequence.
 */
import type { QuerySpec } from '@school/query-dsl';
import { describe, expect, it } from 'vitest';
import { emptyDb, issuesFor } from '../support/helpers.js';
import { dsl, type students } from '../support/school-collections.js';

const sortBy = (order: string) => `__sort=${encodeURIComponent(JSON.stringify({ citizenship: order }))}`;
const messageOf = (query: string) => issuesFor(query).map(({ message }) => message);

describe('a refused sort order', () => {
  it('is quoted whole when its JSON is 40 characters', () => {
    const order = 'x'.repeat(38);
    expect(messageOf(sortBy(order))).toEqual([
      `The order for citizenship must be asc, desc, 1 or -1, got "${order}".`,
    ]);
  });

  it('is cut after 40 characters, with an ellipsis', () => {
    expect(messageOf(sortBy('x'.repeat(60)))).toEqual([
      `The order for citizenship must be asc, desc, 1 or -1, got "${'x'.repeat(40)}…".`,
    ]);
  });

  it('is cut before it is quoted, so an escaped character is shown whole', () => {
    // As JSON the line break would take characters 40 and 41 of the text.
    const order = `${'x'.repeat(38)}\n${'x'.repeat(10)}`;
    expect(messageOf(sortBy(order))).toEqual([
      `The order for citizenship must be asc, desc, 1 or -1, got "${'x'.repeat(38)}\\nx…".`,
    ]);
  });
});

describe('a refused order in a typed description (dsl.find)', () => {
  const findMessageOf = async (order: unknown) => {
    const description: unknown = { sort: { citizenship: order } };
    const result = await dsl.find(emptyDb, 'students', description as QuerySpec<typeof students>);
    return result.ok ? [] : result.issues.map(({ message }) => message);
  };
  const refusal = (shown: string) => [`The order for citizenship must be asc, desc, 1 or -1, got ${shown}.`];

  it('is shown as its JSON, cut after 40 characters', async () => {
    expect(await findMessageOf([1, 2])).toEqual(refusal('[1,2]'));
    expect(await findMessageOf({ way: 'x'.repeat(40) })).toEqual(refusal(`{"way":"${'x'.repeat(32)}…`));
  });

  it('is named by its kind when it has no JSON form: a function, a bigint, an object holding one', async () => {
    expect(await findMessageOf(() => 'asc')).toEqual(refusal('function'));
    expect(await findMessageOf(5n)).toEqual(refusal('bigint'));
    expect(await findMessageOf({ way: 5n })).toEqual(refusal('object'));
  });
});
