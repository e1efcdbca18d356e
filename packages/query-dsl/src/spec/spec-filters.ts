import { type ConditionForm, conditionForm, operandOf } from '../build/spec-parts.js';
import type { CollectionDefinition } from '../collection/define-collection.js';
import { isListOperator, OPERATORS } from '../core/operators.js';
import { isPrototypeKey, reportPrototypeKey } from '../parse/prototype-keys.js';
import type { Condition, FieldFilter } from '../plan/types.js';
import type { FieldInfo } from '../schema/fields.js';
import { coerceValue } from '../validate/coerce.js';
import {
  existsCondition,
  jsonFormConditions,
  listCondition,
  report,
  unsupported,
} from '../validate/conditions.js';
import type { ValidationContext } from '../validate/context.js';
import { lookupField } from '../validate/field-lookup.js';
import { tooManyFilters } from '../validate/filters.js';
import { checkedJson, depthOf } from '../validate/json.js';
import { forbiddenOperator } from '../validate/operators.js';

/**
 * A typed description's `filter`, path by path, with the checks and issues of the query string's
 * filters: each condition is read in the form `buildQuery` would write it (`conditionForm`), and its
 * values go to the same coercion and condition checks, typed values that are right for their field
 * skipping only the text step.
 */
export function readSpecFilters(
  collection: CollectionDefinition,
  filter: unknown,
  context: ValidationContext,
): FieldFilter[] {
  const entries: Array<readonly [string, unknown, ConditionForm]> = [];
  // `Object.entries` of anything but null, as `buildQuery` reads it (a JS caller may pass anything).
  for (const [path, condition] of Object.entries(filter ?? {})) {
    const form = conditionForm(condition);
    if (form === 'none') continue;
    // A prototype key is refused first, as the query string's reader refuses it before any check.
    if (isPrototypeKey(path)) reportPrototypeKey(path, context.issues);
    else entries.push([path, condition, form]);
  }
  const fields = entries.filter(([path]) => {
    if (!path.startsWith('$')) return true;
    unsupported(path, path, context);
    return false;
  });
  // Stryker disable next-line ArrayDeclaration: equivalent, an issue is already reported, so the plan is never built
  if (tooManyFilters(fields.length, context)) return [];
  const filters: FieldFilter[] = [];
  for (const [path, condition, form] of fields) {
    const field = lookupField(collection, path, path, context.issues);
    if (!field) {
      // An injection attempt is reported as such even on a field that does not exist.
      const forbidden =
        form === 'json' && depthOf(condition, context.limits.maxDepth) <= context.limits.maxDepth
          ? forbiddenOperator(condition)
          : undefined;
      if (forbidden) unsupported(forbidden, path, context);
      continue;
    }
    const conditions = fieldConditions(field, condition, form, path, context);
    if (conditions) filters.push({ kind: 'field', path, conditions });
  }
  return filters;
}

function fieldConditions(
  field: FieldInfo,
  condition: unknown,
  form: ConditionForm,
  param: string,
  context: ValidationContext,
): Condition[] | undefined {
  if (form === 'value') {
    const coerced = coerceValue(field, condition);
    return report(coerced, param, context) ? [{ op: '$eq', value: coerced.value }] : undefined;
  }
  const before = context.issues.reported;
  const conditions: Condition[] = [];
  if (form === 'json') {
    if (checkedJson(condition, param, context.limits, context.issues)) {
      jsonFormConditions(field, condition, param, context, conditions);
    }
  } else {
    // The operators in the table's order, as `buildQuery` writes them (`path[$op]=value`): a list
    // for `$in`/`$nin` (as JSON), `true`/`false` for `$exists`, one bare value for the others.
    for (const op of OPERATORS) {
      const operand = operandOf(condition, op);
      let read: Condition | undefined;
      if (operand === undefined) continue;
      if (isListOperator(op)) {
        if (checkedJson(operand, param, context.limits, context.issues)) {
          const forbidden = forbiddenOperator(operand);
          if (forbidden) unsupported(forbidden, param, context);
          else read = listCondition(field, op, operand, param, context);
        }
      } else if (op === '$exists') read = existsCondition(operand, param, context);
      else {
        const coerced = coerceValue(field, operand);
        if (report(coerced, param, context)) read = { op, value: coerced.value };
      }
      // Stryker disable next-line ConditionalExpression: equivalent, a condition is missing only after an issue, so the plan is never built
      if (read) conditions.push(read);
    }
  }
  // Stryker disable next-line ConditionalExpression: equivalent, a new issue already refuses the query, whatever is returned
  return context.issues.reported === before ? conditions : undefined;
}
