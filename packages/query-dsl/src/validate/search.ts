import type { CollectionDefinition } from '../collection/define-collection.js';
import type { SearchFilter } from '../plan/types.js';
import { Distinct } from '../search/distinct.js';
import { foldWrittenWord } from '../search/normalize.js';
import { type WrittenWords, writtenWords } from '../search/written-words.js';
import type { ValidationContext } from './context.js';

const PARAM = 'global_search';

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
  const written = writtenWords(raw);
  if (!wellFormedText(written, context)) return undefined;
  // The limits count the words as written (white space separates them), in characters, so a
  // client can check them before sending (the OpenAPI document states them as a pattern); folding
  // may then split or lengthen a word (`中国` is `zhong guo`), within a bounded text.
  const { maxSearchWords, maxSearchWordLength } = context.limits;
  if (written.words.length > maxSearchWords) {
    context.issues.add('QUERY_TOO_COMPLEX', PARAM, `global_search has more than ${maxSearchWords} words.`);
    return undefined;
  }
  // Only white space is no search at all; any written word folds to at least one search word.
  if (written.words.length === 0) return undefined;
  if (written.longest > maxSearchWordLength) {
    context.issues.add(
      'QUERY_TOO_COMPLEX',
      PARAM,
      `A global_search word is longer than ${maxSearchWordLength} characters.`,
    );
    return undefined;
  }
  return {
    kind: 'search',
    tokensField: collection.search.tokensField,
    prefixes: prefixesOf(foldAll(written)),
  };
}

/** The distinct folded words, in the order written. */
function foldAll({ words, ascii }: WrittenWords): string[] {
  const folded = new Distinct();
  for (let index = 0; index < words.length; index++) {
    const word = words[index]!;
    if (ascii[index]) folded.add(word.toLowerCase());
    else for (const part of foldWrittenWord(word)) folded.add(part);
  }
  return folded.values;
}

/** "ana" and "anabel" together are just "anabel": drops the words that begin another word. */
function prefixesOf(words: readonly string[]): string[] {
  // Only a word with the same first unit can begin with another: past a few words (a folded
  // `北京大学 中国人民…` is dozens), each is compared only with those.
  const groups = words.length > FEW_WORDS ? byFirstUnit(words) : undefined;
  const prefixes: string[] = [];
  for (const word of words) {
    if (!beginsAnother(word, groups?.get(word.charCodeAt(0)) ?? words)) prefixes.push(word);
  }
  return prefixes;
}

/** Up to this many words, each is compared with every other. */
const FEW_WORDS = 16;

function byFirstUnit(words: readonly string[]): Map<number, string[]> {
  const groups = new Map<number, string[]>();
  for (const word of words) {
    const group = groups.get(word.charCodeAt(0));
    if (group) group.push(word);
    else groups.set(word.charCodeAt(0), [word]);
  }
  return groups;
}

/** The words are distinct: one that begins `word` is longer, and shares its first unit. */
function beginsAnother(word: string, words: readonly string[]): boolean {
  const first = word.charCodeAt(0);
  for (const other of words) {
    if (other.length > word.length && other.charCodeAt(0) === first && other.startsWith(word)) return true;
  }
  return false;
}

/**
 * A control character (NUL, ESC, DEL...) is never part of a stored token, and NUL in a pattern is
 * refused by MongoDB: refused here, said plainly, rather than stripped behind the user's back; and
 * so is text that is not well-formed Unicode (a lone surrogate).
 */
function wellFormedText({ control, loneSurrogate }: WrittenWords, context: ValidationContext): boolean {
  if (control !== undefined) {
    const code = control.toString(16).toUpperCase().padStart(4, '0');
    context.issues.add(
      'INVALID_VALUE',
      PARAM,
      `global_search has the control character U+${code}; search words are printable text separated by spaces.`,
    );
    return false;
  }
  if (loneSurrogate) {
    context.issues.add('INVALID_VALUE', PARAM, 'global_search is not well-formed Unicode text.');
    return false;
  }
  return true;
}
