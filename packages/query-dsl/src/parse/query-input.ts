import qs from 'qs';
import type { IssueList } from '../errors.js';
import type { QueryLimits } from '../limits.js';

/** What a caller may hand over: a raw query string (with or without `?`), URLSearchParams, or a parsed object. */
export type QueryInput = string | URLSearchParams | Readonly<Record<string, unknown>>;

/** The query as a tree of strings, arrays and objects (bracket keys nested); knows no collection. */
export type RawParams = Record<string, RawValue>;
export type RawValue = string | RawValue[] | { [key: string]: RawValue };

const MAX_PARAMETERS = 1000;

/**
 * Turns any accepted input into one tree with qs, with every qs limit explicit: exceeding one is
 * reported as `QUERY_TOO_COMPLEX` instead of being silently truncated. Never throws.
 */
export function readQueryInput(
  input: QueryInput,
  limits: QueryLimits,
  issues: IssueList,
): RawParams | undefined {
  let text: string | undefined;
  try {
    text = toQueryString(input);
  } catch {
    // An object that can't be written back as a query string (e.g. a value without a usable toString).
    text = undefined;
  }
  if (text === undefined) {
    issues.add('INVALID_VALUE', 'query', 'The query must be a string, URLSearchParams or a plain object.');
    return undefined;
  }
  if (Buffer.byteLength(text, 'utf8') > limits.maxQueryLength) {
    issues.add(
      'QUERY_TOO_COMPLEX',
      'query',
      `The query string is longer than ${limits.maxQueryLength} bytes; narrow the request or split it.`,
    );
    return undefined;
  }
  try {
    return qs.parse(text, {
      ignoreQueryPrefix: true,
      allowDots: false,
      allowPrototypes: false,
      plainObjects: true,
      parseArrays: true,
      arrayLimit: limits.maxListLength,
      parameterLimit: MAX_PARAMETERS,
      depth: limits.maxDepth,
      strictDepth: true,
      throwOnLimitExceeded: true,
      duplicates: 'combine',
      charset: 'utf-8',
    }) as RawParams;
  } catch (error) {
    issues.add('QUERY_TOO_COMPLEX', 'query', describeQsLimit(error, limits));
    return undefined;
  }
}

function describeQsLimit(error: unknown, limits: QueryLimits): string {
  const reason = error instanceof Error ? error.message : String(error);
  if (/depth/i.test(reason)) return `Bracket keys are nested deeper than ${limits.maxDepth} levels.`;
  if (/parameter/i.test(reason)) return `The query has more than ${MAX_PARAMETERS} parameters.`;
  if (/array/i.test(reason)) return `A list has more than ${limits.maxListLength} values.`;
  return 'The query string could not be read within the limits.';
}

function toQueryString(input: QueryInput): string | undefined {
  if (typeof input === 'string') return input;
  if (input instanceof URLSearchParams) return input.toString();
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return undefined;
  // Framework parsers hand over either nested objects (qs-style) or flat bracket keys
  // (`{"__sort[name]": "asc"}`); writing them back as a query string gives both one reading.
  return qs.stringify(input, { arrayFormat: 'repeat', encodeValuesOnly: false });
}
