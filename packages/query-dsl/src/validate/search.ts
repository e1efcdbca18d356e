import type { CollectionDefinition } from '../collection/define-collection.js';
import type { SearchFilter } from '../plan/types.js';
import { isPrintableAscii, searchWords } from '../search/normalize.js';
import type { ValidationContext } from './context.js';

const PARAM = 'global_search';
/**
 * Control characters other than the white space that separates words: `\s` and `\p{Cc}` share
 * exactly tab, the line breaks, vertical tab and form feed.
 */
const CONTROL = /(?!\s)\p{Cc}/u;
const LONE_SURROGATE = /\p{Cs}/u;
const WHITE_SPACE = /\s+/u;

/** `global_search=ana 8vo`: every folded word must begin one of the record's search tokens. */
export function readGlobalSearch(
  collection: CollectionDefinition,
  raw: unknown,
  context: ValidationContext,
): SearchFilter | undefined {
  if (!collection.search) {
    context.issues.add('UNKNOWN_FIELD', PARAM, `global_search is not available on ${collection.name}.`);
    return undefined;
  }
  if (typeof raw !== 'string') {
    context.issues.add('INVALID_VALUE', PARAM, 'Give global_search once, as words separated by spaces.');
    return undefined;
  }
  // Printable ASCII (most searches) has neither control characters nor surrogates to look for.
  if (!isPrintableAscii(raw) && !wellFormedText(raw, context)) return undefined;
  // The limits count the words as written (white space separates them), in characters, so a
  // client can check them before sending (the OpenAPI document states them as a pattern); folding
  // may then split or lengthen a word (`中国` is `zhong guo`), within a bounded text.
  const written = [...new Set(raw.split(WHITE_SPACE).filter((word) => word.length > 0))];
  const { maxSearchWords, maxSearchWordLength } = context.limits;
  if (written.length > maxSearchWords) {
    context.issues.add('QUERY_TOO_COMPLEX', PARAM, `global_search has more than ${maxSearchWords} words.`);
    return undefined;
  }
  const long = written.find((word) => [...word].length > maxSearchWordLength);
  const words = [...new Set(searchWords(raw))];
  if (words.length === 0) return undefined;
  if (long) {
    context.issues.add(
      'QUERY_TOO_COMPLEX',
      PARAM,
      `A global_search word is longer than ${maxSearchWordLength} characters.`,
    );
    return undefined;
  }
  // "ana" and "anabel" together are just "anabel": drop words that prefix another word.
  const prefixes = words.filter((word) => !words.some((other) => other !== word && other.startsWith(word)));
  return { kind: 'search', tokensField: collection.search.tokensField, prefixes };
}

/**
 * A control character (NUL, ESC, DEL...) is never part of a stored token, and NUL in a pattern is
 * refused by MongoDB: refused here, said plainly, rather than stripped behind the user's back; and
 * so is text that is not well-formed Unicode (a lone surrogate).
 */
function wellFormedText(raw: string, context: ValidationContext): boolean {
  const control = CONTROL.exec(raw);
  if (control) {
    const code = control[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    context.issues.add(
      'INVALID_VALUE',
      PARAM,
      `global_search has the control character U+${code}; search words are printable text separated by spaces.`,
    );
    return false;
  }
  if (LONE_SURROGATE.test(raw)) {
    context.issues.add('INVALID_VALUE', PARAM, 'global_search is not well-formed Unicode text.');
    return false;
  }
  return true;
}
