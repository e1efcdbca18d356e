import { describe, expect, it } from 'vitest';
import { itHoldsForEveryEmittedCommand } from './commands.js';
import { regexRule, regexViolations } from './regex.js';

describe('regexes are escaped, anchored, NUL-free and index-bounded', () => {
  itHoldsForEveryEmittedCommand(regexRule);

  it.each<[string, string, string | undefined]>([
    ['an embedded NUL', '^a\0b', undefined],
    ['an escaped | (not a simple prefix for MongoDB)', '^a\\|b', undefined],
    ['an unanchored pattern', 'ana', undefined],
    ['an unescaped metacharacter', '^a.b', undefined],
    ['a backslash before a letter', '^a\\d', undefined],
    ['a flag', '^ana', 'i'],
    ['a pattern over 32764 bytes', `^${'a'.repeat(32764)}`, undefined],
  ])('the rule catches %s', (_name, pattern, options) => {
    expect(regexViolations(pattern, options, '$regex')).not.toEqual([]);
  });

  it('the rule accepts an anchored literal with escaped punctuation', () => {
    expect(regexViolations('^jose\\.perez@colegio', undefined, '$regex')).toEqual([]);
  });
});
