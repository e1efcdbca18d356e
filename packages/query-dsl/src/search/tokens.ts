import { foldText } from './normalize.js';

/**
 * How a field's text becomes search tokens:
 * - `text`: every word, and the parts of words joined by `-`, `.`, `_` or `'` (`María-José` → `maria-jose`, `maria`, `jose`);
 * - `email`: the whole address, its local part and the local part's pieces, the domain, `@domain`
 *   and every dot-suffix of the domain (`ana@mail.example.org` → … `mail.example.org`, `example.org`, `org`);
 * - `identifier`: the value as one token (so its first digits match by prefix).
 */
export type SearchFieldKind = 'text' | 'email' | 'identifier';

const WORD_PARTS = /[-._'’+]+/u;

/** Adds the search tokens of one value of the given kind to `into`. */
export function addTokens(into: Set<string>, value: string, kind: SearchFieldKind): void {
  const folded = foldText(value).trim();
  if (!folded) return;
  if (kind === 'identifier') {
    into.add(folded.replace(/\s+/gu, ''));
    return;
  }
  if (kind === 'email') {
    addEmailTokens(into, folded);
    return;
  }
  for (const word of folded.split(/\s+/u)) addWordTokens(into, word);
}

function addWordTokens(into: Set<string>, word: string): void {
  if (!word) return;
  into.add(word);
  if (WORD_PARTS.test(word)) {
    for (const part of word.split(WORD_PARTS)) if (part) into.add(part);
  }
}

function addEmailTokens(into: Set<string>, email: string): void {
  const compact = email.replace(/\s+/gu, '');
  into.add(compact);
  const at = compact.lastIndexOf('@');
  if (at < 0) {
    addWordTokens(into, compact);
    return;
  }
  const local = compact.slice(0, at);
  const domain = compact.slice(at + 1);
  addWordTokens(into, local);
  for (const part of local.split(/[+]/u)) addWordTokens(into, part);
  if (!domain) return;
  into.add(`@${domain}`);
  const labels = domain.split('.');
  for (let index = 0; index < labels.length; index++) {
    const suffix = labels.slice(index).join('.');
    if (suffix) into.add(suffix);
  }
}
