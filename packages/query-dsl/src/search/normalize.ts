const COMBINING_MARKS = /\p{M}+/gu;

/**
 * Case- and accent-folds text the same way for records and for queries: `José` and `JOSE`
 * both become `jose`, `Ñandú` becomes `nandu`.
 */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(COMBINING_MARKS, '').toLowerCase();
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
