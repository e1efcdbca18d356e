/**
 * `pnpm generate` — writes the search fold's tables (src/search/fold-tables.generated.js and its
 * .d.ts) from the `transliteration` package, a development dependency kept as the tables' source:
 * importing that package builds every table of every script at once (about 190 KB of array
 * literals), where the generated module holds one short string per 256-code-point block that
 * src/search/transliterate.ts decodes the first time a character of that block is folded.
 * test/search/search-fold-tables.test.ts fails while the module is stale and compares the two folds over
 * every code point.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { transliterate } from 'transliteration';

/** Where the module is written, without its extension (`.js`, `.d.ts`). */
export const generatedModule = join(import.meta.dirname, '..', 'src', 'search', 'fold-tables.generated');

const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;
/** Hangul syllables are composed: 19 initials × 21 medials × 28 finals. */
const MEDIALS = 21;
const FINALS = 28;
const LAST_CODE_POINT = 0x10ffff;
/** A character whose fold is spaced from the next one's (`中` → `Zhong`). */
const SPACED_PROBE = '中';

/** Block strings code each fold as two characters of this alphabet: printable ASCII but `"` and `\`. */
export const CODE_ALPHABET = [...Array(95).keys()]
  .map((index) => String.fromCharCode(0x20 + index))
  .filter((char) => char !== '"' && char !== '\\')
  .join('');

const raw = (text: string) => transliterate(text, { trim: false });

/** The package's lookup: one BMP character → its fold (no entry: no fold). */
function charmap(): Map<number, string> {
  const entries = Object.entries(transliterate.setData());
  const map = new Map(entries.map(([char, fold]) => [char.charCodeAt(0), fold] as const));
  if (entries.some(([char]) => char.length !== 1)) throw new Error('a key longer than one UTF-16 unit');
  if ([...map.values()].some((fold) => !/^[\0-\x7f]+$/.test(fold))) throw new Error('a fold beyond ASCII');
  for (let code = 0; code < 0x80; code++) {
    if (map.get(code) !== String.fromCharCode(code)) throw new Error(`ASCII ${code} does not fold to itself`);
  }
  return map;
}

/** Hangul's three part lists, checked to compose every syllable's fold. */
function hangulParts(map: Map<number, string>): [string[], string[], string[]] {
  const fold = (initial: number, medial: number, final: number) =>
    map.get(HANGUL_FIRST + (initial * MEDIALS + medial) * FINALS + final) ?? '';
  const commonPrefix = (words: string[]) =>
    words.reduce((prefix, word) => {
      let length = 0;
      while (length < prefix.length && prefix[length] === word[length]) length++;
      return prefix.slice(0, length);
    });
  const medialRange = [...Array(MEDIALS).keys()];
  const initials = [...Array(19).keys()].map((i) => commonPrefix(medialRange.map((m) => fold(i, m, 0))));
  const medials = medialRange.map((m) => fold(0, m, 0).slice(initials[0]!.length));
  const finals = [...Array(FINALS).keys()].map((f) => fold(0, 0, f).slice(fold(0, 0, 0).length));
  for (let code = HANGUL_FIRST; code <= HANGUL_LAST; code++) {
    const index = code - HANGUL_FIRST;
    const composed =
      initials[Math.floor(index / (MEDIALS * FINALS))]! +
      medials[Math.floor((index % (MEDIALS * FINALS)) / FINALS)]! +
      finals[index % FINALS]!;
    if (map.get(code) !== composed) throw new Error(`Hangul ${code.toString(16)} is not composed`);
  }
  return [initials, medials, finals];
}

/** Every distinct fold (Hangul's are composed), grouped by length: group n-1 joins the folds of n characters. */
function wordGroups(map: Map<number, string>): { groups: string[]; index: Map<string, number> } {
  const words = [...new Set([...map].filter(([code]) => tabled(code)).map(([, fold]) => fold))].sort(
    (a, b) => a.length - b.length || (a < b ? -1 : 1),
  );
  const groups: string[] = [];
  for (const word of words) groups[word.length - 1] = (groups[word.length - 1] ?? '') + word;
  // Index 0 stands for "no fold".
  const index = new Map(words.map((word, position) => [word, position + 1]));
  if (index.size >= CODE_ALPHABET.length ** 2) throw new Error('more folds than two-character codes');
  return { groups: Array.from(groups, (group) => group ?? ''), index };
}

/** The code points whose fold the block strings hold: not ASCII, not a composed Hangul syllable. */
const tabled = (code: number) => code >= 0x80 && (code < HANGUL_FIRST || code > HANGUL_LAST);

