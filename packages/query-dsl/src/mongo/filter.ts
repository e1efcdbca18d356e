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

/**
 * Clauses gathered into one document; a clause whose field is already there goes into an `$and`
 * instead of overwriting it.
 */
class ClauseSet {
  readonly merged: MongoFilter = {};
  readonly extra: MongoFilter[] = [];
  #size = 0;

  add(key: string, value: unknown): void {
    if (key in this.merged) this.extra.push({ [key]: value });
    else {
      this.merged[key] = value;
      this.#size++;
    }
  }

  /** The document: `merged`, or `{ $and: [merged, ...extra] }` when clauses shared a field. */
  toFilter(nestExtraInAnd = true): MongoFilter {
    if (this.extra.length === 0) return this.merged;
    if (!nestExtraInAnd) return { ...this.merged, $and: this.extra };
    return this.#size === 0 ? { $and: this.extra } : { $and: [this.merged, ...this.extra] };
  }
}

/** The user's filters as one document; clauses that would share a key go into an `$and`. */
export function userFilter(nodes: readonly FilterNode[]): MongoFilter {
  const clauses = new ClauseSet();
  for (const node of nodes) addNode(clauses, node);
  return clauses.toFilter();
}

function addNode(clauses: ClauseSet, node: FilterNode): void {
  switch (node.kind) {
    case 'field':
      addField(clauses, node);
      return;
    case 'elemMatch':
      clauses.add(node.path, { $elemMatch: elementFilter(node.fields) });
      return;
    case 'search':
      // Tokens are stored folded, so an anchored, case-sensitive prefix regex can use the index.
      for (const prefix of node.prefixes)
        clauses.add(node.tokensField, { $regex: `^${escapeRegex(prefix)}` });
      return;
  }
}

/** `{enrolled: true, score: {$gte: 7}}` inside an `$elemMatch`. */
function elementFilter(fields: readonly FieldFilter[]): MongoFilter {
  const clauses = new ClauseSet();
  for (const field of fields) addField(clauses, field);
  return clauses.toFilter(false);
}

function addField(clauses: ClauseSet, filter: FieldFilter): void {
  const { path, conditions } = filter;
  const only = conditions[0];
  if (conditions.length === 1 && only && only.op === '$eq') {
    clauses.add(path, only.value);
    return;
  }
  const object: Record<string, unknown> = {};
  let repeated = false;
  for (const condition of conditions) {
    if (condition.op in object) repeated = true;
    object[condition.op] = operand(condition);
  }
  if (!repeated) {
    clauses.add(path, object);
    return;
  }
  for (const condition of conditions) clauses.add(path, { [condition.op]: operand(condition) });
}

function operand(condition: Condition): unknown {
  return 'values' in condition ? [...condition.values] : condition.value;
}
