/** Logical query operators: `$and`, `$or`, `$nor` (over filters) and `$not` (over a field's operators). */
import { isDocument } from '../bson/order.js';
import { badValue } from '../errors/engine-errors.js';
import {
  anyElement,
  type Compiler,
  every,
  isRegex,
  type MatchContext,
  type OperatorCompiler,
  type Predicate,
} from './predicates.js';
import { regexTest, toRegExp } from './regex.js';

export function logicalPredicate(
  op: string,
  value: unknown,
  ctx: MatchContext,
  compiler: Compiler,
): Predicate {
  if (!Array.isArray(value) || value.length === 0) throw badValue('$and/$or/$nor must be a nonempty array');
  const parts = value.map((v) => {
    if (!isDocument(v)) throw badValue(`${op} argument's entries must be objects`);
    return compiler.filter(v, ctx);
  });
  if (op === '$and') return every(parts);
  if (op === '$or') return (doc) => parts.some((p) => p(doc));
  return (doc) => !parts.some((p) => p(doc));
}

const not: OperatorCompiler = ({ arg, ctx, single, compiler }) => {
  if (isRegex(arg)) {
    const re = toRegExp(arg);
    const t = anyElement(regexTest(re), single);
    return (c) => !t(c);
  }
  if (!isDocument(arg)) throw badValue('$not needs a regex or a document');
  if (Object.keys(arg).length === 0) throw badValue('$not cannot be empty');
  const t = compiler.operators(arg, ctx, single);
  return (c) => !t(c);
};

export const LOGICAL_OPERATORS: Readonly<Record<string, OperatorCompiler>> = { $not: not };
