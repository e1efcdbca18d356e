import { transliterate } from 'transliteration';

const SPACES = /(\s+)/u;

/**
 * Folds text the same way for stored search tokens and for search words: transliterated to Latin
 * letters (the `transliteration` package's tables, which cover Latin, Greek, Cyrillic, CJK and
 * more), then lower-cased. `José` and `JOSE` become `jose`, `Ñandú` `nandu`, `Stanisław`
 * `stanislaw`, `Straße` `strasse`, `Ærø` `aero`, `Đorđe` `dorde`, `Œuvre` `oeuvre`, `Müller`
 * `muller`, `Москва` `moskva`. Marks that decompose (`é`) and letters that don't (`ł`, `ø`, `æ`,
 * `ß`, `đ`, `œ`) fold alike, so a user who types without them still finds the record.
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

/** Printable ASCII: what the tables leave as it is, so it needs no lookup (most words). */
const ASCII = /^[\x21-\x7e]*$/u;

function foldWord(word: string): string {
  if (ASCII.test(word)) return word.toLowerCase();
  const folded = transliterate(word, { trim: true }).toLowerCase();
  return folded === '' ? word.toLowerCase() : folded;
}

/** Splits user search text into folded words (white space separates words). */
export function searchWords(text: string): string[] {
  return foldText(text)
    .split(/\s+/u)
    .filter((word) => word.length > 0);
}

const REGEX_SPECIALS = /[\\^$.*+?()[\]{}|/-]/g;

/** Escapes text for use inside a regular expression, so user input is always literal. */
export function escapeRegex(text: string): string {
  return text.replace(REGEX_SPECIALS, '\\$&');
}
