/**
 * What kind of problem an issue is. The names are `@school/query-dsl`'s where the meaning is the
 * same (`INVALID_VALUE`, `UNKNOWN_FIELD`).
 */
export type IssueCode = 'INVALID_VALUE' | 'UNKNOWN_FIELD' | 'MISSING_FIELD';

/**
 * One problem found in a value handed to the package, in the shape `@school/query-dsl` reports
 * query issues in: what kind (`code`), what to do about it (`message`) and where (`param`, e.g.
 * `user.name`, `metadata.school` or `parents[2]`; empty for the value itself). Messages name rules
 * and types, never the offending value, so they are safe to log.
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
