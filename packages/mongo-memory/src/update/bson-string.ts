/**
 * A value written as MongoDB's `BSONObj::toString` writes it in error messages (`{ a.$[x]: 1 }`):
 * field names bare, strings double-quoted, arrays `[ 1, 2 ]`. Other BSON types as their JSON.
 */
import { isDocument } from '../bson/order.js';
import { describe } from './check.js';

export function bsonString(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[ ${value.map(bsonString).join(', ')} ]`;
  if (isDocument(value)) {
    const fields = Object.entries(value).map(([key, v]) => `${key}: ${bsonString(v)}`);
    return fields.length === 0 ? '{}' : `{ ${fields.join(', ')} }`;
  }
  if (typeof value === 'number') return String(value);
  return describe(value);
}
