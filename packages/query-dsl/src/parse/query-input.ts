import qs from 'qs';
import type { IssueList } from '../core/issue-list.js';
import { MAX_PARAMETERS, type QueryLimits } from '../core/limits.js';
import { type FlatQueryLimit, parseFlatQuery } from './flat-query.js';
import { isPlainObject, type QueryInput, refusedInputMessage } from './input-kind.js';
import { reportProtoSegments, withoutPrototypeKeys } from './prototype-keys.js';

export type { QueryInput } from './input-kind.js';

/**
 * The query as a tree of strings, arrays and objects (bracket keys nested); knows no collection.
 * Top-level parameters in the order they came (a Map: fast, and no key can touch a prototype).
 */
export type RawParams = Map<string, RawValue>;
export type RawValue = string | RawValue[] | { [key: string]: RawValue };

/**
 * Turns any accepted input into one tree with qs, with every qs limit explicit: exceeding one is
 * reported as `QUERY_TOO_COMPLEX` instead of being silently truncated. Never throws.
 */
export function readQueryInput(
  input: QueryInput,
  limits: QueryLimits,
  issues: IssueList,
): RawParams | undefined {
  const text = toQueryString(input);
  if (text === undefined) {
    issues.add('INVALID_VALUE', 'query', refusedInputMessage(input));
    return undefined;
  }
  if (text === UNWRITABLE) {
    issues.add('INVALID_VALUE', 'query', UNWRITABLE_MESSAGE);
    return undefined;
  }
  // A UTF-16 unit is at most 3 UTF-8 bytes, so the first test only skips counting bytes.
  if (text.length > limits.maxQueryLength / 3 && Buffer.byteLength(text, 'utf8') > limits.maxQueryLength) {
    queryTooLong(limits, issues);
    return undefined;
  }
  const flat = parseFlatQuery(text, MAX_PARAMETERS, limits.maxListLength);
  if (flat === 'parameters' || flat === 'list') {
    issues.add('QUERY_TOO_COMPLEX', 'query', overLimit(flat, limits));
    return undefined;
  }
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

/** The issue past `maxQueryLength`. */
function queryTooLong(limits: QueryLimits, issues: IssueList): void {
  issues.add(
    'QUERY_TOO_COMPLEX',
    'query',
    `The query string is longer than ${limits.maxQueryLength} bytes; narrow the request or split it.`,
  );
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

/** A plain object qs cannot write as a query string: one that holds itself, or a value whose `toString` throws. */
const UNWRITABLE = Symbol('unwritable');
const UNWRITABLE_MESSAGE =
  'The query object cannot be written as a query string: it holds itself, or a value that cannot be turned into text.';

function toQueryString(input: QueryInput): string | typeof UNWRITABLE | undefined {
  if (typeof input === 'string') return input;
  if (input instanceof URLSearchParams) return input.toString();
  if (input instanceof URL) return input.search;
  if (input === null || typeof input !== 'object' || !isPlainObject(input)) return undefined;
  // Framework parsers hand over either nested objects (qs-style) or flat bracket keys
  // (`{"__sort[name]": "asc"}`); writing them back as a query string gives both one reading.
  // Lists keep their brackets (`a[$in][]=x`): written as a repeated key, a list of one would read
  // back as a bare value.
  try {
    return qs.stringify(input, { arrayFormat: 'brackets', encodeValuesOnly: false });
  } catch {
    return UNWRITABLE;
  }
}
