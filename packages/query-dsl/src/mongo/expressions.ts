import type { Condition, ElemMatchProjection, FieldFilter, FilterValue } from '../plan/types.js';

type Expression = Record<string, unknown> | boolean;

/**
 * The aggregation expression that keeps the matching elements of an array:
 * `{$filter: {input: '$years', as: 'item', cond: ...}}`. MongoDB has no `$elemMatch` expression
 * (and its find projection keeps only the first match), so the criteria are rewritten as
 * expressions with the query language's meaning: type-bracketed comparisons, `null` matching a
 * missing field, user strings wrapped in `$literal` so they can never name a field or variable.
 */
export function elemMatchFilterExpression(projection: ElemMatchProjection): Record<string, unknown> {
  const input = `$${projection.path}`;
  return {
    $cond: [
      { $isArray: input },
      { $filter: { input, as: 'item', cond: allOf(projection.fields.flatMap(fieldExpressions)) } },
      '$$REMOVE',
    ],
  };
}

function fieldExpressions(filter: FieldFilter): Expression[] {
  const value = `$$item.${filter.path}`;
  return filter.conditions.map((condition) => conditionExpression(value, condition));
}

function conditionExpression(value: string, condition: Condition): Expression {
  switch (condition.op) {
    case '$eq':
      return equals(value, condition.value);
    case '$ne':
      return { $not: [equals(value, condition.value)] };
    case '$in':
      return anyOf(condition.values.map((item) => equals(value, item)));
    case '$nin':
      return { $not: [anyOf(condition.values.map((item) => equals(value, item)))] };
    case '$exists':
      return condition.value
        ? { $ne: [{ $type: value }, 'missing'] }
        : { $eq: [{ $type: value }, 'missing'] };
    default:
      return compare(value, condition.op, condition.value);
  }
}

function equals(value: string, literal: FilterValue): Expression {
  if (literal === null) return { $in: [{ $type: value }, ['missing', 'null']] };
  return { $eq: [value, asLiteral(literal)] };
}

/** Query comparisons only match values of the same type (type bracketing); so must the expression. */
function compare(value: string, op: '$gt' | '$gte' | '$lt' | '$lte', literal: FilterValue): Expression {
  if (literal === null) return op === '$gte' || op === '$lte' ? equals(value, null) : false;
  return { $and: [sameType(value, literal), { [op]: [value, asLiteral(literal)] }] };
}

function sameType(value: string, literal: Exclude<FilterValue, null>): Expression {
  if (typeof literal === 'number') return { $isNumber: value };
  if (typeof literal === 'string') return { $eq: [{ $type: value }, 'string'] };
  if (typeof literal === 'boolean') return { $eq: [{ $type: value }, 'bool'] };
  if (literal instanceof Date) return { $eq: [{ $type: value }, 'date'] };
  return { $eq: [{ $type: value }, 'objectId'] };
}

function asLiteral(literal: Exclude<FilterValue, null>): unknown {
  return typeof literal === 'string' ? { $literal: literal } : literal;
}

function allOf(expressions: Expression[]): Expression {
  return expressions.length === 1 ? expressions[0]! : { $and: expressions };
}

function anyOf(expressions: Expression[]): Expression {
  if (expressions.length === 0) return false;
  return expressions.length === 1 ? expressions[0]! : { $or: expressions };
}
