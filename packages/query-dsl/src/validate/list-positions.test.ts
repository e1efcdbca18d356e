import { describe, expect, it } from 'vitest';
import { findFilterFor, issuesFor } from '../../test/helpers.js';

const POSITIONS = /positions are not supported: use years\.<field>/;

describe('a list position in bracket keys', () => {
  it('is refused when its bracket keys name a field', () => {
    expect(issuesFor('years[0][enrolled]=true')).toEqual([
      expect.objectContaining({
        code: 'INVALID_VALUE',
        param: 'years',
        message: expect.stringMatching(POSITIONS),
      }),
    ]);
  });

  it('is refused when a field and an operator sit under the same position', () => {
    expect(issuesFor('years[0][enrolled]=true&years[0][$exists]=true')).toEqual([
      expect.objectContaining({
        code: 'INVALID_VALUE',
        param: 'years',
        message: expect.stringMatching(POSITIONS),
      }),
    ]);
  });

  it('holding only operators, applies them to the field itself', () => {
    expect(findFilterFor('years[0][$exists]=true')).toEqual({ years: { $exists: true } });
  });

  it('is not needed for a repeated key with bracket operators', () => {
    expect(findFilterFor('citizenship=a&citizenship=b&citizenship[$ne]=c')).toEqual({
      citizenship: { $in: ['a', 'b'], $ne: 'c' },
    });
  });
});
