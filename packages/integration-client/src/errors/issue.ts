/**
 * One problem found in a value handed to the package: where (`path`, e.g. `user.name`,
 * `metadata.school` or `parents[2]`; empty for the value itself) and what (`message`).
 * Messages name rules and types, never the offending value, so they are safe to log.
 */
export interface Issue {
  readonly path: string;
  readonly message: string;
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
  const shown = issues.slice(0, max).map((i) => (i.path === '' ? i.message : `${i.path}: ${i.message}`));
  const rest = issues.length - shown.length;
  return shown.join('; ') + (rest > 0 ? `; and ${rest} more` : '');
}