/** Each block's folds as two-character codes; trailing "no fold" codes are left off. */
function blockStrings(map: Map<number, string>, index: Map<string, number>): string[] {
  const code = (position: number) =>
    CODE_ALPHABET[Math.floor(position / CODE_ALPHABET.length)]! +
    CODE_ALPHABET[position % CODE_ALPHABET.length]!;
  const none = code(0);
  return [...Array(256).keys()].map((block) => {
    let text = '';
    for (let low = 0; low < 256; low++) {
      const point = (block << 8) | low;
      const fold = tabled(point) ? map.get(point) : undefined;
      text += code(fold === undefined ? 0 : index.get(fold)!);
    }
    while (text.endsWith(none)) text = text.slice(0, -none.length);
    return text;
  });
}

/** The ASCII characters whose presence in a fold keeps it from being spaced after a spaced character. */
function breaks(): string {
  let found = '';
  for (let code = 0; code < 0x80; code++) {
    const char = String.fromCharCode(code);
    const out = raw(SPACED_PROBE + char);
    const head = raw(SPACED_PROBE);
    if (out === head + char) found += char;
    else if (out !== `${head} ${char}`) throw new Error(`unexpected probe answer for ${code}`);
  }
  return found;
}

/**
 * The code points after which the next fold is spaced, as inclusive ranges. Each is probed after a
 * spaced character and before `a`: `a` comes out spaced when the probed one is spaced too. Code
 * points without a fold are probed 4096 at a time (each fold is then one space).
 */
function spacedRanges(map: Map<number, string>): number[] {
  const spaced: boolean[] = [];
  for (const [code, fold] of map) {
    const head = raw(SPACED_PROBE + String.fromCharCode(code));
    const out = raw(`${SPACED_PROBE}${String.fromCharCode(code)}a`);
    if (out !== `${head}a` && out !== `${head} a`)
      throw new Error(`unexpected probe answer for ${code} (${fold})`);
    spaced[code] = out === `${head} a`;
  }
  const head = raw(SPACED_PROBE);
  for (let start = 0; start <= LAST_CODE_POINT; start += 4096) {
    const points = [...Array(4096).keys()].map((low) => start + low).filter((point) => !map.has(point));
    const answers = raw(points.map((point) => `${SPACED_PROBE}${String.fromCodePoint(point)}a`).join(''))
      .split(head)
      .slice(1);
    if (answers.length !== points.length) throw new Error(`unexpected probe answer at ${start}`);
    points.forEach((point, position) => {
      if (answers[position] !== ' a' && answers[position] !== '  a')
        throw new Error(`unexpected answer at ${point}`);
      spaced[point] = answers[position] === '  a';
    });
  }
  const ranges: number[] = [];
  for (let point = 0; point <= LAST_CODE_POINT; point++) {
    if (!spaced[point]) continue;
    if (ranges.length > 0 && ranges[ranges.length - 1] === point - 1) ranges[ranges.length - 1] = point;
    else ranges.push(point, point);
  }
  return ranges;
}

const hex = (value: number) => `0x${value.toString(16)}`;

/** The module's text (`js`) and its declarations (`dts`), as the tables are today. */
export function generateFoldTables(): { js: string; dts: string } {
  const map = charmap();
  const { groups, index } = wordGroups(map);
  const header =
    '// Generated by packages/query-dsl/scripts/generate-fold-tables.ts (pnpm generate) from the\n' +
    "// `transliteration` package's tables: do not edit.\n";
  const js = [
    header,
    `export const FOLD_WORDS = ${JSON.stringify(groups)};`,
    `export const FOLD_BLOCKS = [\n${blockStrings(map, index)
      .map((text) => JSON.stringify(text))
      .join(',\n')}\n];`,
    `export const HANGUL_PARTS = ${JSON.stringify(hangulParts(map))};`,
    `export const SPACED_RANGES = [${spacedRanges(map).map(hex).join(', ')}];`,
    `export const BREAKS = ${JSON.stringify(breaks())};`,
    '',
  ].join('\n');
  const dts = `${header}
/** Every distinct fold by length: entry n-1 joins the folds n characters long, in code order. */
export declare const FOLD_WORDS: readonly string[];
/** Per 256-code-point block: each code point's fold as two characters of ${JSON.stringify(CODE_ALPHABET)} (a number in base ${CODE_ALPHABET.length}, 0 for none, else 1 + the fold's place in FOLD_WORDS); trailing zeros left off. */
export declare const FOLD_BLOCKS: readonly string[];
/** Hangul syllables' initials, medials and finals. */
export declare const HANGUL_PARTS: readonly [readonly string[], readonly string[], readonly string[]];
/** Inclusive ranges [first, last, first, last, …] of the code points whose fold is spaced from the next. */
export declare const SPACED_RANGES: readonly number[];
/** A fold holding one of these characters is not spaced from the one before it. */
export declare const BREAKS: string;
`;
  return { js, dts };
}

if (process.argv[1] === import.meta.filename) {
  const { js, dts } = generateFoldTables();
  writeFileSync(`${generatedModule}.js`, js);
  writeFileSync(`${generatedModule}.d.ts`, dts);
}
