import { conditionForm, operandOf } from '../build/spec-parts.js';
import {
  isListOperator,
  isSupportedOperator,
  type ListOperator,
  OPERATOR_LIST,
  OPERATORS,
  type SupportedOperator,
} from '../core/operators.js';
import type { Condition, FilterValue } from '../plan/types.js';
import { type FieldInfo, holdsText } from '../schema/fields.js';
import { type Coerced, coerceJson, coerceRaw, coerceValue } from './coerce.js';
import type { ValidationContext } from './context.js';
import { checkedJson, describeValue, isPlainObject, readJson } from './json.js';
import { forbiddenOperator } from './operators.js';

/**
 * What was given for one field, item by item: from a query string each value of the key (`a=1`,
 * `a={"$gt":1}`) or the object of its bracket operators (`a[$gt]=1`), all text; from a typed
 * description its one condition (a value, an object of operators, or a list or object read as the
 * JSON form, see `conditionForm`), typed.
 */
export type FilterItems = readonly unknown[];

/**
 * Reads what was given for one field into conditions. Accepts every form of the README's
 * "Operators": a bare value (`a=1`), a repeated key (`a=1&a=2` → `$in`), the bracket form
 * (`a[$gt]=1`) and the JSON form (`a={"$gt":1}`, `a=["x","y"]` → `$in`). A bare value `fromText` is
 * read by the query string's text rules (`coerceRaw`), a typed one by `coerceValue`; the JSON form
 * is read alike from either. Reports issues under `param`.
 */
export function readFieldConditions(
  field: FieldInfo,
  items: FilterItems,
  param: string,
  context: ValidationContext,
  fromText: boolean,
): Condition[] | undefined {
  // The common case, one bare text value (`user.name="Ana"`), without the general machinery.
  const only = items.length === 1 ? items[0] : undefined;
  if (fromText && typeof only === 'string' && !opensJson(only)) {
    const coerced = coerceRaw(field, only);
    return report(coerced, param, context) ? [{ op: '$eq', value: coerced.value }] : undefined;
  }
  const conditions: Condition[] = [];
  const before = context.issues.reported;
  const bare: unknown[] = [];
  for (const item of items) {
    if (!fromText) {
      const form = conditionForm(item);
      if (form === 'value') bare.push(item);
      else if (form === 'operators') readOperators(field, item as object, param, context, conditions, false);
      else if (checkedJson(item, param, context.limits, context.issues)) {
        jsonFormConditions(field, item, param, context, conditions);
      }
    } else if (typeof item !== 'string') {
      readOperators(field, item as object, param, context, conditions, true);
    } else if (opensJson(item) && !textNotJson(field, item)) {
      const parsed = readJson(item, param, context.limits, context.issues);
      if (parsed) jsonFormConditions(field, parsed.value, param, context, conditions);
    } else bare.push(item);
  }
  // Bare values (`a=x`, or repeated: `$in`) come first, as they do in the query string.
  const coerce = (value: unknown) =>
    fromText ? coerceRaw(field, value as string) : coerceValue(field, value);
  if (bare.length === 1) {
    const coerced = coerce(bare[0]);
    if (report(coerced, param, context)) conditions.unshift({ op: '$eq', value: coerced.value });
  } else if (bare.length > 1) {
    const values = coerceAll(bare, coerce, param, context);
    if (values) conditions.unshift({ op: '$in', values });
  }
  return context.issues.reported === before ? conditions : undefined;
}

/** Text that opens like the JSON form (`{...}`, `[...]`). */
export function opensJson(text: string): boolean {
  const first = text.charCodeAt(0);
  return first === 123 /* { */ || first === 91 /* [ */;
}

/**
 * On a field that holds any text, a value that opens like the JSON form but is not JSON (`[draft`,
 * `{x}`) is that text: only valid JSON is read as the JSON form there.
 */
function textNotJson(field: FieldInfo, text: string): boolean {
  if (!holdsText(field)) return false;
  try {
    JSON.parse(text);
    return false;
  } catch {
    return true;
  }
}

/**
 * The conditions of a field's JSON form once it is a value (parsed, or handed over typed by
 * `dsl.find`): a list is `$in`, an object holds operators only. A key whose value is `undefined`
 * is absent, as in JSON.
 */
function jsonFormConditions(
  field: FieldInfo,
  value: unknown,
  param: string,
  context: ValidationContext,
  into: Condition[],
): void {
  const forbidden = forbiddenOperator(value);
  if (forbidden) {
    unsupported(forbidden, param, context);
    return;
  }
  if (Array.isArray(value)) {
    const condition = listCondition(field, '$in', value, param, context);
    if (condition) into.push(condition);
    return;
  }
  if (!isPlainObject(value)) return;
  const entries = Object.entries(value);
  let operators = 0;
  for (const [key, operand] of entries) {
    if (operand === undefined) continue;
    if (!key.startsWith('$')) {
      operators = 0;
      break;
    }
    operators++;
  }
  if (operators === 0) {
    context.issues.add(
      'INVALID_VALUE',
      param,
      `${param} in JSON form takes operators only, e.g. {"$gte": 1, "$lt": 5}; to filter a nested field use a dotted path.`,
    );
    return;
  }
  for (const [op, operand] of entries) {
    if (operand === undefined) continue;
    const condition = jsonCondition(field, op, operand, param, context);
    if (condition) into.push(condition);
  }
}

/**
 * An object of operators, each with one operand: from a query string its bracket keys in the order
 * they came (`a[$gt]=1`, `a[$in]=["x","y"]`, `a[$in][]=x&a[$in][]=y`, `a[$exists]=true`), from a
 * typed description the operators in the table's order, as `buildQuery` writes them.
 */
