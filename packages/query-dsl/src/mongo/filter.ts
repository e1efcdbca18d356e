import type { Condition, FieldFilter, FilterNode, MongoFilter, QueryPlan } from '../plan/types.js';
import { prefixRange } from '../search/prefix-range.js';

/**
 * The `find` filter / `$match` of a plan: the caller's base filter ANDed with what the user asked
 * for. The base filter is kept verbatim as its own `$and` branch, so nothing the user sends can
 * change or widen it.
 */
export function buildFilter(plan: Pick<QueryPlan, 'baseFilter' | 'filters'>): MongoFilter {
  return andFilters(plan.baseFilter, userFilter(plan.filters));
}

export function andFilters(base: MongoFilter | undefined, user: MongoFilter): MongoFilter {
  const hasBase = base !== undefined && hasKeys(base);
  const hasUser = hasKeys(user);
  if (hasBase && hasUser) return { $and: [base, user] };
  if (hasBase) return base;
  return user;
}

/** Without listing the keys (`Object.keys` builds an array on every query). */
function hasKeys(object: object): boolean {
  for (const _ in object) return true;
  return false;
}

/**
 * Clauses gathered into one document; a clause whose field is already there goes into an `$and`
 * instead of overwriting it.
 */
interface ClauseSet {
  readonly merged: MongoFilter;
  extra: MongoFilter[] | undefined;
}

const hasOwn = Object.prototype.hasOwnProperty;

function addClause(clauses: ClauseSet, key: string, value: unknown): void {
  if (!hasOwn.call(clauses.merged, key)) clauses.merged[key] = value;
  else if (clauses.extra) clauses.extra.push({ [key]: value });
  else clauses.extra = [{ [key]: value }];
}

/** The document: `merged`, or with `extra` in an `$and` (nested beside the fields, or around them). */
function clausesFilter(clauses: ClauseSet, nestExtraInAnd: boolean): MongoFilter {
  const { merged, extra } = clauses;
  if (!extra) return merged;
  return nestExtraInAnd ? { $and: [merged, ...extra] } : { ...merged, $and: extra };
}

/** The user's filters as one document; clauses that would share a key go into an `$and`. */
export function userFilter(nodes: readonly FilterNode[]): MongoFilter {
  const clauses: ClauseSet = { merged: {}, extra: undefined };
  for (const node of nodes) addNode(clauses, node);
  return clausesFilter(clauses, true);
}

function addNode(clauses: ClauseSet, node: FilterNode): void {
  switch (node.kind) {
    case 'field':
      addField(clauses, node);
      return;
    case 'elemMatch':
      addClause(clauses, node.path, { $elemMatch: elementFilter(node.fields) });
      return;
    case 'search':
      // Tokens are stored folded, so a word is a range of tokens: `$elemMatch` makes one token
      // satisfy both bounds (on an array, `{$gte, $lt}` alone may be met by two different tokens)
      // and lets MongoDB intersect them into one index range on the multikey index.
      for (const prefix of node.prefixes)
        addClause(clauses, node.tokensField, { $elemMatch: prefixRange(prefix) });
      return;
  }
}

/** `{enrolled: true, score: {$gte: 7}}` inside an `$elemMatch`. */
function elementFilter(fields: readonly FieldFilter[]): MongoFilter {
  const clauses: ClauseSet = { merged: {}, extra: undefined };
  for (const field of fields) addField(clauses, field);
  return clausesFilter(clauses, false);
}

function addField(clauses: ClauseSet, filter: FieldFilter): void {
  const { path, conditions } = filter;
  const only = conditions[0];
  if (conditions.length === 1 && only && only.op === '$eq') {
    addClause(clauses, path, only.value);
    return;
  }
  const object: Record<string, unknown> = {};
  let repeated = false;
  for (const condition of conditions) {
    if (condition.op in object) repeated = true;
    object[condition.op] = operand(condition);
  }
  if (!repeated) {
    addClause(clauses, path, object);
    return;
  }
  for (const condition of conditions) addClause(clauses, path, { [condition.op]: operand(condition) });
}

function operand(condition: Condition): unknown {
  return 'values' in condition ? [...condition.values] : condition.value;
}
