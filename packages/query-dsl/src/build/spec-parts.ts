import { ObjectId } from 'bson';
import { isListOperator, isSupportedOperator } from '../core/operators.js';
import type { QuerySpec } from './build-query.js';

/**
 * How a typed description's parts stand for query parameters: one reading shared by `buildQuery`,
 * which writes them, and `dsl.find`, which checks them without writing anything, so the two never
 * drift apart.
 */
type AnySpec = QuerySpec<Record<string, unknown>>;

/**
 * The form a filter condition takes in the query string:
 * - `value`: one value, bare (`path=value`): text, a number, `true`/`false`, `null`, a date, an identifier;
 * - `operators`: supported operators, each in brackets (`path[$gte]=value`, `path[$in]=[...]`);
 * - `json`: anything else, written whole as JSON (`path={...}` or `path=[...]`), which the parser reads
 *   as its JSON form: a list is `$in`, and an object of anything but operators is refused;
 * - `none`: nothing to write (`undefined`, or an object whose every operand is `undefined`).
 */
export type ConditionForm = 'none' | 'value' | 'operators' | 'json';

export function conditionForm(condition: unknown): ConditionForm {
  if (condition === undefined) return 'none';
  if (!isCompound(condition)) return 'value';
  if (Array.isArray(condition)) return 'json';
  let defined = false;
  for (const [key, operand] of Object.entries(condition)) {
    if (operand === undefined) continue;
    if (!isSupportedOperator(key)) return 'json';
    // A list operator takes a list; the others one value (or `true`/`false`).
    if (isListOperator(key) ? !Array.isArray(operand) : isCompound(operand)) return 'json';
    defined = true;
  }
  return defined ? 'operators' : 'none';
}

/** The operand of `operator` in a condition of the `operators` form (`undefined` when absent). */
export function operandOf(condition: unknown, operator: string): unknown {
  return isCompound(condition) && Object.hasOwn(condition, operator)
    ? Reflect.get(condition, operator)
    : undefined;
}

/** A list or an object of keys: not one value (dates and identifiers are objects that are one value). */
function isCompound(value: unknown): value is object {
  return (
    value !== null && typeof value === 'object' && !(value instanceof Date) && !(value instanceof ObjectId)
  );
}

/**
 * The `select` objects the description stands for: `select` (with `_id: 0` for `withoutId`) and
 * `exclude` each make one; both make two, which the parser refuses ("give select once").
 */
export function selectionsOf(spec: AnySpec): Array<Record<string, 0 | 1>> {
  const selections: Array<Record<string, 0 | 1>> = [];
  if (spec.select !== undefined || spec.withoutId) {
    const selection: Record<string, 0 | 1> = Object.fromEntries((spec.select ?? []).map((path) => [path, 1]));
    if (spec.withoutId) selection._id = 0;
    selections.push(selection);
  }
  if (spec.exclude !== undefined) selections.push(Object.fromEntries(spec.exclude.map((path) => [path, 0])));
  return selections;
}

/** `populate` as the parser takes it: each field list as names separated by spaces. */
export function populateOf(populate: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  let joined: Record<string, unknown> | undefined;
  for (const path of Object.keys(populate)) {
    if (Array.isArray(populate[path])) {
      // Without a prototype, a `__proto__` path is a key like any other (refused as one, never lost).
      joined = Object.create(null);
      break;
    }
  }
  if (!joined) return populate;
  for (const path of Object.keys(populate)) {
    const fields = populate[path];
    joined[path] = Array.isArray(fields) ? fields.join(' ') : fields;
  }
  return joined;
}

/** `elemMatch` as the parser takes it: one entry, or a list of two or more; `undefined` for none. */
export function elemMatchOf(spec: AnySpec): unknown {
  const entries: unknown = spec.elemMatch;
  if (!Array.isArray(entries)) return entries;
  if (entries.length === 0) return undefined;
  const read = entries.map((entry: unknown) =>
    entry !== null && typeof entry === 'object' && 'property' in entry && 'parameters' in entry
      ? { property: entry.property, parameters: entry.parameters }
      : entry,
  );
  return read.length === 1 ? read[0] : read;
}
