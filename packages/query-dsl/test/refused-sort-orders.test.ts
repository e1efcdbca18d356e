/**
 * How a refused sort order is shown in its issue's message: as the JSON it was given, whole up to
 * 40 characters and cut after that with an ellipsis, so a message never echoes an unbounded input.
 */
import { describe, expect, it } from 'vitest';
import { issuesFor } from './helpers.js';

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
      `The order for citizenship must be asc, desc, 1 or -1, got "${'x'.repeat(39)}….`,
    ]);
  });
});
