import type { RawParams, RawValue } from './query-input.js';

/** Why a flat query string was refused (the caller reports `QUERY_TOO_COMPLEX`). */
export type FlatQueryLimit = 'parameters' | 'list';

/**
 * Reads the common query strings without qs, with the same result: flat keys (`a=1&b=2&a=3`) and
 * one level of brackets (`__sort[name]=asc`, `a[$gt]=1`). `+` is a space, percent-escapes are
 * decoded (a malformed one is kept as written, as qs does), a repeated key collects its values in
 * order, and a key used both plainly and with brackets keeps both (see `bracketObject`). Returns
 * `undefined` for anything else (deeper, empty or numeric brackets): qs reads those with its own
 * nesting and array rules.
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
      const added = addFlatParam(out, key, value, maxListLength);
      if (added === 'other') return undefined;
      if (added === 'list') return 'list';
    }
    start = end + 1;
  }
  return out;
}

/**
 * Adds one decoded parameter to `out` as `parseFlatQuery` reads it: `'list'` when a list grows
 * past its limit, `'other'` for a key it leaves to qs (deeper, empty or numeric brackets).
 */
function addFlatParam(
  out: RawParams,
  key: string,
  value: string,
  maxListLength: number,
): FlatQueryLimit | 'other' | undefined {
  if (key.includes('[') || key.includes(']')) {
    // One level of brackets (`__sort[name]=asc`, `a[$gt]=1`) is common and read here; anything
    // else, or a key that is also used without brackets, is left to qs and its merge rules.
    const match = ONE_LEVEL.exec(key);
    // `__proto__` is read like any key (the objects have no prototype to reach); the caller
    // reports it. An index (`a[0]`) is left to qs and its array rules.
    if (!match || /^\d+$/u.test(match[2]!)) return 'other';
    return add(bracketObject(out, match[1]!), match[2]!, value, maxListLength);
  }
  if (key === '') return undefined;
  const existing = out.get(key);
  if (existing === undefined) out.set(key, value);
  else if (Array.isArray(existing)) {
    if (existing.length >= maxListLength) return 'list';
    existing.push(value);
  } else out.set(key, [existing, value]);
  return undefined;
}

/**
 * The object that collects `base[...]` keys. When `base` is also given plainly (`a=1&a=2&a[$ne]=2`)
 * the value is a list: the plain values in order, and the bracket keys in one object among them
 * (`['1', '2', {$ne: '2'}]`), so a repeated key and bracket operators on one field both reach the
 * filter reader (qs would merge them into `{0: '1', 1: '2', $ne: '2'}`).
 */
function bracketObject(out: RawParams, base: string): Record<string, RawValue> {
  const existing = out.get(base);
  const fresh = () => Object.create(null) as Record<string, RawValue>;
  if (existing === undefined) {
    const object = fresh();
    out.set(base, object);
    return object;
  }
  if (typeof existing === 'string') {
    const object = fresh();
    out.set(base, [existing, object]);
    return object;
  }
  if (!Array.isArray(existing)) return existing;
  const found = existing.find(
    (item): item is Record<string, RawValue> => typeof item === 'object' && !Array.isArray(item),
  );
  if (found) return found;
  const object = fresh();
  existing.push(object);
  return object;
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
