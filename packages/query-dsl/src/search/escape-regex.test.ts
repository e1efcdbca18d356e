import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeRegex } from './normalize.js';

describe('escapeRegex', () => {
  it('turns any text into a pattern that matches exactly that text, literally', () => {
    const text = fc.string({ unit: fc.constantFrom(...'\\^$.*+?()[]{}|/-ab1 '), maxLength: 30 });
    fc.assert(
      fc.property(text, (value) => {
        const pattern = new RegExp(`^${escapeRegex(value)}$`);
        expect(pattern.test(value)).toBe(true);
        expect(pattern.test(`${value}a`)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves no quantifier or group: a run of pattern characters stays literal text', () => {
    expect(escapeRegex('(a+)+$')).toBe('\\(a\\+\\)\\+\\$');
  });
});
