import { describe, expect, it } from 'vitest';
import { applyMergePatch } from '../../src/diff/apply-merge-patch.js';
import { InvalidPayloadError } from '../../src/errors/errors.js';

describe('applyMergePatch', () => {
  // RFC 7396, Appendix A: [original, patch, result]
  const rfcExamples: [unknown, unknown, unknown][] = [
    [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
    [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
    [{ a: 'b' }, { a: null }, {}],
    [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
    [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
    [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
    [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
    [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
    [
      ['a', 'b'],
      ['c', 'd'],
      ['c', 'd'],
    ],
    [{ a: 'b' }, ['c'], ['c']],
    [{ a: 'foo' }, null, null],
    [{ a: 'foo' }, 'bar', 'bar'],
    [{ e: null }, { a: 1 }, { e: null, a: 1 }],
    [[1, 2], { a: 'b', c: null }, { a: 'b' }],
    [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
  ];

  it.each(rfcExamples)('RFC 7396 example: %j + %j', (original, patch, result) => {
    expect(applyMergePatch(original, patch)).toEqual(result);
  });

  it('changes neither argument and shares untouched parts', () => {
    const target = { a: { x: 1 }, b: { y: 2 } };
    const patch = { a: { x: 3 } };
    const out = applyMergePatch<typeof target>(target, patch);
    expect(target).toEqual({ a: { x: 1 }, b: { y: 2 } });
    expect(patch).toEqual({ a: { x: 3 } });
    expect(out.b).toBe(target.b);
  });

  it.each([
    [{ $set: { a: 1 } }, '$set'],
    [{ user: { 'first.name': 'x' } }, 'user.first.name'],
    [JSON.parse('{"__proto__": {"polluted": true}}'), '__proto__'],
  ])('rejects the key of %j', (patch, path) => {
    expect(() => applyMergePatch({}, patch)).toThrow(InvalidPayloadError);
    try {
      applyMergePatch({}, patch);
    } catch (error) {
      expect((error as InvalidPayloadError).issues[0]?.param).toBe(path);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('does not look for patch keys inside arrays, which are values', () => {
    expect(applyMergePatch({}, { list: [{ 'a.b': 1 }] })).toEqual({ list: [{ 'a.b': 1 }] });
  });
});
