/** How aggregation expressions read values: truthiness and comparison with missing below null. */
import { bsonType, compareValues, toNumber } from '../bson/order.js';

/** MongoDB truthiness: false, null, missing and numeric zero (of any numeric type) are false. */
export function truthy(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return false;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'bigint') return value !== 0n;
  if (typeof value === 'object') {
    const tag = bsonType(value);
    if (tag === 'Int32' || tag === 'Double' || tag === 'Long' || tag === 'Decimal128') {
      return toNumber(value) !== 0;
    }
  }
  return true;
}

/** Aggregation comparison: like BSON order, but a missing value sorts below null. */
export function compareExpr(a: unknown, b: unknown): number {
  if (a === undefined || b === undefined) {
    if (a === undefined && b === undefined) return 0;
    return a === undefined ? -1 : 1;
  }
  return compareValues(a, b);
}
