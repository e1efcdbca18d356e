import { describe, expect, it } from 'vitest';
import { excerpt } from '../../src/delivery/excerpt.js';

describe('excerpt', () => {
  it('keeps short text and cuts long text, saying so', () => {
    expect(excerpt('short')).toBe('short');
    const cut = excerpt('x'.repeat(5000));
    expect(cut.startsWith('x'.repeat(1024))).toBe(true);
    expect(cut).toContain('[truncated, 5000 characters in all]');
  });

  it('does not split a surrogate pair', () => {
    expect(excerpt(`ab😀cd`, 3)).toBe('ab… [truncated, 6 characters in all]');
  });
});
