import { Distinct } from './distinct.js';

/**
 * What a search text holds as written, read in one pass over its UTF-16 units: the distinct words
 * between runs of white space (what `/\s+/u` splits on), the longest word's length in code points,
 * and what makes the text unfit to search (a control character other than white space, a lone
 * surrogate). One pass instead of a split, a spread per word and two Unicode-property regexes:
 * `global_search` reads every request's search text this way.
 */
export interface WrittenWords {
  /** Each distinct word once, in the order written (case kept: `Ana ana` is two words). */
  readonly words: readonly string[];
  /** Per word of `words`: it is printable ASCII (space to `~`), which folds by lower-casing alone. */
  readonly ascii: readonly boolean[];
  /** The longest word's length in code points (a lone surrogate counts as one, as `[...word]` does). */
  readonly longest: number;
  /** The first control character that is not white space (`\p{Cc}` but tab, line feed, VT, FF, CR), if any. */
  readonly control: number | undefined;
  /** The text holds a surrogate that is not half of a pair (not well-formed Unicode). */
  readonly loneSurrogate: boolean;
}

export function writtenWords(text: string): WrittenWords {
  const found = new Found();
  let control: number | undefined;
  let loneSurrogate = false;
  // The word being read: where it starts (-1 between words), its code points, whether it is ASCII.
  let start = -1;
  let points = 0;
  let printable = true;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (isWhiteSpace(unit)) {
      if (start >= 0) found.add(text.slice(start, index), points, printable);
      start = -1;
      continue;
    }
    if (start < 0) {
      start = index;
      points = 0;
      printable = true;
    }
    points++;
    if (unit >= 0x20 && unit <= 0x7e) continue;
    printable = false;
    if (unit < 0x20 || (unit >= 0x7f && unit <= 0x9f)) {
      control ??= unit;
    } else if (unit >= 0xd800 && unit <= 0xdbff && isLowSurrogate(text.charCodeAt(index + 1))) {
      index++;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      loneSurrogate = true;
    }
  }
  if (start >= 0) found.add(text.slice(start), points, printable);
  return { words: found.distinct.values, ascii: found.ascii, longest: found.longest, control, loneSurrogate };
}

/** The distinct words met so far, each with whether it is printable ASCII. */
class Found {
  readonly distinct = new Distinct();
  readonly ascii: boolean[] = [];
  longest = 0;

  add(word: string, points: number, ascii: boolean): void {
    if (!this.distinct.add(word)) return;
    this.ascii.push(ascii);
    if (points > this.longest) this.longest = points;
  }
}

const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/**
 * JavaScript's white space (`\s`): tab to carriage return, the space, and above ASCII the no-break
 * space, the ogham mark, the en quad to the hair space, the line and paragraph separators, the
 * narrow no-break space, the medium mathematical space, the ideographic space and the BOM.
 */
export function isWhiteSpace(unit: number): boolean {
  if (unit < 0xa0) return unit === 0x20 || (unit >= 0x09 && unit <= 0x0d);
  return (
    unit === 0xa0 ||
    unit === 0x1680 ||
    (unit >= 0x2000 && unit <= 0x200a) ||
    unit === 0x2028 ||
    unit === 0x2029 ||
    unit === 0x202f ||
    unit === 0x205f ||
    unit === 0x3000 ||
    unit === 0xfeff
  );
}
