/**
 * An operation accepts the query keys its OpenAPI parameters declare, and refuses every other one
 * (400 `UNKNOWN_FIELD`, the key as sent in `param`) instead of ignoring it: a misspelt `__pgae`, a
 * filter on a record read by id, or any parameter at all on a route that takes none. A declared
 * `deepObject` parameter also takes bracket keys one level deep (`created_at[$gte]`,
 * `__sort[user.surname]`), whose keys and values the query reader checks; any other bracket key
 * (`user[name]`, `select[x]`, `a[$in][]`) is not declared, so it is refused.
 */
import type { ErrorEntry } from '../errors/http-error.js';
import type { Parameter } from './query-parameters.js';

/** The query keys one operation declares. */
export interface DeclaredQuery {
  readonly operation: string;
  /** Every declared name. */
  readonly names: ReadonlySet<string>;
  /** The declared names that also take `name[key]`. */
  readonly bracketed: ReadonlySet<string>;
}

/** At most this many keys are named in one refusal (the query string itself is bounded by the URL limit). */
const MAX_REPORTED = 20;

export function declaredQuery(operation: string, parameters: readonly Parameter[]): DeclaredQuery {
  return {
    operation,
    names: new Set(parameters.map((parameter) => parameter.name)),
    bracketed: new Set(
      parameters.filter((parameter) => parameter.style === 'deepObject').map((parameter) => parameter.name),
    ),
  };
}

/** One entry per query key the operation does not declare (each key once, at most MAX_REPORTED). */
export function undeclaredKeys(query: string, declared: DeclaredQuery): ErrorEntry[] {
  if (query === '') return [];
  const entries: ErrorEntry[] = [];
  const seen = new Set<string>();
  let more = 0;
  for (const key of new URLSearchParams(query).keys()) {
    if (seen.has(key) || isDeclared(key, declared)) continue;
    seen.add(key);
    if (entries.length < MAX_REPORTED) entries.push(refusal(key, declared));
    else more++;
  }
  if (more > 0) {
    entries.push({
      code: 'UNKNOWN_FIELD',
      param: 'query',
      message: `${more} more query keys are not parameters of ${declared.operation}.`,
    });
  }
  return entries;
}

function isDeclared(key: string, declared: DeclaredQuery): boolean {
  const open = key.indexOf('[');
  if (open < 0) return declared.names.has(key);
  // `name[key]`: one bracket level, closed at the end, on a parameter that takes it.
  const close = key.indexOf(']', open);
  return (
    close === key.length - 1 &&
    close > open + 1 &&
    key.indexOf('[', open + 1) < 0 &&
    declared.bracketed.has(key.slice(0, open))
  );
}

function refusal(key: string, declared: DeclaredQuery): ErrorEntry {
  const open = key.indexOf('[');
  const name = open < 0 ? key : key.slice(0, open);
  const shown = JSON.stringify(key.length > 80 ? `${key.slice(0, 80)}…` : key);
  let hint: string;
  if (declared.names.size === 0) hint = `${declared.operation} takes no query parameters.`;
  else if (open >= 0 && declared.bracketed.has(name))
    hint = `${name} takes one bracket key (${name}[<key>]=<value>).`;
  else if (open >= 0 && declared.names.has(name)) hint = `${name} takes no bracket keys.`;
  else if (open > 0 && !name.includes('.')) hint = 'Name nested fields with dots (user.name), not brackets.';
  else hint = `See the parameters of ${declared.operation} in the OpenAPI document (/docs).`;
  return {
    code: 'UNKNOWN_FIELD',
    param: key,
    message: `${shown} is not a parameter of ${declared.operation}. ${hint}`,
  };
}
