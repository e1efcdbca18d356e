/** Array query operators: `$size`, `$all` and `$elemMatch` (its value form and its query form). */

import type { Document } from '../bson/document.js';
import { bsonType, isDocument, toNumber } from '../bson/order.js';
import { badValue } from '../errors/engine-errors.js';
import { stringRangeTest } from './comparison.js';
import { isOperatorObject, type OperatorCompiler } from './predicates.js';

const size: OperatorCompiler = ({ arg }) => {
  if (typeof arg !== 'number' && !['Int32', 'Long', 'Double'].includes(bsonType(arg) ?? '')) {
    throw badValue('$size needs a number');
  }
  const n = toNumber(arg);
  if (!Number.isInteger(n)) throw badValue(`$size must be a whole number`);
  if (n < 0) throw badValue('$size may not be negative');
  return (candidates) => candidates.some((c) => Array.isArray(c) && c.length === n);
};

const all: OperatorCompiler = ({ arg, ctx, single, compiler }) => {
  if (!Array.isArray(arg)) throw badValue('$all needs an array');
  if (arg.length === 0) return () => false;
  const tests = arg.map((v) => {
    if (isDocument(v) && Object.keys(v)[0] === '$elemMatch') return compiler.operators(v, ctx, single);
    if (isOperatorObject(v)) throw badValue('no $ expressions in $all');
    return compiler.value(v, ctx, single);
  });
  return (c) => tests.every((t) => t(c));
};

const elemMatch: OperatorCompiler = ({ arg, ctx, compiler }) => {
  if (!isDocument(arg)) throw badValue('$elemMatch needs an Object');
  const keys = Object.keys(arg);
  const valueForm =
    keys.length > 0 && keys.every((k) => k.startsWith('$') && !['$and', '$or', '$nor', '$expr'].includes(k));
  if (valueForm) {
    // Each element is tested as one value (an element that is an array is not searched).
    const t = compiler.operators(arg, ctx, true);
    const range = stringRangeTest(arg);
    if (range) {
      // The search ranges: a string element needs only the comparisons themselves.
      return (candidates) =>
        candidates.some(
          (c) => Array.isArray(c) && c.some((e) => (typeof e === 'string' ? range(e) : t([e]))),
        );
    }
    return (candidates) => candidates.some((c) => Array.isArray(c) && c.some((e) => t([e])));
  }
  const p = compiler.filter(arg, ctx);
  // MongoDB tries the query on every element that is a document or an array; an array is
  // read as the document of its positions ("0", "1", …), so `{b: null}` matches `[]`.
  const asDocument = (e: unknown[]): Document => Object.fromEntries(e.map((v, i) => [String(i), v]));
  return (candidates) =>
    candidates.some(
      (c) => Array.isArray(c) && c.some((e) => (isDocument(e) ? p(e) : Array.isArray(e) && p(asDocument(e)))),
    );
};

export const ARRAY_OPERATORS: Readonly<Record<string, OperatorCompiler>> = {
  $size: size,
  $all: all,
  $elemMatch: elemMatch,
};
