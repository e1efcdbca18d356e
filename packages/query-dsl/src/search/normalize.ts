import { transliterate } from './transliterate.js';

const SPACES = /(\s+)/u;

/**
 * Folds text the same way for stored search tokens and for search words: transliterated to Latin
 * letters (tables generated from the `transliteration` package's, which cover Latin, Greek,
 * Cyrillic, CJK and more; each block decoded when first needed), then lower-cased. `José` and
 * `JOSE` become `jose`, `Ñandú` `nandu`, `Stanisław` `stanislaw`, `Straße` `strasse`, `Ærø`
 * `aero`, `Đorđe` `dorde`, `Œuvre` `oeuvre`, `Müller` `muller`, `Москва` `moskva`. Marks that
 * decompose (`é`) and letters that don't (`ł`, `ø`, `æ`, `ß`, `đ`, `œ`) fold alike, so a user who types without them still finds the record.
 *
 * A word the tables know nothing of (an emoji) is kept as written, lower-cased: it still finds
 * itself, and a search made only of such words is not read as no search at all.
 *
 * Tokens stored with another fold (an earlier version of this library) don't meet words folded
 * with this one: rebuild them (`searchIndexFields`) when upgrading.
 */
export function foldText(text: string): string {
  return text
    .split(SPACES)
    .map((part, index) => (index % 2 === 1 ? part : foldWord(part)))
    .join('');
}

function foldWord(word: string): string {
  // Printable ASCII is what the tables leave as it is, so it needs no lookup (most words).
  if (isPrintableAscii(word)) return word.toLowerCase();
  const folded = transliterate(word).toLowerCase();
  return folded === '' ? word.toLowerCase() : folded;
}

/**
 * The search words of one written word (no white space in it) that is not printable ASCII: its
 * fold, split where the fold spaced it (`中国` → `zhong`, `guo`).
 */
export function foldWrittenWord(word: string): string[] {
  return splitAsciiWords(foldWord(word));
}

/**
 * Splits a fold at its white space. A fold from the tables is ASCII, where white space is tab to
 * carriage return and the space; a word the tables do not know is kept as written, and holds no
 * white space at all.
 */
function splitAsciiWords(folded: string): string[] {
  const words: string[] = [];
  let start = 0;
  for (let index = 0; index < folded.length; index++) {
    const unit = folded.charCodeAt(index);
    if (unit === 0x20 || (unit >= 0x09 && unit <= 0x0d)) {
      if (index > start) words.push(folded.slice(start, index));
      start = index + 1;
    }
  }
  if (start === 0) {
    if (folded.length > 0) words.push(folded);
  } else if (start < folded.length) words.push(folded.slice(start));
  return words;
}

/** Splits user search text into folded words (white space separates words). */
export function searchWords(text: string): string[] {
  // In printable ASCII the only white space is the space itself.
  const words = isPrintableAscii(text) ? text.toLowerCase().split(' ') : foldText(text).split(/\s+/u);
  return words.filter((word) => word.length > 0);
}

/** Every character is printable ASCII (space to `~`): no control character, accent or surrogate. */
function isPrintableAscii(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || code > 0x7e) return false;
  }
  return true;
}
