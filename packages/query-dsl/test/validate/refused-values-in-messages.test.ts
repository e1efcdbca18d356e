/**
 * How a refused value is shown in its issue's message: quoted as it came, cut after 40 characters
 * (a message never echoes an unbounded input back), and, where a text field got a JSON number,
 * boolean or structure, rewritten as the JSON string the client should have sent.
 */
import type { QuerySpec } from '@school/query-dsl';
import { describe, expect, it } from 'vitest';
import { emptyDb, issuesFor } from '../support/helpers.js';
import { dsl, type students } from '../support/school-collections.js';

const messageOf = (query: string) => issuesFor(query).map(({ message }) => message);

describe('a refused bare value', () => {
  it('is quoted whole up to 40 characters', () => {
    const forty = 'x'.repeat(40);
    expect(messageOf(`active=${forty}`)).toEqual([
      `Invalid value for active: expected true or false, got "${forty}".`,
    ]);
  });

  it('is cut after 40 characters, with an ellipsis', () => {
    expect(messageOf(`active=${'x'.repeat(41)}`)).toEqual([
      `Invalid value for active: expected true or false, got "${'x'.repeat(40)}…".`,
    ]);
  });
});

describe('a JSON value given to a text field', () => {
  it.each([
    ['5', '5'],
    ['true', 'true'],
    ['{"a":"b"}', '{a:b}'],
    ['[1,"x"]', '[1,x]'],
  ])('%s is shown as the JSON string "%s"', (json, hint) => {
    expect(messageOf(`user.name=${encodeURIComponent(`{"$eq":${json}}`)}`)).toEqual([
      `Invalid value for user.name: user.name holds text: write the value as a JSON string, e.g. "${hint}".`,
    ]);
  });

  it('a number JSON cannot write, in a typed description (dsl.find), is shown as written', async () => {
    // Numbers on a text field: what a caller without types can hand over.
    const description: unknown = { filter: { 'user.name': { $in: [Number.NaN, Number.NEGATIVE_INFINITY] } } };
    const result = await dsl.find(emptyDb, 'students', description as QuerySpec<typeof students>);
    expect(result.ok ? [] : result.issues.map(({ message }) => message)).toEqual(
      ['NaN', '-Infinity'].map(
        (hint) =>
          `Invalid value for user.name: user.name holds text: write the value as a JSON string, e.g. "${hint}".`,
      ),
    );
  });
});
