import type { IssueCode } from './catalogue.js';

export type { IssueCode } from './catalogue.js';

/**
 * One problem found in a value handed to the package, in the shape `@school/query-dsl` reports
 * query issues in: what kind (`code`), what to do about it (`message`) and where (`param`, e.g.
 * `user.name`, `metadata.school` or `parents[2]`; empty for the value itself). Messages name rules
 * and types, never the offending value, so they are safe to log.
 *
 * Declared here, not imported from `@school/query-dsl`: this package does not depend on the query
 * library, and even a type-only import would make every user of the client install it for the
 * declarations. The host, which uses both, holds the two to one shape with a type test
 * (apps/api/test/errors/issue-shape.test.ts); docs/errors.md says the same to users.
 */
export interface Issue {
  readonly code: IssueCode;
  readonly message: string;
  readonly param: string;
}

/** `a.b[2]` style path from its segments. */
export function formatPath(segments: readonly (string | number)[]): string {
  let out = '';
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out === '' ? segment : `.${segment}`;
  }
  return out;
}

/** `path: message; path: message` for an error message. */
export function formatIssues(issues: readonly Issue[], max = 5): string {
  const shown = issues.slice(0, max).map((i) => (i.param === '' ? i.message : `${i.param}: ${i.message}`));
  const rest = issues.length - shown.length;
  return shown.join('; ') + (rest > 0 ? `; and ${rest} more` : '');
}
