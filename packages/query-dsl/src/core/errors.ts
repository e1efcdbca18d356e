import { MAX_LISTED_ISSUES } from './issue-list.js';
import { DEFAULT_LIMITS, MAX_PARAMETERS, MAX_POPULATE_DEPTH, type QueryLimits } from './limits.js';
import { OPERATOR_LIST } from './operators.js';

/** `8 KiB` for a whole number of KiB, else the bytes. */
const bytes = (count: number): string => (count % 1024 === 0 ? `${count / 1024} KiB` : `${count} bytes`);

/**
 * Every issue the library can report, in one table: its HTTP status and what it means, with the
 * numbers of `limits` in it (the defaults unless given the limits a `createQueryDsl` was configured
 * with). The host maps codes to statuses from it; docs/errors.md is generated from it
 * (`pnpm docs:tables`) and test/core/error-catalogue.test.ts holds the page to it both ways.
 */
export function issueCatalogue(limits: QueryLimits = DEFAULT_LIMITS) {
  return {
    UNKNOWN_FIELD: {
      status: 400,
      description:
        'A filter, select, sort or elemMatch names a field the collection does not have, or any key is `__proto__`, `constructor` or `prototype`.',
    },
    INVALID_VALUE: {
      status: 400,
      description:
        "A value does not fit its field's type (e.g. a non-24-hex id, text on a number field, a zone offset past 23:59), `$in`/`$nin` without a list, or a control character in `global_search`.",
    },
    UNSUPPORTED_OPERATOR: {
      status: 400,
      description: `A \`$\`-operator outside \`${OPERATOR_LIST}\`, anywhere in the input.`,
    },
    INVALID_JSON: {
      status: 400,
      description: 'A parameter that must be JSON (or a quoted string) is not valid JSON.',
    },
    INVALID_PAGINATION: {
      status: 400,
      description:
        '`__page` is not an integer >= 1 (or is past the last page an exact skip reaches), `__per_page` is not an integer in 1..max, or `__include_totals` is not true/false.',
    },
    INVALID_SORT: {
      status: 400,
      description:
        '`__sort` is not `{field: order}` / `__sort[field]=order` with order asc, desc, 1 or -1, names a subdocument, or combines keys in two different arrays.',
    },
    INVALID_SELECT: {
      status: 400,
      description: '`select` mixes inclusion and exclusion, or has a malformed `$elemMatch` form.',
    },
    INVALID_POPULATE: {
      status: 400,
      description: `\`populate\` names something that is not a reference, a field the referenced collection lacks, or chains deeper than ${MAX_POPULATE_DEPTH}.`,
    },
    QUERY_TOO_COMPLEX: {
      status: 400,
      description: `Over a limit: query string > ${bytes(limits.maxQueryLength)}, > ${MAX_PARAMETERS} parameters, JSON deeper than ${limits.maxDepth}, > ${limits.maxFilters} filters, > ${limits.maxListLength} values in one list, > ${limits.maxSearchWords} search words, a search word > ${limits.maxSearchWordLength} characters, > ${limits.maxPopulatePaths} populate paths, or a read whose estimated cost is over its budget (${limits.maxCost} unless the collection sets its own: records a page × records populated into each, plus filter terms, plus the work of the filter over the records it examines).`,
    },
    TOO_MANY_ERRORS: {
      status: 400,
      description: `Not a problem of its own: the last entry when more than ${MAX_LISTED_ISSUES} were found; its message says how many more there were.`,
    },
  } as const satisfies Record<string, { status: number; description: string }>;
}

/** The catalogue with the default limits: every code, its HTTP status and what it means. */
export const ISSUE_CODES = issueCatalogue();

export type IssueCode = keyof typeof ISSUE_CODES;

/** One limit on a query: what it bounds, its value, the option that sets it, and the issue past it. */
export interface LimitEntry {
  readonly bounds: string;
  readonly value: number;
  /** The `QueryLimits` key, or `undefined` for a fixed limit. */
  readonly option: keyof QueryLimits | undefined;
  /** The issue past it; `undefined` for a number the cost estimate uses, not a limit of its own. */
  readonly past: IssueCode | undefined;
}

/**
 * Every limit a query has, with the values of `limits` (the defaults unless given): the table
 * docs/errors.md shows beside the codes.
 */
export function limitCatalogue(limits: QueryLimits = DEFAULT_LIMITS): readonly LimitEntry[] {
  const option = (key: keyof QueryLimits, bounds: string): LimitEntry => ({
    bounds,
    value: limits[key],
    option: key,
    past: 'QUERY_TOO_COMPLEX',
  });
  return [
    option(
      'maxQueryLength',
      "bytes of the query string (for `dsl.find`, the characters of the description's texts together)",
    ),
    { bounds: 'query parameters', value: MAX_PARAMETERS, option: undefined, past: 'QUERY_TOO_COMPLEX' },
    option('maxDepth', 'nesting of JSON values and bracket keys'),
    option('maxFilters', 'fields filtered'),
    option('maxListLength', 'values in one `$in`/`$nin` list or repeated key'),
    option('maxSearchWords', 'search words'),
    option('maxSearchWordLength', 'characters of one search word'),
    option('maxPopulatePaths', 'populate paths'),
    {
      bounds: 'references one populate path crosses',
      value: MAX_POPULATE_DEPTH,
      option: undefined,
      past: 'INVALID_POPULATE',
    },
    option('maxCost', "estimated cost of a read (a collection's `maxCost` replaces it)"),
    {
      bounds: 'records an array of references is assumed to reach, in the cost estimate',
      value: limits.arrayFanOut,
      option: 'arrayFanOut',
      past: undefined,
    },
    {
      bounds: 'issues listed in one answer',
      value: MAX_LISTED_ISSUES,
      option: undefined,
      past: 'TOO_MANY_ERRORS',
    },
  ];
}

/**
 * One problem found in a query: what kind, what to do about it, and which parameter it is about.
 * `@school/integration-client` reports its issues in this same shape (`{ code, message, param }`)
 * with its own codes; see docs/errors.md for why it declares the type again.
 */
export interface Issue {
  readonly code: IssueCode;
  readonly message: string;
  /** The query parameter (or dotted field path) the issue is about, e.g. `author.nmae`, `__sort`, `populate.book`. */
  readonly param: string;
}
