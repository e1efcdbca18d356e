/**
 * The search fold's tables are generated from the `transliteration` package (a development
 * dependency, the tables' source) into strings decoded block by block: the fold must write exactly
 * what that package's `transliterate(text, { trim: true })` writes, for every code point, alone
 * and after a spaced character (`中`, after which the next fold is spaced), and for any mix.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { transliterate as original } from 'transliteration';
import { describe, expect, it } from 'vitest';
import { generatedModule, generateFoldTables } from '../../scripts/generate-fold-tables.js';
import { transliterate } from '../../src/search/transliterate.js';

const LAST_CODE_POINT = 0x10ffff;
const expected = (text: string) => original(text, { trim: true });
/** The comparisons over every code point take seconds; under load, many. */
const EXHAUSTIVE = { timeout: 300_000 };

describe('the fold tables generated from the transliteration package', () => {
  it('are what the package holds today (after upgrading it, run `pnpm generate`)', EXHAUSTIVE, () => {
    const { js, dts } = generateFoldTables();
    expect(readFileSync(`${generatedModule}.js`, 'utf8')).toBe(js);
    expect(readFileSync(`${generatedModule}.d.ts`, 'utf8')).toBe(dts);
  });

  it('import nothing and build no function from a string', () => {
    expect(readFileSync(`${generatedModule}.js`, 'utf8')).not.toMatch(
      /\brequire\(|\bimport\b|new Function|\beval\(/,
    );
  });
});

/** Every code point from `first`, 4096 of them (fewer at the end), each framed by `frame`. */
function framedBlock(first: number, frame: (char: string) => string): string {
  let text = '';
  for (let point = first; point < first + 4096 && point <= LAST_CODE_POINT; point++) {
    text += frame(String.fromCodePoint(point));
  }
  return text;
}

describe('the fold gives what the transliteration package gives', () => {
  // 4096 code points a string keeps the comparison to 272 strings per frame; each frame ends in a
  // character that is never spaced (`a`, a space), so each code point is compared in its frame.
  const starts = Array.from({ length: (LAST_CODE_POINT + 1) / 4096 }, (_, index) => index * 4096);

  it('for every code point alone (each followed by a letter)', EXHAUSTIVE, () => {
    const differing = starts.filter((start) => {
      const text = framedBlock(start, (char) => `${char}a`);
      return transliterate(text) !== expected(text);
    });
    expect(differing).toEqual([]);
  });

  it(
    // 𠀀 has no fold but is spaced: it comes out as a space only after a spaced character.
    'for every code point after a spaced character (`中`), before one without a fold (`𠀀`)',
    EXHAUSTIVE,
    () => {
      const differing = starts.filter((start) => {
        const text = framedBlock(start, (char) => `中${char}𠀀文 `);
        return transliterate(text) !== expected(text);
      });
      expect(differing).toEqual([]);
    },
  );

  it('for single characters, with no neighbour to pair a surrogate with', () => {
    const differing: number[] = [];
    for (let unit = 0; unit <= 0xffff; unit++) {
      const char = String.fromCharCode(unit);
      if (transliterate(char) !== expected(char)) differing.push(unit);
    }
    expect(differing).toEqual([]);
  });

  it('for any text mixing scripts, spaced characters, punctuation, white space and lone surrogates', () => {
    const pieces = fc.oneof(
      fc.string({ unit: 'grapheme' }),
      fc.string({ unit: 'binary' }),
      fc.constantFrom(
        '中',
        '文',
        '𠀀',
        '〇',
        'Ω',
        'ß',
        'ł',
        '한',
        '国',
        ' ',
        '.',
        '-',
        '\u2028',
        '\ud800',
        '\udc00',
      ),
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 12 }), (parts) => {
        const text = parts.join('');
        expect(transliterate(text)).toBe(expected(text));
      }),
      { numRuns: 2000 },
    );
  });
});
