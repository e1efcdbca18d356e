import qs from 'qs';
import type { IssueList } from '../core/issue-list.js';
import type { QueryLimits } from '../core/limits.js';
import { type FlatQueryLimit, parseFlatQuery } from './flat-query.js';
import { reportProtoSegments, withoutPrototypeKeys } from './prototype-keys.js';

/** What a caller may hand over: a raw query string (with or without `?`), URLSearchParams, or a parsed object. */
export type QueryInput = string | URLSearchParams | Readonly<Record<string, unknown>>;

/**
 * The query as a tree of strings, arrays and objects (bracket keys nested); knows no collection.
 * Top-level parameters in the order they came (a Map: fast, and no key can touch a prototype).
 */
export type RawParams = Map<string, RawValue>;
export type RawValue = string | RawValue[] | { [key: string]: RawValue };

/** How many parameters a query may have (a typed description counts those its query string would have). */
export const MAX_PARAMETERS = 1000;

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
  // A UTF-16 unit is at most 3 UTF-8 bytes, so the first test only skips counting bytes.
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: equivalent, see above (and utf8 is the default).
  if (text.length > limits.maxQueryLength / 3 && Buffer.byteLength(text, 'utf8') > limits.maxQueryLength) {
    queryTooLong(limits, issues);
    return undefined;
  }
  const flat = parseFlatQuery(text, MAX_PARAMETERS, limits.maxListLength);
  if (flat === 'parameters' || flat === 'list') {
    issues.add('QUERY_TOO_COMPLEX', 'query', overLimit(flat, limits));
    return undefined;
  }
  // Stryker disable next-line ConditionalExpression: equivalent, qs reads what the flat reader (the fast path) reads to the same filters.
  if (flat) {
    withoutPrototypeKeys(flat, issues);
    return flat;
  }
  try {
    const parsed = new Map(Object.entries(qs.parse(text, qsOptions(limits)) as Record<string, RawValue>));
    reportProtoSegments(text, issues);
    withoutPrototypeKeys(parsed, issues);
    return parsed;
  } catch (error) {
    issues.add('QUERY_TOO_COMPLEX', 'query', describeQsLimit(error, limits));
    return undefined;
  }
}

const qsOptionsByLimits = new WeakMap<QueryLimits, qs.IParseOptions>();

/** qs's options, every limit explicit (built once per set of limits). */
function qsOptions(limits: QueryLimits): qs.IParseOptions {
  let options = qsOptionsByLimits.get(limits);
  if (!options) {
    options = {
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
    };
    qsOptionsByLimits.set(limits, options);
  }
  return options;
}

/** The issue past `maxQueryLength` (for a typed description, past its size: see `dsl.find`). */
export function queryTooLong(limits: QueryLimits, issues: IssueList): void {
  issues.add(
    'QUERY_TOO_COMPLEX',
    'query',
    `The query string is longer than ${limits.maxQueryLength} bytes; narrow the request or split it.`,
  );
}

/** The issue past `MAX_PARAMETERS`. */
export function tooManyParameters(limits: QueryLimits, issues: IssueList): void {
  issues.add('QUERY_TOO_COMPLEX', 'query', overLimit('parameters', limits));
}

function overLimit(limit: FlatQueryLimit, limits: QueryLimits): string {
  return limit === 'parameters'
    ? `The query has more than ${MAX_PARAMETERS} parameters.`
    : `A list has more than ${limits.maxListLength} values.`;
}

function describeQsLimit(error: unknown, limits: QueryLimits): string {
  const reason = error instanceof Error ? error.message : String(error);
  if (/depth/i.test(reason)) return `Bracket keys are nested deeper than ${limits.maxDepth} levels.`;
  if (/parameter/i.test(reason)) return overLimit('parameters', limits);
  if (/array/i.test(reason)) return overLimit('list', limits);
  return 'The query string could not be read within the limits.';
}

function toQueryString(input: QueryInput): string | undefined {
  if (typeof input === 'string') return input;
  if (input instanceof URLSearchParams) return input.toString();
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return undefined;
  // Framework parsers hand over either nested objects (qs-style) or flat bracket keys
  // (`{"__sort[name]": "asc"}`); writing them back as a query string gives both one reading.
  // Lists keep their brackets (`a[$in][]=x`): written as a repeated key, a list of one would read
  // back as a bare value.
  return qs.stringify(input, { arrayFormat: 'brackets', encodeValuesOnly: false });
}
