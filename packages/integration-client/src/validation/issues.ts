import { formatPath, type Issue, type IssueCode } from '../errors/issue.js';
import type { ValidationError, Validator } from './validators.generated.js';

export * as validators from './validators.generated.js';

/**
 * `validate` as a type guard. The validators are Ajv's standalone output, compiled from the
 * package's schemas when it is built (scripts/generate-validators.ts), so checking a value
 * generates no code at run time.
 */
export const guard =
  <T>(validate: Validator) =>
  (value: unknown): value is T =>
    validate(value);

/** The problems of `value` against `validate`; empty when it is valid. */
export function issuesAgainst(validate: Validator, value: unknown): Issue[] {
  return validate(value) ? [] : toIssues(validate.errors);
}

/** The validator's errors as issues: a `a.b[1]` path and a message that names the rule, never the value. */
export function toIssues(errors: readonly ValidationError[] | null | undefined): Issue[] {
  return (errors ?? []).map((error) => {
    const segments: (string | number)[] = error.instancePath
      .split('/')
      .slice(1)
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
      .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
    let message = error.message ?? 'is invalid';
    let code: IssueCode = 'INVALID_VALUE';
    if (error.keyword === 'required') {
      segments.push(String(error.params.missingProperty));
      message = 'is required';
      code = 'MISSING_FIELD';
    } else if (error.keyword === 'additionalProperties') {
      segments.push(String(error.params.additionalProperty));
      message = 'is not a field of this payload';
      code = 'UNKNOWN_FIELD';
    }
    return { code, param: formatPath(segments), message };
  });
}
