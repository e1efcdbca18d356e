/** Evaluation query operators: `$regex` (with `$options`), `$mod`, and `$expr` at the top level. */
import { RANK, toNumber, typeRank } from '../bson/order.js';
import { MISSING } from '../bson/paths.js';
import { badValue } from '../errors/engine-errors.js';
import { evaluate, validateExpression } from '../expression/evaluate.js';
import { truthy } from '../expression/values.js';
import { anyElement, type MatchContext, type OperatorCompiler, type Predicate } from './predicates.js';
import { regexTest, toRegExp } from './regex.js';

const regex: OperatorCompiler = ({ arg, spec, single }) => {
  const keys = Object.keys(spec);
  const re = toRegExp(arg, spec.$options, keys.indexOf('$options') < keys.indexOf('$regex'));
  return anyElement(regexTest(re), single);
};

const mod: OperatorCompiler = ({ arg, single }) => {
  if (!Array.isArray(arg) || arg.length !== 2) {
    throw badValue(
      `malformed mod, ${Array.isArray(arg) && arg.length < 2 ? 'not enough elements' : 'needs to be an array'}`,
    );
  }
  const [d, r] = arg.map(toNumber);
  if (Number.isNaN(d) || Number.isNaN(r))
    throw badValue('malformed mod, divisor and remainder must be numbers');
  const divisor = Math.trunc(d!);
  if (divisor === 0) throw badValue('divisor cannot be 0');
  const remainder = Math.trunc(r!);
  return anyElement(
    (v) =>
      v !== MISSING &&
      typeRank(v) === RANK.number &&
      v !== null &&
      Math.trunc(toNumber(v)) % divisor === remainder,
    single,
  );
};

export const EVALUATION_OPERATORS: Readonly<Record<string, OperatorCompiler>> = {
  $regex: regex,
  $mod: mod,
};

/** `{$expr: <aggregation expression>}`: the expression's truthiness, with `$lookup`'s variables. */
export function exprPredicate(value: unknown, ctx: MatchContext): Predicate {
  validateExpression(value);
  return (doc) => truthy(evaluate(doc, value, ctx.variables));
}
