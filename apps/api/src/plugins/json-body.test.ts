import { describe, expect, it } from 'vitest';
import { nestingDepth } from './json-body.js';

describe('the nesting depth of a JSON text', () => {
  it.each([
    ['1', 0],
    ['{}', 1],
    ['{"a":[{"b":1}],"c":{}}', 3],
    ['[[],[[]],[]]', 3],
  ])('of %s is %i', (text, depth) => {
    expect(nestingDepth(text, 16)).toBe(depth);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestingDepth('{"name":"[[[[{{{{","other":"a\\"[[[[","x":["\\\\"]}', 16)).toBe(2);
  });

  it('stops at the first point past the limit', () => {
    const text = `${'['.repeat(500_000)}${']'.repeat(500_000)}`;
    expect(nestingDepth(text, 16)).toBe(17);
  });
});
