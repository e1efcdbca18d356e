const COMBINING_MARKS = /\p{M}+/gu;

/**
 * Case- and accent-folds text the same way for records and for queries: `José` and `JOSE`
 * both become `jose`, `Ñandú` becomes `nandu`.
 */
export function foldText(text: string): string {
  // Printable ASCII has no accents to fold: NFD leaves it as it is.
  if (isPrintableAscii(text)) return text.toLowerCase();
  return text.normalize('NFD').replace(COMBINING_MARKS, '').toLowerCase();
}

/** Splits user search text into folded words (white space separates words). */
export function searchWords(text: string): string[] {
  // In printable ASCII the only white space is the space itself.
  const words = isPrintableAscii(text) ? text.toLowerCase().split(' ') : foldText(text).split(/\s+/u);
  return words.filter((word) => word.length > 0);
}

/** Every character is printable ASCII (space to `~`): no control character, accent or surrogate. */
export function isPrintableAscii(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || code > 0x7e) return false;
  }
  return true;
}

const REGEX_SPECIALS = /[\\^$.*+?()[\]{}|/-]/g;

/** Escapes text for use inside a regular expression, so user input is always literal. */
export function escapeRegex(text: string): string {
  return text.replace(REGEX_SPECIALS, '\\$&');
}
