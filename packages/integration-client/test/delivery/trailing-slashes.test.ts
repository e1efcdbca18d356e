import { describe, expect, it } from 'vitest';
import { withoutTrailingSlashes } from '../../src/delivery/trailing-slashes.js';

describe('withoutTrailingSlashes', () => {
  it.each([
    ['https://example.test/api/', 'https://example.test/api'],
    ['https://example.test/api///', 'https://example.test/api'],
    ['/a/b', '/a/b'],
    ['/', ''],
    ['', ''],
  ])('%j becomes %j', (text, expected) => {
    expect(withoutTrailingSlashes(text)).toBe(expected);
  });

  it('keeps a long run of slashes that does not end the text (the input that used to backtrack)', () => {
    const text = `${'/'.repeat(50_000)}x`;
    expect(withoutTrailingSlashes(text)).toBe(text);
    expect(withoutTrailingSlashes(`${text}//`)).toBe(text);
  });
});
