/**
 * What a `partialFilterExpression` may hold, as MongoDB 8.0 checks it when an index is created
 * (src/mongo/db/index/expression_params / `isSupportedPartialFilterExpression`): equalities,
 * `$exists: true`, `$gt`, `$gte`, `$lt`, `$lte`, `$type`, `$in`, under `$and` and `$or`, at most
 * four levels deep (`internalPartialFilterExpressionMaxDepth`). Anything else — `$ne: null`,
 * `$elemMatch`, `$not`, `$nin`, `$exists: false`, a regex, `$expr` — is error 67 CannotCreateIndex.
 */

import type { Document } from '../bson/document.js';
import { isDocument } from '../bson/order.js';
import { badValue, serverError } from '../errors/engine-errors.js';
import { isRegex } from '../query/predicates.js';

const MAX_DEPTH = 4;
const LEAF_OPERATORS = new Set(['$eq', '$gt', '$gte', '$lt', '$lte', '$type', '$in', '$exists']);

function refuse(what: string): never {
  throw serverError(
    67,
    `Error in specification { partialFilterExpression: … } :: caused by :: Expression not supported in partial index: ${what}`,
  );
}

function checkClauses(clauses: unknown, depth: number): void {
  if (!Array.isArray(clauses) || clauses.length === 0) throw badValue('$and/$or must be a nonempty array');
  for (const clause of clauses) {
    if (!isDocument(clause)) throw badValue('$and/$or entries need to be full objects');
    checkDocument(clause, depth + 1);
  }
}

function checkDocument(filter: Document, depth: number): void {
  if (depth > MAX_DEPTH) throw serverError(67, `partialFilterExpression depth may not exceed ${MAX_DEPTH}`);
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' || key === '$or') checkClauses(value, depth);
    else if (key.startsWith('$')) refuse(key);
    else checkLeaf(key, value);
  }
}

function checkLeaf(path: string, value: unknown): void {
  if (isRegex(value)) refuse(`${path} regex`);
  if (!isDocument(value) || !Object.keys(value)[0]?.startsWith('$')) return;
  for (const [op, arg] of Object.entries(value)) {
    if (!LEAF_OPERATORS.has(op)) refuse(`${path} ${op}`);
    if (op === '$exists' && arg !== true && arg !== 1) refuse(`${path} $exists: false`);
    if (op === '$in' && Array.isArray(arg) && arg.some((v) => isRegex(v) || Array.isArray(v)))
      refuse(`${path} $in`);
  }
}

/** Throws MongoDB's error for a partial filter MongoDB refuses. */
export function checkPartialFilter(filter: unknown): asserts filter is Document {
  if (!isDocument(filter)) throw serverError(14, 'partialFilterExpression for an index must be a document');
  checkDocument(filter, 1);
}
