/**
 * `global_search` reads its text in one pass (`writtenWords`) and folds each distinct word once;
 * it must answer exactly what the plain reading answers (kept below as the reference): the same
 * search words in the same order, or the same issue, for any text — ASCII or not, every kind of
 * white space, control characters, surrogate pairs and lone surrogates — under any limits.
 */
import { DEFAULT_LIMITS, defineCollection, searchWords } from '@school/query-dsl';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IssueList } from '../../src/core/issue-list.js';
import type { QueryLimits } from '../../src/core/limits.js';
import { foldWrittenWord } from '../../src/search/normalize.js';
import { isWhiteSpace } from '../../src/search/written-words.js';
import { readGlobalSearch } from '../../src/validate/search.js';

const people = defineCollection('people', {
  schema: { type: 'object', properties: { name: { type: 'string' } } },
  search: { fields: { name: 'text' } },
});

function read(raw: string, limits: QueryLimits) {
  const issues = new IssueList();
  const filter = readGlobalSearch(people, raw, { issues, limits });
  return { prefixes: filter?.prefixes, issues: issues.list() };
}

/** The reading before the one-pass scan: regexes, a split, a spread per word. */
function reference(raw: string, limits: QueryLimits) {
  const fail = (code: string, message: string) => ({
    prefixes: undefined,
    issues: [{ code, message, param: 'global_search' }],
  });
  const control = /(?![\t\n\v\f\r])\p{Cc}/u.exec(raw);
  if (control) {
    const code = control[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    return fail(
      'INVALID_VALUE',
      `global_search has the control character U+${code}; search words are printable text separated by spaces.`,
    );
  }
  if (/\p{Cs}/u.test(raw)) return fail('INVALID_VALUE', 'global_search is not well-formed Unicode text.');
  const written = [...new Set(raw.split(/\s+/u).filter((word) => word.length > 0))];
  if (written.length > limits.maxSearchWords) {
    return fail('QUERY_TOO_COMPLEX', `global_search has more than ${limits.maxSearchWords} words.`);
  }
  const long = written.find((word) => [...word].length > limits.maxSearchWordLength);
  const words = [...new Set(searchWords(raw))];
  if (words.length === 0) return { prefixes: undefined, issues: [] };
  if (long) {
    return fail(
      'QUERY_TOO_COMPLEX',
      `A global_search word is longer than ${limits.maxSearchWordLength} characters.`,
    );
  }
  const prefixes = words.filter((word) => !words.some((other) => other !== word && other.startsWith(word)));
  return { prefixes, issues: [] };
}

/** Every UTF-16 unit JavaScript's `\s` matches (none lies above U+FFFF). */
const WHITE_SPACE = Array.from({ length: 0x10000 }, (_, unit) => String.fromCharCode(unit)).filter((unit) =>
  /\s/u.test(unit),
);

const fromChars = (chars: string) =>
  fc.string({ unit: fc.constantFrom(...chars), minLength: 1, maxLength: 8 });
const piece = fc.oneof(
  { arbitrary: fc.constantFrom(...WHITE_SPACE), weight: 4 },
  { arbitrary: fromChars('anaANAbel8-.'), weight: 3 },
  { arbitrary: fromChars('áéíóúñÑÁłøæßđœŒÆØÐþ'), weight: 2 },
  { arbitrary: fromChars('МоскваПётрЁё'), weight: 1 },
  { arbitrary: fromChars('中国北京大学李王'), weight: 1 },
  { arbitrary: fromChars('한국어'), weight: 1 },
  {
    arbitrary: fc.constantFrom('😀', '𠀀', '🌙', '\ud800', '\udc00', '\u0000', '\u001b', '\u007f', '\u0085'),
    weight: 1,
  },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 6 }), weight: 1 },
);
const text = fc.array(piece, { maxLength: 40 }).map((pieces) => pieces.join(''));
const limits = fc
  .record({
    maxSearchWords: fc.integer({ min: 1, max: 25 }),
    maxSearchWordLength: fc.integer({ min: 1, max: 70 }),
  })
  .map((picked): QueryLimits => ({ ...DEFAULT_LIMITS, ...picked }));

describe('global_search read in one pass', () => {
  it('answers what the plain reading answers, for any text and limits', () => {
    fc.assert(
      fc.property(text, limits, (raw, picked) => {
        expect(read(raw, picked)).toEqual(reference(raw, picked));
      }),
      { numRuns: 3000 },
    );
  });

  it.each([
    ['ana 8vo', ['ana', '8vo']],
    ['Ana ana anabel', ['anabel']],
    ['\u3000María\u00a0José\u2028Ñandú\t', ['maria', 'jose', 'nandu']],
    ['中国 zhong', ['zhong', 'guo']],
    ['  ', undefined],
  ])('reads %j as %j', (raw, prefixes) => {
    expect(read(raw, DEFAULT_LIMITS)).toEqual({ prefixes, issues: [] });
    expect(reference(raw, DEFAULT_LIMITS).prefixes).toEqual(prefixes);
  });

  it('drops the words that begin another among dozens of folded words', () => {
    const raw = '北京大学 中国人民 上海交通 李小龙 王菲 张学友 刘德华 周杰伦 林俊杰 邓紫棋';
    const { prefixes } = read(raw, DEFAULT_LIMITS);
    expect(prefixes).toHaveLength(28);
    expect(prefixes).toEqual(expect.arrayContaining(['lin', 'liu', 'deng', 'xue', 'jie']));
    expect(prefixes).not.toContain('li');
    expect(prefixes).not.toContain('de');
    expect(prefixes).toEqual(reference(raw, DEFAULT_LIMITS).prefixes);
  });

  it('counts a repeated word once and a surrogate pair as one character', () => {
    const limits = { ...DEFAULT_LIMITS, maxSearchWords: 2, maxSearchWordLength: 2 };
    expect(read('😀😀 ana ana 😀😀', { ...limits, maxSearchWordLength: 3 })).toEqual({
      prefixes: ['😀😀', 'ana'],
      issues: [],
    });
    expect(read('😀😀😀', limits).issues).toEqual([
      {
        code: 'QUERY_TOO_COMPLEX',
        param: 'global_search',
        message: 'A global_search word is longer than 2 characters.',
      },
    ]);
  });

  it('names the first control character, before a lone surrogate earlier in the text', () => {
    expect(read('\ud800 a\u0085b\u0001', DEFAULT_LIMITS).issues).toEqual([
      {
        code: 'INVALID_VALUE',
        param: 'global_search',
        message:
          'global_search has the control character U+0085; search words are printable text separated by spaces.',
      },
    ]);
  });
});

describe('the white space that separates search words', () => {
  it('is exactly what `\\s` matches, for every UTF-16 unit', () => {
    const differing: number[] = [];
    for (let unit = 0; unit <= 0xffff; unit++) {
      if (isWhiteSpace(unit) !== /\s/u.test(String.fromCharCode(unit))) differing.push(unit);
    }
    expect(differing).toEqual([]);
  });
});

describe('a written word that is not ASCII', () => {
  it('folds to the words the whole-text fold gives it', () => {
    const word = fc
      .array(piece, { maxLength: 12 })
      .map((pieces) => pieces.join('').replace(/\s+/gu, ''))
      .filter((joined) => joined.length > 0);
    fc.assert(
      fc.property(word, (written) => {
        expect(foldWrittenWord(written)).toEqual(searchWords(written));
      }),
      { numRuns: 2000 },
    );
  });
});
