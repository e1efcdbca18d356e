import type { IssueList } from '../core/issue-list.js';
import type { RawParams, RawValue } from './query-input.js';

/**
 * Keys that name a JavaScript prototype slot. They are never field names (a schema that uses one
 * is refused when the collection is defined) nor parameters, so a query that sends one is told so
 * with `UNKNOWN_FIELD` — never read as a field, and never dropped silently as qs drops `__proto__`.
 */
const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export function isPrototypeKey(key: string): boolean {
  return PROTOTYPE_KEYS.has(key);
}

export function reportPrototypeKey(param: string, issues: IssueList): void {
  const key = param.slice(param.lastIndexOf('.') + 1);
  const where = key === param ? '' : ` (in ${param.slice(0, -key.length - 1)})`;
  issues.add(
    'UNKNOWN_FIELD',
    param,
    `"${key}"${where} is not a field or a parameter: "__proto__", "constructor" and "prototype" are never field names; remove it.`,
  );
}

/**
 * Reports and removes every prototype key of the read query, at any depth (`__proto__[school]`,
 * `select[__proto__]`, `user[constructor]`). The param is the key's dotted path up to it.
 */
export function withoutPrototypeKeys(params: RawParams, issues: IssueList): void {
  for (const [key, value] of params) {
    if (isPrototypeKey(key)) {
      reportPrototypeKey(key, issues);
      params.delete(key);
    } else if (typeof value === 'object') cleanValue(value, key, issues);
  }
}

function cleanValue(value: RawValue, path: string, issues: IssueList): RawValue {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) value[index] = cleanValue(value[index]!, path, issues);
    return value;
  }
  for (const key of Object.keys(value)) {
    if (isPrototypeKey(key)) {
      reportPrototypeKey(`${path}.${key}`, issues);
      delete value[key];
    } else value[key] = cleanValue(value[key]!, `${path}.${key}`, issues);
  }
  return value;
}

/**
 * qs drops `__proto__` segments before anything else sees them, so a query read by qs is checked
 * on its text: every key with a `__proto__` segment (`a[__proto__][b]=1`) is reported.
 */
export function reportProtoSegments(text: string, issues: IssueList): void {
  const seen = new Set<string>();
  for (const part of text.replace(/^\?/u, '').split('&')) {
    const equals = part.indexOf('=');
    const key = decodeKey(equals >= 0 ? part.slice(0, equals) : part);
    const segments = key.split(/[[\]]+/u).filter((segment) => segment !== '');
    const at = segments.indexOf('__proto__');
    if (at < 0) continue;
    const param = segments.slice(0, at + 1).join('.');
    if (!seen.has(param)) {
      seen.add(param);
      reportPrototypeKey(param, issues);
    }
  }
}

function decodeKey(text: string): string {
  const spaced = text.replaceAll('+', ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/**
 * The dotted path of the first prototype key anywhere in a parsed JSON value (`school.__proto__`),
 * if any. `JSON.parse` (and `Object.fromEntries`) keep `__proto__` as an own key, so it is found here
 * rather than lost later.
 */
export function prototypeKeyIn(text: string | undefined, value: unknown): string | undefined {
  // Only text that spells one of the keys (or could, through a `\u` escape) needs the walk; a
  // value that came typed (`dsl.find`) has no text and is always walked.
  if (
    text !== undefined &&
    !text.includes('\\') &&
    !text.includes('__proto__') &&
    !text.includes('constructor') &&
    !text.includes('prototype')
  )
    return undefined;
  return findPrototypeKey(value);
}

/** The dotted path, below `value`, of its first prototype key: built only once one is found. */
function findPrototypeKey(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = findPrototypeKey(value[index]);
      if (found !== undefined) return `${index}.${found}`;
    }
    return undefined;
  }
  for (const key of Object.keys(value)) {
    if (isPrototypeKey(key)) return key;
    const found = findPrototypeKey(Reflect.get(value, key));
    if (found !== undefined) return `${key}.${found}`;
  }
  return undefined;
}
