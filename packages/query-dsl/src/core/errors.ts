import { MAX_LISTED_ISSUES } from './issue-list.js';
import { OPERATOR_LIST } from './operators.js';

/**
 * Every issue the library can report, in one table: its HTTP status and what it means.
 * The host maps codes to statuses from here; the README's error table is checked against it.
 */
export const ISSUE_CODES = {
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
    description:
      '`populate` names something that is not a reference, a field the referenced collection lacks, or chains deeper than 3.',
  },
  QUERY_TOO_COMPLEX: {
    status: 400,
    description:
      'Over a limit: query string > 8 KiB, JSON deeper than 8, > 50 filters, > 10 search words, a search word > 64 characters, > 10 populate paths, or a read whose estimated cost is over its budget (5000 by default: records a page × records populated into each, plus filter terms, plus the work of the filter over the records it examines).',
  },
  TOO_MANY_ERRORS: {
    status: 400,
    description: `Not a problem of its own: the last entry when more than ${MAX_LISTED_ISSUES} were found; its message says how many more there were.`,
  },
} as const satisfies Record<string, { status: number; description: string }>;

export type IssueCode = keyof typeof ISSUE_CODES;

/** One problem found in a query: what kind, what to do about it, and which parameter it is about. */
export interface Issue {
  readonly code: IssueCode;
  readonly message: string;
  /** The query parameter (or dotted field path) the issue is about, e.g. `author.nmae`, `__sort`, `populate.book`. */
  readonly param: string;
}
