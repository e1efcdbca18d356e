import { BREAKS, FOLD_BLOCKS, FOLD_WORDS, HANGUL_PARTS, SPACED_RANGES } from './fold-tables.generated.js';

/**
 * Latin letters for any text, the way the `transliteration` package's `transliterate(text, { trim:
 * true })` writes them, from tables generated out of that package (scripts/generate-fold-tables.ts):
 * importing the package built every script's table at once, these are strings decoded block by block
 * (256 code points) the first time a character of the block arrives, so a user who never folds Greek
 * never decodes Greek.
 */
export function transliterate(text: string): string {
  let folded = '';
  // After a spaced character (`中` → `Zhong`) the next fold is spaced from it, unless it holds a
  // break (white space, punctuation): `中文` → `Zhong Wen`. A character without a fold there still
  // gives the space.
  let afterSpaced = false;
  // By UTF-16 unit, joining surrogate pairs, rather than `for…of`: this runs for every search word
  // that is not plain ASCII.
  for (let index = 0; index < text.length; index++) {
    let point = text.charCodeAt(index);
    if (point >= 0xd800 && point <= 0xdbff) {
      const low = text.charCodeAt(index + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        point = 0x10000 + ((point - 0xd800) << 10) + (low - 0xdc00);
        index++;
      }
    }
    let fold = foldOf(point);
    if (afterSpaced && !hasBreak(fold)) fold = ` ${fold}`;
    afterSpaced = fold !== '' && isSpaced(point);
    folded += fold;
  }
  return folded.trim();
}

const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;
const [INITIALS, MEDIALS, FINALS] = HANGUL_PARTS;

/** One code point's fold; '' when the tables have none (an emoji). */
function foldOf(point: number): string {
  if (point < 0x80) return String.fromCharCode(point);
  if (point >= HANGUL_FIRST && point <= HANGUL_LAST) {
    const index = point - HANGUL_FIRST;
    const perInitial = MEDIALS.length * FINALS.length;
    return (
      INITIALS[Math.floor(index / perInitial)]! +
      MEDIALS[Math.floor((index % perInitial) / FINALS.length)]! +
      FINALS[index % FINALS.length]!
    );
  }
  if (point > 0xffff) return '';
  return blockTable(point >> 8)[point & 0xff] ?? '';
}

/** Each block's folds, decoded on first use. */
const blocks: Array<readonly string[] | undefined> = [];

function blockTable(block: number): readonly string[] {
  let table = blocks[block];
  if (table === undefined) {
    const codes = FOLD_BLOCKS[block] ?? '';
    const foldWords = words();
    const decoded: string[] = [];
    for (let index = 0; index < codes.length; index += 2) {
      decoded.push(foldWords[digit(codes.charCodeAt(index)) * BASE + digit(codes.charCodeAt(index + 1))]!);
    }
    table = decoded;
    blocks[block] = table;
  }
  return table;
}

/** The codes' alphabet is printable ASCII without `"` (0x22) and `\` (0x5c). */
const BASE = 93;
const digit = (code: number) => code - 0x20 - (code > 0x22 ? 1 : 0) - (code > 0x5c ? 1 : 0);

let wordList: string[] | undefined;

/** Every fold by its number: 0 is none, then the folds one character long, two, … */
function words(): string[] {
  if (wordList === undefined) {
    wordList = [''];
    FOLD_WORDS.forEach((group, index) => {
      for (let start = 0; start < group.length; start += index + 1) {
        wordList!.push(group.slice(start, start + index + 1));
      }
    });
  }
  return wordList;
}

/** Folds are ASCII: which ASCII characters are breaks, by code. */
const IS_BREAK: boolean[] = Array.from({ length: 0x80 }, (_, code) =>
  BREAKS.includes(String.fromCharCode(code)),
);

function hasBreak(fold: string): boolean {
  for (let index = 0; index < fold.length; index++) if (IS_BREAK[fold.charCodeAt(index)]) return true;
  return false;
}

function isSpaced(point: number): boolean {
  if (point < SPACED_RANGES[0]!) return false;
  for (let index = 0; index < SPACED_RANGES.length; index += 2) {
    if (point >= SPACED_RANGES[index]! && point <= SPACED_RANGES[index + 1]!) return true;
  }
  return false;
}
