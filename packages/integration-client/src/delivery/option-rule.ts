import type { Issue } from '../errors/issue.js';

/** What a value must be, as a type guard, and what a value that is not gets told. */
export interface Check<T> {
  readonly accepts: (value: unknown) => value is T;
  readonly message: string;
}

/**
 * `value` when `check` accepts it; otherwise the problem goes to `issues` under `param` and
 * `fallback` stands in, so that every other check still runs.
 */
export function checkValue<T>(
  value: unknown,
  check: Check<T>,
  param: string,
  issues: Issue[],
  fallback: T,
): T {
  if (check.accepts(value)) return value;
  issues.push({ code: 'INVALID_VALUE', param, message: check.message });
  return fallback;
}

/** A guard for integers from 1 to `max` (a count, a size, a duration in milliseconds). */
export function positiveInteger(max = 2 ** 31 - 1): (value: unknown) => value is number {
  return (value): value is number =>
    typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= max;
}

/** The setting for a given value; each problem goes to `issues` (then the result is not used). */
export type ReadOption<Setting> = (value: unknown, name: string, issues: Issue[]) => Setting;

/**
 * How one option is read: a required one is always read (left out, as `undefined`, which its
 * check refuses); any other takes its `default` when left out (absent or `undefined`).
 */
export type OptionRule<Setting> =
  | { readonly required: true; readonly read: ReadOption<Setting> }
  | { readonly required?: false; readonly default: Setting; readonly read: ReadOption<Setting> };

/**
 * An option's rule, carrying the type users give the option in `~input` (a type only: no rule
 * sets it, so the type users give and the check come from one entry).
 */
export type Option<Input, Setting> = OptionRule<Setting> & { readonly '~input'?: Input };

/** The rule of an option whose users give an `Input` that the client uses as a `Setting`. */
export function option<Input, Setting = Input>(rule: OptionRule<Setting>): Option<Input, Setting> {
  return rule;
}

/** The rule of an option users must give: its type says so too. */
export function requiredOption<Input, Setting = Input>(
  read: ReadOption<Setting>,
): Option<Input, Setting> & { readonly required: true } {
  return { required: true, read };
}

/** The rule of an option whose value is used as given, once `check` accepts it. */
export function checkedOption<T>(fallback: T, check: Check<T>): Option<T, T> {
  return option<T>({
    default: fallback,
    read: (value, name, issues) => checkValue(value, check, name, issues, fallback),
  });
}

type AnyOption = Option<unknown, unknown>;
type InputOf<R> = R extends { readonly '~input'?: infer Input } ? Input : never;
type SettingOf<R> = R extends OptionRule<infer Setting> ? Setting : never;

type RequiredNames<Rules> = {
  [K in keyof Rules]: Rules[K] extends { readonly required: true } ? K : never;
}[keyof Rules];

/** What users give: every option by its input type, optional unless its rule says `required`. */
export type OptionsOf<Rules extends Record<string, AnyOption>> = Pick<
  { readonly [K in keyof Rules]: InputOf<Rules[K]> },
  RequiredNames<Rules>
> &
  Partial<
    Pick<
      { readonly [K in keyof Rules]: InputOf<Rules[K]> | undefined },
      Exclude<keyof Rules, RequiredNames<Rules>>
    >
  >;

/** What the client uses: every option's setting. */
export type SettingsOf<Rules extends Record<string, AnyOption>> = {
  readonly [K in keyof Rules]: SettingOf<Rules[K]>;
};

/**
 * Reads every option of `rules` from `given`: the defaults for those left out, the checks for
 * the others, every problem in `issues` (an unknown name first, then in the order of `rules`).
 */
export function readOptions<Rules extends Record<string, AnyOption>>(
  rules: Rules,
  given: Readonly<Record<string, unknown>>,
  issues: Issue[],
): SettingsOf<Rules> {
  const names = Object.keys(rules);
  for (const key of Object.keys(given)) {
    if (!names.includes(key)) {
      const message = `is not an option (options are: ${names.join(', ')})`;
      issues.push({ code: 'UNKNOWN_FIELD', param: key, message });
    }
  }
  const settings = names.map((name) => {
    const rule = rules[name]!;
    const value = given[name];
    return [
      name,
      value === undefined && rule.required !== true ? rule.default : rule.read(value, name, issues),
    ];
  });
  return Object.fromEntries(settings) as SettingsOf<Rules>;
}
