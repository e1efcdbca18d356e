import type { Condition, FieldFilter, FilterNode, MongoFilter, QueryPlan } from '../plan/types.js';
import { escapeRegex } from '../search/normalize.js';

/**
 * The `find` filter / `$match` of a plan: the caller's base filter ANDed with what the user asked
 * for. The base filter is kept verbatim as its own `$and` branch, so nothing the user sends can
 * change or widen it.
 */
export function buildFilter(plan: Pick<QueryPlan, 'baseFilter' | 'filters'>): MongoFilter {
  return andFilters(plan.baseFilter, userFilter(plan.filters));
}

export function andFilters(base: MongoFilter | undefined, user: MongoFilter): MongoFilter {
  const hasBase = base !== undefined && Object.keys(base).length > 0;
  const hasUser = Object.keys(user).length > 0;
  if (hasBase && hasUser) return { $and: [base, user] };
  if (hasBase) return base;
  return user;
}

/** The user's filters as one document; clauses that would share a key go into an `$and`. */
export function userFilter(nodes: readonly FilterNode[]): MongoFilter {
  const merged: MongoFilter = {};
  const extra: MongoFilter[] = [];
  for (const node of nodes) {
    for (const clause of nodeClauses(node)) {
      const [key] = Object.keys(clause);
      if (key !== undefined && Object.keys(clause).length === 1 && !(key in merged))
        merged[key] = clause[key];
      else extra.push(clause);
    }
  }
  if (extra.length === 0) return merged;
  return Object.keys(merged).length === 0 ? { $and: extra } : { $and: [merged, ...extra] };
}

function nodeClauses(node: FilterNode): MongoFilter[] {
  switch (node.kind) {
    case 'field':
      return fieldClauses(node);
    case 'elemMatch':
      return [{ [node.path]: { $elemMatch: elementFilter(node.fields) } }];
    case 'search':
      // Tokens are stored folded, so an anchored, case-sensitive prefix regex can use the index.
      return node.prefixes.map((prefix) => ({ [node.tokensField]: { $regex: `^${escapeRegex(prefix)}` } }));
  }
}

/** `{enrolled: true, score: {$gte: 7}}` inside an `$elemMatch`. */
function elementFilter(fields: readonly FieldFilter[]): MongoFilter {
  const clauses = fields.flatMap(fieldClauses);
  return userFilterFromClauses(clauses);
}

function userFilterFromClauses(clauses: readonly MongoFilter[]): MongoFilter {
  const merged: MongoFilter = {};
  const extra: MongoFilter[] = [];
  for (const clause of clauses) {
    const [key] = Object.keys(clause);
    if (key !== undefined && !(key in merged)) merged[key] = clause[key];
    else extra.push(clause);
  }
  return extra.length === 0 ? merged : { ...merged, $and: extra };
}

function fieldClauses(filter: FieldFilter): MongoFilter[] {
  const { path, conditions } = filter;
  const [only] = conditions;
  if (conditions.length === 1 && only && only.op === '$eq') return [{ [path]: only.value }];
  const ops = conditions.map((condition) => condition.op);
  if (new Set(ops).size === ops.length) {
    const object: Record<string, unknown> = {};
    for (const condition of conditions) object[condition.op] = operand(condition);
    return [{ [path]: object }];
  }
  return conditions.map((condition) => ({ [path]: { [condition.op]: operand(condition) } }));
}

function operand(condition: Condition): unknown {
  return 'values' in condition ? [...condition.values] : condition.value;
}
