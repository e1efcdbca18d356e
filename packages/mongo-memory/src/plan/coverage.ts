/**
 * Whether every document a filter matches is in an index: always for a plain index; for a sparse
 * one when the filter needs one of its fields to hold a value; for a partial one when the filter
 * implies the partial filter, condition by condition (`{'user.id_card': 'A1'}` implies
 * `{'user.id_card': {$type: 'string'}}`). Anything this cannot show is taken as not covered, and
 * the index is not used.
 */
import { ObjectId } from 'bson';
import type { Document } from '../bson/document.js';
import { isDocument, typeRank } from '../bson/order.js';
import { compareKeyValues, isTypeEdge } from '../indexes/index-order.js';
import type { IndexDefinition } from '../indexes/unique-index.js';
import { isOperatorObject } from '../query/predicates.js';
import { type FieldBounds, fieldBounds, type Interval } from './conditions.js';

export function covers(index: IndexDefinition, conditions: ReadonlyMap<string, unknown[]>): boolean {
  if (index.sparse) {
    return Object.keys(index.key).some((field) => {
      const list = conditions.get(field) ?? [];
      return fieldBounds(list, true) !== undefined || list.some(requiresExistence);
    });
  }
  if (index.partialFilterExpression === undefined) return true;
  return implied(index.partialFilterExpression, conditions);
}

const requiresExistence = (condition: unknown): boolean =>
  isOperatorObject(condition) && (condition.$exists === true || condition.$exists === 1);

function implied(partial: Document, conditions: ReadonlyMap<string, unknown[]>): boolean {
  return Object.entries(partial).every(([key, value]) => {
    if (key === '$and')
      return Array.isArray(value) && value.every((c) => isDocument(c) && implied(c, conditions));
    if (key.startsWith('$')) return false;
    const list = conditions.get(key) ?? [];
    const bounds = fieldBounds(list, true);
    if (isOperatorObject(value)) {
      return Object.entries(value).every(([op, arg]) =>
        op === '$exists' ? bounds !== undefined || list.some(requiresExistence) : impliedBy(bounds, op, arg),
      );
    }
    return impliedBy(bounds, '$eq', value);
  });
}

/** Whether every value in `bounds` meets `{[op]: arg}`. */
function impliedBy(bounds: FieldBounds | undefined, op: string, arg: unknown): boolean {
  if (bounds === undefined) return false;
  return bounds.intervals.every((interval) => {
    switch (op) {
      case '$eq':
        return bounds.points && compareKeyValues(interval.lo, arg) === 0 && sameRank(interval.lo, arg);
      case '$in':
        return bounds.points && Array.isArray(arg) && arg.some((v) => impliedBy(bounds, '$eq', v));
      case '$type':
        return (Array.isArray(arg) ? arg : [arg]).some((type) =>
          typeNames(sampleOf(interval)).includes(type),
        );
      case '$gt':
      case '$gte':
        return above(interval, arg, op === '$gte');
      case '$lt':
      case '$lte':
        return below(interval, arg, op === '$lte');
      default:
        return false;
    }
  });
}

const sameRank = (a: unknown, b: unknown): boolean => typeRank(a) === typeRank(b);

/** A value of the interval's type (its bounds never mix types). */
const sampleOf = (interval: Interval): unknown => (isTypeEdge(interval.lo) ? interval.hi : interval.lo);

/** The `$type` names (and numbers) of a value; a number only as 'number': int or double depends on how it is stored. */
function typeNames(value: unknown): unknown[] {
  if (typeof value === 'string') return ['string', 2];
  if (typeof value === 'boolean') return ['bool', 8];
  if (value instanceof Date) return ['date', 9];
  if (value instanceof ObjectId) return ['objectId', 7];
  if (typeof value === 'number') return ['number'];
  return [];
}

function above(interval: Interval, bound: unknown, included: boolean): boolean {
  const { lo } = interval;
  if (isTypeEdge(lo) || !sameRank(lo, bound)) return false;
  const c = compareKeyValues(lo, bound);
  return c > 0 || (c === 0 && (included || !interval.loIncluded));
}

function below(interval: Interval, bound: unknown, included: boolean): boolean {
  const { hi } = interval;
  if (isTypeEdge(hi) || !sameRank(hi, bound)) return false;
  const c = compareKeyValues(hi, bound);
  return c < 0 || (c === 0 && (included || !interval.hiIncluded));
}
