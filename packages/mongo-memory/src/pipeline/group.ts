/**
 * The `$group` stage. Group keys use BSON equality (missing `_id` values become null, missing fields
 * of a document `_id` of several fields are left out, the one field of a single-field one is null). `$push` and `$addToSet` skip missing values, `$max`/`$min` use
 * BSON order and ignore null and missing, as MongoDB does; other accumulators are mingo's.
 */
import * as accumulatorOps from 'mingo/operators/accumulator';
import { cloneValue } from '../bson/clone.js';
import type { Document } from '../bson/document.js';
import { canonicalKey, compareValues, isDocument, isNumberLike, toNumber } from '../bson/order.js';
import { serverError } from '../errors/engine-errors.js';
import { compileExpression } from '../expression/compile.js';
import { asServerError, context, evaluate, validateExpression } from '../expression/evaluate.js';

type Accumulate = (
  values: () => unknown[],
  docs: Document[],
  arg: unknown,
  variables: Document | undefined,
) => unknown;

const numeric = (values: unknown[]): number[] => values.filter(isNumberLike).map(toNumber);

const OWN: Record<string, Accumulate> = {
  $sum: (values) => numeric(values()).reduce((a, b) => a + b, 0),
  $avg: (values) => {
    const nums = numeric(values());
    return nums.length === 0 ? null : nums.reduce((a, b) => a + b, 0) / nums.length;
  },
  $first: (values) => values()[0] ?? null,
  $last: (values) => values().at(-1) ?? null,
  $push: (values) => values().filter((v) => v !== undefined),
  $addToSet: (values) => {
    const seen = new Map<string, unknown>();
    for (const v of values()) if (v !== undefined && !seen.has(canonicalKey(v))) seen.set(canonicalKey(v), v);
    return [...seen.values()];
  },
  $max: (values) => extreme(values(), 1),
  $min: (values) => extreme(values(), -1),
  $count: (_values, docs, arg) => {
    if (!isDocument(arg) || Object.keys(arg).length > 0)
      throw serverError(40181, '$count takes no arguments, i.e. $count:{}');
    return docs.length;
  },
  $mergeObjects: (values) => {
    const out: Document = {};
    for (const v of values()) {
      if (v === undefined || v === null) continue;
      if (!isDocument(v))
        throw serverError(40400, `$mergeObjects requires object inputs, but input is of type ${typeof v}`);
      Object.assign(out, v);
    }
    return out;
  },
};

function extreme(values: unknown[], direction: 1 | -1): unknown {
  let best: unknown = null;
  for (const v of values) {
    if (v === undefined || v === null) continue;
    if (best === null || compareValues(v, best) * direction > 0) best = v;
  }
  return best;
}

const MINGO = Object.fromEntries(Object.entries(accumulatorOps).filter(([k]) => k.startsWith('$'))) as Record<
  string,
  (docs: Document[], expr: unknown, options: object) => unknown
>;

/**
 * An expression as a function of the document: the native evaluator when it handles the
 * expression (compiled once per stage), else mingo's. Field paths and constants, the common
 * `_id` and accumulator arguments, are native.
 */
function evaluator(expr: unknown, variables: Document | undefined): (doc: Document) => unknown {
  const compiled = compileExpression(expr);
  return compiled ? (doc) => compiled(doc, variables) : (doc) => evaluate(doc, expr, variables);
}

function groupIdOf(idExpr: unknown, variables: Document | undefined): (doc: Document) => unknown {
  if (isDocument(idExpr) && !Object.keys(idExpr)[0]?.startsWith('$')) {
    const parts = Object.entries(idExpr).map(([k, e]) => [k, evaluator(e, variables)] as const);
    if (parts.length === 1) {
      // One field: MongoDB groups by that value alone, missing taken as null (groupMissing.js),
      // so {a: null} and {} make the one group {_id: {a: null}}.
      const [k, part] = parts[0]!;
      return (doc) => ({ [k]: part(doc) ?? null });
    }
    return (doc) => {
      const out: Document = {};
      for (const [k, part] of parts) {
        const v = part(doc);
        if (v !== undefined) out[k] = v;
      }
      return out;
    };
  }
  const id = evaluator(idExpr, variables);
  return (doc) => id(doc) ?? null;
}

export function group(docs: Document[], spec: unknown, variables: Document | undefined): Document[] {
  if (!isDocument(spec)) throw serverError(15947, "a group's fields must be specified in an object");
  if (!Object.hasOwn(spec, '_id')) throw serverError(15955, 'a group specification must include an _id');
  validateExpression(spec._id);
  const fields: Array<[string, string, unknown, (doc: Document) => unknown]> = [];
  for (const [name, acc] of Object.entries(spec)) {
    if (name === '_id') continue;
    if (name.includes('.')) throw serverError(40235, `The field name '${name}' cannot contain '.'`);
    if (name.startsWith('$')) throw serverError(16410, `FieldPath field names may not start with '$'.`);
    if (!isDocument(acc) || Object.keys(acc).length !== 1) {
      throw serverError(40234, `The field '${name}' must be an accumulator object`);
    }
    const op = Object.keys(acc)[0]!;
    if (!(op in OWN) && !(op in MINGO)) throw serverError(15952, `unknown group operator '${op}'`);
    validateExpression(acc[op]);
    fields.push([name, op, acc[op], evaluator(acc[op], variables)]);
  }
  const groupId = groupIdOf(spec._id, variables);
  const groups = new Map<string, { id: unknown; docs: Document[] }>();
  for (const doc of docs) {
    const id = groupId(doc);
    const key = canonicalKey(id);
    let g = groups.get(key);
    if (g === undefined) {
      g = { id, docs: [] };
      groups.set(key, g);
    }
    g.docs.push(doc);
  }
  const out: Document[] = [];
  for (const { id, docs: members } of groups.values()) {
    const result: Document = { _id: cloneValue(id) };
    for (const [name, op, arg, argOf] of fields) {
      const own = OWN[op];
      const values = () => members.map(argOf);
      let value: unknown;
      if (own) value = own(values, members, arg, variables);
      else {
        try {
          value = MINGO[op]!(members, arg, variables ? { context, variables } : { context });
        } catch (error) {
          throw asServerError(error);
        }
      }
      result[name] = cloneValue(value);
    }
    out.push(result);
  }
  return out;
}
