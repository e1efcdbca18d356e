import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { formatPath, type Issue, type IssueCode } from '../errors/issue.js';

let instance: Ajv | undefined;

/**
 * A validator for `schema`, compiled on first use by the package's one Ajv instance
 * (importing the package compiles nothing).
 */
export function lazyValidator<T>(schema: object): () => ValidateFunction<T> {
  let validate: ValidateFunction<T> | undefined;
  return () => {
    if (validate === undefined) {
      instance ??= new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
      validate = instance.compile<T>(schema);
    }
    return validate;
  };
}

/** One {@link lazyValidator} per key of `schemas` (a schema per collection). */
export function lazyValidators<K extends string>(
  schemas: Readonly<Record<K, object>>,
): Readonly<Record<K, () => ValidateFunction>> {
  const entries = Object.entries<object>(schemas).map(([key, schema]) => [key, lazyValidator(schema)]);
  return Object.fromEntries(entries) as Record<K, () => ValidateFunction>;
}

/** The problems of `value` against the schema of `validator`; empty when it is valid. */
export function issuesAgainst(validator: () => ValidateFunction, value: unknown): Issue[] {
  const validate = validator();
  return validate(value) ? [] : toIssues(validate.errors);
}

/** Ajv's errors as issues: a `a.b[1]` path and a message that names the rule, never the value. */
export function toIssues(errors: readonly ErrorObject[] | null | undefined): Issue[] {
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