function readOperators(
  field: FieldInfo,
  object: object,
  param: string,
  context: ValidationContext,
  into: Condition[],
  fromText: boolean,
): void {
  const entries: Array<[string, unknown]> = fromText
    ? Object.entries(object)
    : OPERATORS.map((op): [string, unknown] => [op, operandOf(object, op)]);
  for (const [op, operand] of entries) {
    if (operand === undefined) continue;
    if (!isSupportedOperator(op)) {
      if (op.startsWith('$')) unsupported(op, param, context);
      else context.issues.add('UNKNOWN_FIELD', `${param}.${op}`, `${param} has no field "${op}".`);
      continue;
    }
    const condition = operatorCondition(field, op, operand, param, context, fromText);
    if (condition) into.push(condition);
  }
}

function operatorCondition(
  field: FieldInfo,
  op: SupportedOperator,
  operand: unknown,
  param: string,
  context: ValidationContext,
  fromText: boolean,
): Condition | undefined {
  if (isListOperator(op)) {
    if (!fromText || (typeof operand === 'string' && operand.startsWith('['))) {
      const list = fromText
        ? readJson(operand as string, param, context.limits, context.issues)
        : checkedJson(operand, param, context.limits, context.issues) && { value: operand };
      if (!list) return undefined;
      const forbidden = forbiddenOperator(list.value);
      if (forbidden) return unsupported(forbidden, param, context);
      return listCondition(field, op, list.value, param, context);
    }
    // One bare value is not a list: `a[$in]=x` is refused rather than read as `[x]`, so a client
    // that meant a JSON array and forgot the brackets (or the quotes) hears about it.
    if (!Array.isArray(operand)) {
      return invalid(
        `${op} on ${param} takes a JSON array, e.g. ${param}[${op}]=["a","b"], or repeated ${param}[${op}][]= values; got ${describeValue(operand)}`,
        param,
        context,
      );
    }
    if (!operand.every((raw): raw is string => typeof raw === 'string')) {
      return invalid(`${param}[${op}] takes a list of values`, param, context);
    }
    const values = coerceAll(operand, (raw) => coerceRaw(field, raw), param, context);
    return values ? { op, values } : undefined;
  }
  if (!fromText) {
    if (op === '$exists') return existsCondition(operand, param, context);
    const coerced = coerceValue(field, operand);
    return report(coerced, param, context) ? { op, value: coerced.value } : undefined;
  }
  if (typeof operand !== 'string') {
    const forbidden = forbiddenOperator(operand);
    if (forbidden) return unsupported(forbidden, param, context);
    return invalid(`${param}[${op}] takes one value`, param, context);
  }
  if (op === '$exists')
    return existsCondition(operand === 'true' ? true : operand === 'false' ? false : operand, param, context);
  const coerced = coerceRaw(field, operand);
  return report(coerced, param, context) ? { op, value: coerced.value } : undefined;
}

/** An operator with its operand as it came in JSON (operator objects, `elemMatch` parameters). */
export function jsonCondition(
  field: FieldInfo,
  op: string,
  operand: unknown,
  param: string,
  context: ValidationContext,
): Condition | undefined {
  if (!isSupportedOperator(op)) return unsupported(op, param, context);
  if (isListOperator(op)) return listCondition(field, op, operand, param, context);
  if (op === '$exists') return existsCondition(operand, param, context);
  const coerced = coerceJson(field, operand);
  return report(coerced, param, context) ? { op, value: coerced.value } : undefined;
}

/** A list operand once it is a value (parsed JSON, or typed), its operators already checked. */
function listCondition(
  field: FieldInfo,
  op: ListOperator,
  operand: unknown,
  param: string,
  context: ValidationContext,
): Condition | undefined {
  if (!Array.isArray(operand))
    return invalid(`${op} on ${param} takes a JSON array, e.g. ["a","b"]`, param, context);
  if (operand.length > context.limits.maxListLength) {
    context.issues.add(
      'QUERY_TOO_COMPLEX',
      param,
      `${op} on ${param} has more than ${context.limits.maxListLength} values.`,
    );
    return undefined;
  }
  const values = coerceAll(operand, (item) => coerceJson(field, item), param, context);
  return values ? { op, values } : undefined;
}

function existsCondition(operand: unknown, param: string, context: ValidationContext): Condition | undefined {
  if (typeof operand === 'boolean') return { op: '$exists', value: operand };
  return invalid(`$exists on ${param} takes true or false`, param, context);
}

function coerceAll<T>(
  items: readonly T[],
  coerce: (item: T) => Coerced,
  param: string,
  context: ValidationContext,
): FilterValue[] | undefined {
  const values: FilterValue[] = [];
  let ok = true;
  for (const item of items) {
    const coerced = coerce(item);
    if (report(coerced, param, context)) values.push(coerced.value);
    else ok = false;
  }
  return ok ? values : undefined;
}

function report(
  coerced: Coerced,
  param: string,
  context: ValidationContext,
): coerced is Extract<Coerced, { ok: true }> {
  if (coerced.ok) return true;
  context.issues.add(
    coerced.code ?? 'INVALID_VALUE',
    param,
    `Invalid value for ${param}: ${coerced.reason}.`,
  );
  return false;
}

function invalid(message: string, param: string, context: ValidationContext): undefined {
  context.issues.add('INVALID_VALUE', param, `${message}.`);
  return undefined;
}

export function unsupported(op: string, param: string, context: ValidationContext): undefined {
  context.issues.add(
    'UNSUPPORTED_OPERATOR',
    param,
    `Operator ${op} is not supported (in ${param}); use one of ${OPERATOR_LIST}.`,
  );
  return undefined;
}
