import { describe, expect, it } from 'vitest';
import { withoutAncestorDuplicates } from '../../src/validate/select.js';
import { countListVisits } from '../support/list-visits.js';

describe('dropping paths whose ancestor is listed', () => {
  it('keeps the ancestor, drops its descendants and repeats, and keeps the order', () => {
    expect(withoutAncestorDuplicates(['user.name', 'years', 'user', 'years.year', 'user', 'usera'])).toEqual([
      'years',
      'user',
      'usera',
    ]);
  });

  it('looks each path’s own ancestors up instead of comparing it with every other path', () => {
    const paths = Array.from({ length: 4000 }, (_, index) => `a.b${index}.c`);
    const visits = countListVisits(() => withoutAncestorDuplicates(paths));
    expect(visits).toBe(paths.length);
  });
});
