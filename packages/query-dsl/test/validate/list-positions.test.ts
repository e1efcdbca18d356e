import { describe, expect, it } from 'vitest';
import { findFilterFor, issuesFor } from '../support/helpers.js';

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

describe('a list inside a list position', () => {
  const LIST_IN_POSITION = /has a list inside a list position .*repeat the key/;

  it.each([
    'user.name[0][0]=x',
    'user[name][0][0]=x',
    'user.name[0][0]=x&user.name[0][1]=y',
    'citizenship[0][]=a',
    'citizenship=a&citizenship[1][0]=b',
  ])('is refused, not flattened into the field’s values: %s', (query) => {
    const issues = issuesFor(query);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({
      code: 'INVALID_VALUE',
      message: expect.stringMatching(LIST_IN_POSITION),
    });
    expect(issues[0]?.param).toBe(query.startsWith('citizenship') ? 'citizenship' : 'user.name');
  });

  it('is not what a numeric bracket key alone is: that is a repeated key', () => {
    expect(findFilterFor('user.name[0]=x&user.name[1]=y')).toEqual({ 'user.name': { $in: ['x', 'y'] } });
    expect(findFilterFor('user.name[0]=x')).toEqual({ 'user.name': 'x' });
  });
});
