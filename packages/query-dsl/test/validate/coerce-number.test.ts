import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FieldInfo } from '../../src/schema/fields.js';
import { coerceRaw } from '../../src/validate/coerce.js';

const field: FieldInfo = {
  path: 'score',
  type: 'number',
  isArray: false,
  arrayAncestor: undefined,
  ref: undefined,
  hidden: false,
  enum: undefined,
  children: [],
};

/**
 * The number pattern before it was made linear (`\d+\.?\d*` backtracks quadratically on a long
 * run of digits that does not end the value). The language it accepts is the reference.
 */
const QUADRATIC_NUMBER = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/u;

const accepts = (raw: string) => coerceRaw(field, raw).ok;

describe('a bare number in a query string', () => {
  it.each(['0', '-12', '1.', '1.5', '.5', '-.5', '1e3', '1.5E-3', '2e+10', '007'])(
    '%s is a number',
    (raw) => {
      expect(coerceRaw(field, raw)).toEqual({ ok: true, value: Number(raw) });
    },
  );

  it.each([
    '',
    '-',
    '.',
    '1..2',
    '1.2.3',
    'e3',
    '1e',
    '1e+',
    '+1',
    '--1',
    '1x',
    ' 1',
    '0x10',
    'Infinity',
    'NaN',
  ])('%j is refused', (raw) => {
    expect(coerceRaw(field, raw)).toMatchObject({ ok: false, reason: expect.stringContaining('score') });
  });

  it('is read exactly as the earlier pattern read it, for any text of number characters', () => {
    const text = fc.string({ unit: fc.constantFrom(...'0123456789.-+eEx'), maxLength: 24 });
    fc.assert(
      fc.property(text, (raw) => {
        if (raw === 'null') return;
        const before = QUADRATIC_NUMBER.test(raw) && Number.isFinite(Number(raw));
        expect(accepts(raw)).toBe(before);
      }),
      { numRuns: 5000 },
    );
  });

  it('a long run of digits followed by a letter is refused (the input that used to backtrack)', () => {
    expect(coerceRaw(field, `${'1'.repeat(8100)}x`)).toMatchObject({ ok: false });
    expect(coerceRaw(field, '1'.repeat(300))).toEqual({ ok: true, value: Number('1'.repeat(300)) });
  });
});
