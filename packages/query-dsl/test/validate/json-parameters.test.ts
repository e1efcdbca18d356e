/**
 * How a parameter written as JSON is read before its own rules apply: its nesting is measured on
 * every branch (the deepest one counts, wherever it sits among its siblings), a bare `null` is
 * refused with the parameter's own shape hint rather than a crash, and an object may follow
 * leading spaces.
 */
import { describe, expect, it } from 'vitest';
import { issuesFor, mongoFor } from '../support/helpers.js';

const json = (value: string) => encodeURIComponent(value);
const refusal = (query: string) => issuesFor(query).map(({ code, param, message }) => [code, param, message]);
/** An array holding `levels` arrays, one inside the other: `levels` + 1 levels in all. */
const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('the nesting limit of a JSON parameter', () => {
  it.each([
    ['the deepest branch comes first', `[${nested(8)},[]]`],
    ['the deepest branch comes last', `[[],${nested(8)}]`],
    ['the deepest branch sits between shallow ones', `[[],${nested(8)},{"a":1},[]]`],
  ])('refuses 9 levels when %s', (_case, value) => {
    expect(refusal(`elemMatch=${json(value)}`)).toEqual([
      ['QUERY_TOO_COMPLEX', 'elemMatch', 'elemMatch is nested deeper than 8 levels.'],
    ]);
  });

  it('reads 8 levels, then applies the parameter rules', () => {
    expect(refusal(`elemMatch=${json(`[${nested(7)},[]]`)}`).map(([code]) => code)).not.toContain(
      'QUERY_TOO_COMPLEX',
    );
  });
});

describe('a JSON parameter that is null', () => {
  it('is refused with the shape the parameter takes', () => {
    expect(refusal('elemMatch=null')).toEqual([
      [
        'INVALID_VALUE',
        'elemMatch',
        'elemMatch must be {"property": "<array field>", "parameters": {"<field>": <value>, ...}}.',
      ],
    ]);
  });
});

describe('a JSON object after leading spaces', () => {
  it('is read as the object', () => {
    const { read } = mongoFor(`__sort=${json('  {"citizenship":"desc"}')}`);
    if (read.kind !== 'find') throw new Error('expected a find');
    expect(read.options.sort).toEqual({ citizenship: -1, _id: 1 });
  });
});
