/**
 * The operators user input may use, each with the kind of operand it takes: the one list the
 * validators, the plan's types, `buildQuery`, the error messages and the issue table derive from.
 * `comparison` takes one value, `list` a list of values, `exists` true or false (exported for the
 * operator table of docs/conventions.md, scripts/docs/reference.ts).
 */
export const OPERATOR_KINDS = {
  $eq: 'comparison',
  $ne: 'comparison',
  $gt: 'comparison',
  $gte: 'comparison',
  $lt: 'comparison',
  $lte: 'comparison',
  $in: 'list',
  $nin: 'list',
  $exists: 'exists',
} as const;

type OperatorKinds = typeof OPERATOR_KINDS;
export type SupportedOperator = keyof OperatorKinds;
type OperatorKind = OperatorKinds[SupportedOperator];
type OperatorsOfKind<K extends OperatorKind> = {
  [O in SupportedOperator]: OperatorKinds[O] extends K ? O : never;
}[SupportedOperator];
export type ComparisonOperator = OperatorsOfKind<'comparison'>;
export type ListOperator = OperatorsOfKind<'list'>;

/** The operators in the table's order (`$eq` … `$exists`). */
export const OPERATORS: readonly SupportedOperator[] = Object.keys(OPERATOR_KINDS).filter(
  (key): key is SupportedOperator => Object.hasOwn(OPERATOR_KINDS, key),
);

/** The only operators user input may use (a set of strings, so any key can be looked up). */
export const SUPPORTED_OPERATORS: ReadonlySet<string> = new Set(OPERATORS);

const LIST_OPERATORS: ReadonlySet<string> = new Set(OPERATORS.filter((op) => OPERATOR_KINDS[op] === 'list'));

// Set lookups: every filter condition of every read asks.
export function isSupportedOperator(key: string): key is SupportedOperator {
  return SUPPORTED_OPERATORS.has(key);
}

export function isListOperator(op: SupportedOperator): op is ListOperator {
  return LIST_OPERATORS.has(op);
}

/** The operators as messages and the issue table name them: `$eq $ne … $exists`. */
export const OPERATOR_LIST = OPERATORS.join(' ');
