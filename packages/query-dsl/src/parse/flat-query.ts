import type { RawParams, RawValue } from './query-input.js';

/** Why a flat query string was refused (the caller reports `QUERY_TOO_COMPLEX`). */
export type FlatQueryLimit = 'parameters' | 'list';

/**
 * Reads the common query strings without qs, with the same result: flat keys (`a=1&b=2&a=3`) and
 * one level of brackets (`__sort[name]=asc`, `a[$gt]=1`). `+` is a space, percent-escapes are
 * decoded (a malformed one is kept as written, as qs does), a repeated key collects its values in
 * order. Returns `undefined` for anything else (deeper or empty brackets, a key used both with and
 * without brackets): qs reads those with its own nesting and merge rules.
 */
export function parseFlatQuery(
  text: string,
  maxParameters: number,
  maxListLength: number,
): RawParams | FlatQueryLimit | undefined {
  const out: RawParams = new Map();
  let start = text.charCodeAt(0) === 63 /* ? */ ? 1 : 0;
  let count = 0;
  while (start <= text.length) {
    let end = text.indexOf('&', start);
    if (end < 0) end = text.length;
    if (end > start) {
      if (++count > maxParameters) return 'parameters';
      const equals = text.indexOf('=', start);
      const keyEnd = equals >= 0 && equals < end ? equals : end;
      const key = decode(text.slice(start, keyEnd));
      const value = keyEnd < end ? decode(text.slice(keyEnd + 1, end)) : '';
      if (key.includes('[') || key.includes(']')) {
        // One level of brackets (`__sort[name]=asc`, `a[$gt]=1`) is common and read here; anything
        // else, or a key that is also used without brackets, is left to qs and its merge rules.
        const match = ONE_LEVEL.exec(key);
        if (!match || match[1] === '__proto__' || match[2] === '__proto__' || /^\d+$/u.test(match[2]!))
          return undefined;
        const base = match[1]!;
        let object = out.get(base);
        if (object === undefined) {
          object = Object.create(null) as Record<string, RawValue>;
          out.set(base, object);
        } else if (typeof object !== 'object' || Array.isArray(object)) return undefined;
        if (add(object as Record<string, RawValue>, match[2]!, value, maxListLength) === 'list')
          return 'list';
      } else if (key !== '') {
        const existing = out.get(key);
        if (existing === undefined) out.set(key, value);
        else if (Array.isArray(existing)) {
          if (existing.length >= maxListLength) return 'list';
          existing.push(value);
        } else if (typeof existing === 'object') return undefined;
        else out.set(key, [existing, value]);
      }
    }
    start = end + 1;
  }
  return out;
}

const PLUS = /\+/g;
const ONE_LEVEL = /^([^[\]]+)\[([^[\]]+)\]$/u;

function add(
  object: Record<string, RawValue>,
  key: string,
  value: string,
  maxListLength: number,
): 'list' | undefined {
  const existing = object[key];
  if (existing === undefined) object[key] = value;
  else if (Array.isArray(existing)) {
    if (existing.length >= maxListLength) return 'list';
    existing.push(value);
  } else object[key] = [existing as string, value];
  return undefined;
}

function decode(text: string): string {
  const spaced = text.includes('+') ? text.replace(PLUS, ' ') : text;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}
