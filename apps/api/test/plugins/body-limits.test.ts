import { describe, expect, it } from 'vitest';
import { sizeProblems } from '../../src/plugins/body-limits.js';

const contact = {
  type: 'object',
  additionalProperties: false,
  properties: { name: { type: 'string', maxLength: 10 }, phones: { type: 'array', maxItems: 2 } },
};
const named: Record<string, Record<string, unknown>> = {
  Body: {
    type: 'object',
    additionalProperties: false,
    properties: {
      tags: { type: 'array', maxItems: 3, items: { type: 'string', maxLength: 5 } },
      contacts: { anyOf: [{ type: 'array', maxItems: 2, items: contact }, { type: 'null' }] },
      name: { type: 'string', maxLength: 10 },
    },
  },
};
const check = (body: unknown) => sizeProblems({ $ref: 'Body#' }, body, (id) => named[id]);

/** An array that counts how many of its elements are read. */
function counted(length: number): { array: unknown[]; reads: () => number } {
  let reads = 0;
  const array = new Proxy(Array(length).fill(1), {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/u.test(key)) reads++;
      return Reflect.get(target, key, receiver);
    },
  });
  return { array, reads: () => reads };
}

describe('the size problems of a body', () => {
  it('are none for a body within its limits, whatever else is wrong with it', () => {
    expect(check({ tags: [1, 2, 3], name: 12, nosuch: true, other: [1, 2, 3, 4] })).toBeUndefined();
    expect(check({ tags: ['a'], contacts: null })).toBeUndefined();
    expect(check([1, 2])).toBeUndefined();
  });

  it('name an array past its maxItems, without reading one of its elements', () => {
    const { array, reads } = counted(64_000);
    expect(check({ tags: array })).toEqual([
      { code: 'VALIDATION_FAILED', param: 'tags', message: 'tags must NOT have more than 3 items.' },
    ]);
    expect(reads()).toBe(0);
  });

  it('are listed like every error list: the first 50, then how many more', () => {
    const contacts = Array.from({ length: 2 }, () => ({ phones: [1, 2, 3] }));
    const many = Object.fromEntries(Array.from({ length: 60 }, (_, index) => [`k${index}`, 1]));
    const lookup = (id: string) =>
      id === 'Wide'
        ? {
            type: 'object',
            properties: Object.fromEntries(Object.keys(many).map((key) => [key, { $ref: 'Body#' }])),
          }
        : named[id];
    const body = Object.fromEntries(Object.keys(many).map((key) => [key, { contacts }]));
    const problems = sizeProblems({ $ref: 'Wide#' }, body, lookup) ?? [];
    expect(problems).toHaveLength(51);
    expect(problems.at(-1)?.message).toMatch(/^70 more problems were found in the body/u);
  });

  it('look inside a nullable field and inside the elements of a list within its limit', () => {
    expect(check({ contacts: [{ phones: [1, 2, 3] }, { phones: [1] }] })).toEqual([
      {
        code: 'VALIDATION_FAILED',
        param: 'contacts.0.phones',
        message: 'contacts.0.phones must NOT have more than 2 items.',
      },
    ]);
  });
});
